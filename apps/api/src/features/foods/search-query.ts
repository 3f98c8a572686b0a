/**
 * Search queries: words → groups of alternatives (synonyms), the tsquery text Postgres stems and
 * matches, and the final relevance score of a candidate (word coverage, head match, prefix and typo
 * tolerance, commonness, length). SQL narrows millions of rows to a few hundred; this orders them.
 */
import { distance } from 'fastest-levenshtein';

/**
 * Words for a cut or part of an animal or fish, or for the shape a food is cut or served in (normalised): they
 * name a piece of the word before them ("crab legs", "apple slices", "carrot sticks", "coconut flakes").
 */
const PART_NOUNS = new Set(['leg', 'tail', 'fillet', 'filet', 'wing', 'breast', 'thigh', 'drumstick', 'steak', 'chop', 'rib', 'shank', 'cutlet', 'claw', 'loin', 'heart', 'leaf', 'leave', 'half', 'halve', 'cup', 'slice', 'stick', 'chunk', 'strip', 'cube', 'wedge', 'floret', 'piece', 'bite', 'flake', 'patty']);

/** Words for an amount or a container, dropped before "of" ("a cup of", "a side of"). */
const PORTIONS = new Set(['cup', 'cups', 'glass', 'glasses', 'bowl', 'bowls', 'slice', 'slices', 'piece', 'pieces', 'side', 'plate', 'serving', 'servings', 'order', 'handful', 'scoop', 'scoops', 'bottle', 'can', 'pat', 'spoonful', 'spoon', 'tablespoon', 'tablespoons', 'tbsp', 'teaspoon', 'teaspoons', 'tsp', 'oz', 'ounce', 'ounces', 'gram', 'grams', 'g', 'pound', 'lb', 'pint', 'mug', 'box', 'bag', 'packet', 'stick', 'loaf', 'dash', 'pinch', 'splash', 'shot', 'bunch', 'head', 'clove', 'cloves', 'sprig', 'dozen']);

/** Query words beyond this many are ignored. */
export const MAX_WORDS = 6;

// "n" is "and" as typed ("mac n cheese").
const STOPWORDS = new Set(['a', 'an', 'and', 'n', 'the', 'of', 'with', 'in', 'or', 'for', 'to']);

/** Query words that mean the same as other words in USDA wording; each alternative may be a phrase. */
const QUERY_SYNONYMS: Record<string, string[]> = {
  '2%': ['2', 'reduced fat'],
  '1%': ['1', 'lowfat'],
  skim: ['skim', 'nonfat'],
  yoghurt: ['yogurt'],
  ketchup: ['catsup', 'ketchup'],
  oj: ['orange juice'],
  pb: ['peanut butter'],
  soda: ['carbonated', 'soda'],
  // "fries" and "fried" are one stem to PostgreSQL ("fri"), so plain "fries" matched every fried food and fried
  // chicken crowded the chips out of the candidates: fried potatoes carry the word "frenchfries" instead.
  fries: ['french fried', 'frenchfries'],
  chickpea: ['chickpea', 'garbanzo'],
  lowfat: ['lowfat', 'low fat'],
  nonfat: ['nonfat', 'fat free'],
  doughnut: ['doughnut', 'donut'],
  donut: ['doughnut', 'donut'],
  porridge: ['oatmeal', 'porridge'],
  veggie: ['veggie', 'vegetable'],
  bbq: ['bbq', 'barbecue'],
  diet: ['diet', 'low calorie'],
  bun: ['bun', 'roll'],
  // Cooking methods USDA names otherwise: it roasts or broils where a menu grills, and stews a boiled chicken.
  baked: ['baked', 'roasted', 'dry heat'],
  grilled: ['grilled', 'broiled', 'roasted', 'dry heat'],
  roasted: ['roasted', 'baked', 'dry heat'],
  boiled: ['boiled', 'stewed', 'moist heat'],
  sauteed: ['sauteed', 'stir fried', 'pan fried'],
  steamed: ['steamed', 'boiled', 'cooked'],
  // States USDA writes as phrases.
  skinless: ['skinless', 'meat only'],
  salted: ['salted', 'with salt'],
  unsalted: ['unsalted', 'without salt'],
  light: ['light', 'lite', '~reduced fat', '~reduced calorie'],
  mac: ['mac', '~macaroni'],
  // "~": a broader word, which counts less than the word itself ("steak" is most often beef, but a beef
  // named steak comes first).
  hamburger: ['hamburger', '~ground beef'],
  steak: ['steak', '~beef'],
};

/** How much a broader alternative ("~beef" for "steak") counts against the word itself. */
const BROADER = 0.8;
/** First "word" of a broader alternative in a parsed group (no food word matches it; the text search drops it). */
const BROADER_MARK = '~';
const kindWord = (alt: string[]) => (alt[0] === BROADER_MARK ? [BROADER_MARK, alt.at(-1)!] : alt.slice(-1));

export interface ParsedQuery {
  /** One entry per query word: alternatives, each a list of normalised words that must all match. */
  groups: string[][][];
  /** For to_tsquery('english', …): every group must match (prefix on the words). */
  strict: string;
  /**
   * The same with whole words only. Prefix matching has to union every lexeme that starts with the
   * word, which costs tens of milliseconds per common word among a million branded products;
   * whole (stemmed) words intersect posting lists cheaply. Branded products are matched this way.
   */
  exact: string;
  /** Whole words, but the last one by prefix: what a person still typing the last word means. */
  typing: string;
  /** Cleaned text for pg_trgm similarity. */
  text: string;
  /** Any one group matches (prefix): the partial-match fallback when no food matches every word. */
  any: string;
  /** The same with whole words, for branded products. */
  anyExact: string;
  /**
   * Which group is the query's head noun, the thing asked for: the last word in English ("green tea" is a
   * tea, "chocolate milk" a milk), or the last word before "with" ("bagel with cream cheese" is a bagel).
   */
  noun: number;
  /** Set on the fallback: ranking then leans harder on the head noun, the word that names the thing. */
  partial?: boolean;
  /**
   * The last word, when it is a cut, part or shape and `noun` was moved to the word before it. Where foods are
   * named by that word with the rest ("peanut butter cups", "fish sticks"), it is the noun again.
   */
  part?: number;
}

/** Plural and singular match: a light stemmer applied to query and food words alike. */
export function normalizeWord(w: string): string {
  const x = w.toLowerCase().replace(/[^a-z0-9%]/g, '');
  // "-ie" words and their plurals meet the "-y" ones: cookie, cookies → cooky; pie, pies → py; berries → berry.
  if (x.length >= 3 && /[^aeiou]ies?$/.test(x)) return x.replace(/ies?$/, 'y');
  return pluralWord(x);
}

/** Plural and singular without the "-ie" rule: the ranking's word for the rest of the words. */
function pluralWord(w: string): string {
  const x = w.toLowerCase().replace(/[^a-z0-9%]/g, '');
  if (x.length < 4 || /(ss|us|is)$/.test(x)) return x;
  if (x.endsWith('ies')) return x.slice(0, -3) + 'y';
  if (/(oes|ches|shes|xes|sses)$/.test(x)) return x.slice(0, -2);
  if (x.endsWith('s')) return x.slice(0, -1);
  return x;
}

/**
 * The words handed to PostgreSQL's text search as typed: it stems them itself, the same way as the foods' text
 * ("pies", "pie" → pie; "cookies", "cookie" → cooki). The ranking's stems are not its: "py" would match nothing.
 */
const textWord = (w: string) => w.toLowerCase().replace(/[^a-z0-9%]/g, '');

function tsWord(w: string, prefix = true): string {
  const clean = w.replace(/[^a-z0-9]/g, '');
  if (!clean) return '';
  // Numbers match exactly ("2" must not match "250"); words by prefix, so "chick" finds "chicken" while typing.
  return /^\d+$/.test(clean) || !prefix ? clean : `${clean}:*`;
}

/**
 * `alternatives`: one entry per kept query word, [word, alt1, alt2…] — more ways to satisfy that word, from
 * the vocabulary: corrections of a misspelt word, and compounds ("water chestnuts" → "waterchestnuts",
 * "milkshake" → "milk shake"; an alternative may be a phrase, all of whose words must match).
 */
export function parseQuery(query: string, alternatives?: string[][]): ParsedQuery {
  // A portion before "of" says how much, not what: "side of fries", "cup of coffee", "handful of almonds".
  const all = query
    .toLowerCase()
    .replace(/[^a-z0-9%\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .filter((w, i, ws) => !(ws[i + 1] === 'of' && PORTIONS.has(w) && i + 2 < ws.length));
  const words = all
    .filter((w) => !STOPWORDS.has(w))
    // A bound on the cost of one search: food names are short, and each word is one more index lookup.
    .slice(0, MAX_WORDS);
  const withAt = all.indexOf('with');
  const beforeWith = withAt > 0 ? all.slice(0, withAt).filter((w) => !STOPWORDS.has(w)).length : 0;
  const count = alternatives ? alternatives.length : words.length;
  let noun = Math.min(count - 1, beforeWith > 0 ? beforeWith - 1 : count - 1);
  // A cut or part names which piece of the thing, and the word before it the thing: "crab legs" are crab,
  // "tuna steak" is tuna (foods without the part are still that food; a chicken leg is no crab).
  const part = noun > 0 && PART_NOUNS.has(normalizeWord(words[noun] ?? '')) ? noun : undefined;
  if (part !== undefined) noun -= 1;
  return { ...build(alternatives ?? words.map((w) => [w]), noun), ...(part !== undefined ? { part } : {}) };
}

function build(wordAlternatives: string[][], noun: number): ParsedQuery {
  const words = wordAlternatives.map((a) => a[0]!);
  /** Each word's alternatives, as words normalised by `norm`. */
  const groupsBy = (norm: (w: string) => string) => {
    const typed = new Set(words.map(norm));
    return wordAlternatives.map((alts0) => {
      const alts = alts0.flatMap((w) => QUERY_SYNONYMS[w] ?? QUERY_SYNONYMS[normalizeWord(w)] ?? [w]);
      const own = norm(alts0[0]!);
      // A synonym that is another word of the query says nothing more: "beef steak" asks for a steak.
      return alts
        .map((a) => {
          const altWords = a.replace(/^~/, '').split(' ').map(norm).filter(Boolean);
          return a.startsWith('~') ? [BROADER_MARK, ...altWords] : altWords;
        })
        .filter((a) => a.length !== 1 || a[0] === own || !typed.has(a[0]!));
    });
  };
  // Ranking compares words with normalizeWord; the text search gets words PostgreSQL stems itself.
  const groups = groupsBy(normalizeWord);
  const textGroups = groupsBy(textWord);
  const groupTs = (g: string[][], prefix: boolean) => {
    const alts = g.map((words) => words.map((w) => tsWord(w, prefix)).filter(Boolean).join(' & ')).filter(Boolean);
    return alts.length ? `(${alts.map((a) => `(${a})`).join(' | ')})` : '';
  };
  const tsquery = (prefix: (i: number) => boolean) => textGroups.map((g, i) => groupTs(g, prefix(i))).filter(Boolean).join(' & ');
  return {
    groups,
    strict: tsquery(() => true),
    exact: tsquery(() => false),
    typing: tsquery((i) => i === textGroups.length - 1),
    text: words.join(' '),
    any: textGroups.map((g) => groupTs(g, true)).filter(Boolean).join(' | '),
    anyExact: textGroups.map((g) => groupTs(g, false)).filter(Boolean).join(' | '),
    noun: Math.max(0, noun),
  };
}

/**
 * A word with two neighbouring letters swapped, every way ("mlik": lmik, milk, mlki): the commonest slip of fast
 * typing. Trigrams hardly see it ("mlik" shares one of nine with "milk"), so the vocabulary is asked for these.
 */
export function transpositions(word: string): string[] {
  if (!/^[a-z]+$/.test(word) || word.length < 3 || word.length > MAX_SPLIT) return [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...out];
}

/** Whether every letter of `typed` appears in `word` in order ("chikn" in "chicken"): letters were left out. */
export function isSubsequence(typed: string, word: string): boolean {
  let i = 0;
  for (const ch of word) if (ch === typed[i]) i++;
  return i === typed.length;
}

/**
 * The known words a misspelt word most likely meant: fewest edits first, then trigram similarity (the order
 * given). Trigrams favour a shared start, so "expresso" is nearer "express" and "expressed" than "espresso" by
 * them, while one letter makes it espresso; ranking then decides between the words equally close.
 */
export function closestTerms(word: string, bySimilarity: string[], swapped: Set<string> = new Set(), keep = 3): string[] {
  const candidates = [...new Set(bySimilarity)];
  if (!candidates.length) return [];
  // Two swapped neighbours are one slip, though Levenshtein counts two edits ("oragne": orange).
  const d = new Map(candidates.map((t) => [t, swapped.has(t) ? 1 : distance(word, t)]));
  const best = Math.min(...d.values());
  // Among equally close words, one that has every typed letter in order first: letters left out ("chikn": chicken, not chips).
  const dropped = (t: string) => (isSubsequence(word, t) ? 0 : 1);
  // Only the nearly closest: "cheesburger" is a cheeseburger (one letter), not "cheese" or "burger" (five).
  return candidates
    .filter((t) => d.get(t)! <= best + 1)
    .sort((a, b) => d.get(a)! - d.get(b)! || dropped(a) - dropped(b))
    .slice(0, keep);
}

/** Words split into two known words are tried from this length ("milkshake"), up to MAX_SPLIT letters. */
const MIN_SPLIT = 6;
const MAX_SPLIT = 16;

export interface CompoundTerms {
  /** Each adjacent pair of typed words written as one ("" where a pair cannot be). */
  joins: string[];
  /** Each typed word's ways to be cut in two, both halves of 3+ letters. */
  splits: [string, string][][];
  /** The vocabulary words that decide them (with the second halves' plurals: "shake" is known as "shakes"). */
  lookup: string[];
}

/** The compounds a query could mean, to be looked up in the vocabulary at once. */
export function compoundTerms(typed: string[]): CompoundTerms {
  const alpha = (w: string) => /^[a-z]+$/.test(w);
  const joins = typed.slice(1).map((w, i) => (alpha(typed[i]!) && alpha(w) && typed[i]!.length + w.length <= MAX_SPLIT ? typed[i]! + w : ''));
  const splits = typed.map((w) => {
    const out: [string, string][] = [];
    if (alpha(w) && w.length >= MIN_SPLIT && w.length <= MAX_SPLIT) for (let i = 3; i <= w.length - 3; i++) out.push([w.slice(0, i), w.slice(i)]);
    return out;
  });
  const lookup = [...new Set([...joins.filter(Boolean), ...splits.flat(2), ...splits.flat().map(([, b]) => `${b}s`)])];
  return { joins, splits, lookup };
}

/**
 * Compounds, written together or apart, given the known words: two query words that food names write as one
 * ("water chestnuts": "Waterchestnuts"; "low fat": "lowfat"; "hot dog": "hotdog"), and a word no food uses that
 * is two known words ("multigrain": "Multi-Grain"); with `splitKnown`, when few foods have the words, also a
 * word some food uses ("milkshake": "Milk shakes" beside one "milkshake mix"). Returns each typed word's
 * alternatives ([word, …]) for parseQuery, or null when there are none.
 */
export function compoundAlternatives(typed: string[], terms: CompoundTerms, known: Set<string>, splitKnown = false): string[][] | null {
  const alts = typed.map((w) => [w]);
  let found = false;
  terms.joins.forEach((j, i) => {
    if (j && known.has(j)) {
      alts[i]!.push(j);
      alts[i + 1]!.push(j);
      found = true;
    }
  });
  typed.forEach((w, i) => {
    if (known.has(w) && !splitKnown) return;
    // The most even split: "milkshake" is "milk shake(s)".
    const ok = terms.splits[i]!.filter(([a, b]) => known.has(a) && (known.has(b) || known.has(`${b}s`)));
    const best = ok.sort((x, y) => Math.min(y[0].length, y[1].length) - Math.min(x[0].length, x[1].length))[0];
    if (best) {
      alts[i]!.push(best.join(' '));
      found = true;
    }
  });
  return found ? alts : null;
}

export interface Candidate {
  search_head: string;
  search_text: string;
  name: string;
  commonness: number;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    // What a food has not is no match for it: "Milk, imitation, non-soy" is no soy milk, "Chili, no beans" no beans.
    .replace(/\b(non-|no |without )[a-z]+/g, ' ')
    .split(/[^a-z0-9%]+/)
    .filter(Boolean)
    .map(normalizeWord);
}

/**
 * The words that say what kind of thing a food is, marked "noun*" in its head (USDA foods); for other
 * foods (custom foods, imports) the last word of the core, where English puts the noun.
 */
function nounsOf(searchHead: string, core: string[]): string[] {
  const marked = searchHead.match(/[a-z0-9%]+(?=\*)/g);
  return marked ? marked.map(normalizeWord) : core.slice(-1);
}

/**
 * How well one query word matches one food word: exact 1, prefix 0.75, one or two typos 0.6. `typing`: the
 * word may still be being typed (the query's last word), so a typo in its start counts too.
 */
function wordMatch(q: string, w: string, typing = true): number {
  if (q === w) return 1;
  if (q.length >= 2 && w.startsWith(q)) return 0.75;
  // Cheap guard first: an edit distance of 1–2 needs similar lengths and (nearly always) the same first letter.
  if (q.length >= 4 && w.length >= 4 && q[0] === w[0] && Math.abs(q.length - w.length) <= 3) {
    const d = distance(q, w);
    // The closer spelling first: "crawfish" is a crayfish (one letter) before a catfish (two).
    if (d <= (q.length >= 7 ? 2 : 1)) return d === 1 ? 0.6 : 0.55;
    // "brocoli" against "broccoli": a typo inside a word being typed.
    // Not for a word the query goes on after: "grape nuts" is no "grated" coconut.
    if (typing && q.length >= 5 && distance(q, w.slice(0, q.length)) <= 1 && w.length > q.length) return 0.5;
  }
  return 0;
}

function bestIn(group: string[][], words: string[], typing = true): number {
  let best = 0;
  for (const alt0 of group) {
    const broader = alt0[0] === BROADER_MARK;
    const alt = broader ? alt0.slice(1) : alt0;
    let sum = 0;
    for (const q of alt) {
      let m = 0;
      for (const w of words) m = Math.max(m, wordMatch(q, w, typing));
      sum += m;
    }
    best = Math.max(best, (sum / alt.length) * (broader ? BROADER : 1));
  }
  return best;
}

/** The food is exactly the kind of thing the query names: its noun is the query's head noun, whole. */
export function namesKind(q: ParsedQuery, c: Candidate): boolean {
  if (q.groups.length === 0) return false;
  const nouns = nounsOf(c.search_head, wordsOf(c.search_head.split('|')[0] ?? ''));
  const nounGroup = q.groups[Math.min(q.noun, q.groups.length - 1)]!;
  return nounGroup.some((alt) => nouns.includes(alt.at(-1)!));
}

/** Higher is better. Word coverage dominates; then the head, commonness and brevity decide. */
export function score(q: ParsedQuery, c: Candidate): number {
  if (q.groups.length === 0) return c.commonness;
  const [coreText = '', moreText = '', modifierText = ''] = c.search_head.split('|');
  const core = wordsOf(coreText);
  const nouns = nounsOf(c.search_head, core);
  // Is it the kind of thing asked for? "chocolate milk" is a milk ("Milk, chocolate"), not a chocolate
  // ("Candies, milk chocolate"); "mustard" is mustard, not mustard greens.
  const nounGroup = q.groups[Math.min(q.noun, q.groups.length - 1)]!;
  const kind = bestIn(nounGroup.map(kindWord), nouns);
  // The modifier after a USDA noun ("Cream, sour") names the food only when the noun is the one asked for.
  const head = core.concat(wordsOf(moreText), kind > 0 ? wordsOf(modifierText) : []);
  const name = wordsOf(c.name);
  const all = wordsOf(c.search_text);
  let coverage = 0;
  let headCoverage = 0;
  let nameCoverage = 0;
  for (const [i, g] of q.groups.entries()) {
    const typing = i === q.groups.length - 1;
    coverage += bestIn(g, all, typing);
    headCoverage += bestIn(g, head, typing);
    nameCoverage += bestIn(g, name, typing);
  }
  const n = q.groups.length;
  coverage /= n;
  headCoverage /= n;
  nameCoverage /= n;
  // Head words the query did not ask for ("Bread, banana" for "banana") make it a different food.
  const queryWords = q.groups.flat(2);
  // When the kind asked for is named after the core ("Pork, cured, bacon" for "bacon"), the core is only
  // the category, like "Cheese" in "Cheese, cream".
  const coreIsCategory = kind > 0 && bestIn(nounGroup.map(kindWord), core) === 0;
  const unasked = coreIsCategory ? 0 : core.filter((w) => !queryWords.some((qw) => wordMatch(qw, w) > 0)).length;
  // A partial match: the words that name the thing matter most ("green tea" is a tea, "greek yogurt" a yogurt).
  const headNoun = q.partial ? Math.max(bestIn(nounGroup, head), 0.6 * bestIn(nounGroup, all)) : 0;
  return 1.5 * headNoun + 0.6 * kind + 4 * coverage + 1.5 * headCoverage + 0.5 * nameCoverage - 0.35 * Math.min(unasked, 4) + 0.6 * c.commonness - 0.01 * name.length;
}
