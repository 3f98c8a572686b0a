/**
 * Which food an ingredient line means. The foods search ranks for logging what was eaten (cooked rice,
 * a bowl of soup); a recipe lists what goes into the pot, as bought: raw vegetables and meat, dry pasta,
 * rice and lentils, granulated sugar. These pure rules re-rank the search's candidates for that reading.
 */

/** Household names whose USDA wording differs: extra words to search with (general cooking vocabulary). */
const VOCABULARY: [RegExp, string][] = [
  // "sugar", "white sugar", "caster sugar": granulated; brown and powdered sugar name themselves.
  [/^(?:(?:white|granulated|caster|superfine|cane)\s+)?sugar$/, 'sugar granulated'],
  // USDA files every dry pasta shape under "Macaroni, dry".
  [/\b(?:penne|rigatoni|fusilli|farfalle|rotini|ziti|orzo|small pasta|pasta shells|pasta)$/, 'macaroni dry'],
  [/\b(?:cannellini|navy|great northern) beans?$/, 'beans white mature seeds'],
  [/\b(?:rolled|old-fashioned|quick|quick-cooking) oats$|^oats$/, 'oats regular quick'],
  [/\b(?:dijon|yellow|prepared|whole-grain|wholegrain) mustard$/, 'mustard prepared yellow'],
  [/\b(?:plain|natural|greek) yogurt$|^yogurt$/, 'yogurt plain whole milk'],
  [/^mayonnaise$|^mayo$/, 'mayonnaise soybean oil'],
  [/^sour cream$/, 'cream sour cultured'],
  [/^(?:vegetable|canola|neutral|cooking) oil$/, 'oil vegetable canola'],
  [/^(?:red|green|white|brown|puy|french) lentils$/, 'lentils raw'],
  [/^(?:red|yellow|white|sweet|spanish) onions?$/, 'onions raw'],
  [/^(?:black|kalamata|green) olives$/, 'olives ripe'],
  [/\btomatoes$|\btomato$/, 'tomatoes red ripe'],
];

export function vocabularyWords(foodWords: string): string | null {
  return VOCABULARY.find(([re]) => re.test(foodWords))?.[1] ?? null;
}

export interface Candidate {
  name: string;
  description: string;
  group: string;
  brand_name: string;
  /** Position in the search answer it came from (0 = first). */
  rank: number;
}

const stem = (w: string) => w.replace(/(ies)$/, 'y').replace(/(oes|ches|shes|sses)$/, (m) => m.slice(0, -2)).replace(/([^s])s$/, '$1');
const words = (text: string) => text.toLowerCase().split(/[^a-z%-]+/).flatMap((w) => [w, ...w.split('-')]).filter(Boolean).map(stem);
/** The same word, or its form with a short ending ("chickpea" in "chickpeas"), never a longer word ("black" is not "blackberry"). */
const has = (list: string[], w: string) => list.some((x) => x === w || (w.length >= 5 && x.startsWith(w) && x.length - w.length <= 2));

/** A state of the food (left) that the line must name (right) to be wanted; otherwise it costs. */
const STATES: [RegExp, RegExp, number][] = [
  [/\b(cooked|boiled|baked|roasted|fried|stewed|braised|grilled|broiled|microwaved|steamed|heated|toasted|scrambled|poached)\b/i, /\b(cooked|boiled|baked|roasted|fried|stewed|braised|grilled|broiled|steamed|toasted|leftover|scrambled|poached)\b/i, 1.2],
  [/(?<!commercially )\bprepared\b(?!, yellow)/i, /\bprepared\b/i, 0.8],
  [/\bcanned\b|\bsolids and liquids\b/i, /\bcans?\b|\bcanned\b|\btinned\b|\btins?\b|\bjar\b/i, 0.7],
  [/\bfrozen\b/i, /\bfrozen\b/i, 0.6],
  [/\bdried\b|\bdehydrated\b/i, /\bdried\b|\bdry\b|\bground\b/i, 0.5],
  [/\bmayonnaise type\b|\bmayonnaise-like\b/i, /\bdressing\b|\bmiracle\b/i, 1],
  [/^Spices\b.*\bground\b/i, /\bground\b|\bdried\b/i, 0.8],
  [/\bsprouted\b/i, /\bsprouted\b|\bsprouts?\b/i, 1.2],
  [/(?<!turtle )\bsoup\b(?! company)|\bcondensed\b|\bentree\b|\bdinner\b|\bsalad\b(?! dressing| or cooking)|\bsandwich\b|\bwith meat\b|\bmeatballs\b/i, /\bsoup\b|\bsalad\b|\bentree\b|\bsandwich\b/i, 1.5],
  [/\bbaby ?food|\btoddler\b|\bjunior\b|\bstrained\b|\binfant\b/i, /\bbaby\b/i, 3],
  [/\bbaby\b/i, /\bbaby\b/i, 1],
  [/\bimitation\b|\bsubstitute\b|\blow[- ]sodium\b|\breduced sodium\b|\bwithout salt\b(?=.*\bcanned\b)|\bfortified\b|\bdiet\b|\breduced[- ](fat|calorie)\b|\blow[- ]?(fat|calorie)\b|\bfat[- ]free\b|\blight\b|\blite\b|\bnonfat\b|\bskim\b/i, /\blow\b|\breduced\b|\blight\b|\blite\b|\bfree\b|\bnonfat\b|\bskim\b|\bdiet\b|\bunsalted\b|\bno salt\b/i, 0.7],
  [/\bpresweetened\b|\bsweetened\b|\bwith (nuts|fruit|pecans|almonds|raisins)\b|\bflavou?red\b|\bdry mix\b|\bmix\b/i, /\bsweetened\b|\bmix\b|\bflavou?red\b/i, 1],
  [/,\s*skin\b|\bskin only\b|(?<!without )\bpeel\b|\bgiblets\b|\bneck\b|\bby-products\b|\bseparable fat\b/i, /\bskin\b|\bpeel\b|\bgiblets\b/i, 1.2],
  [/\bindustrial\b|\bcommodity\b|\bfood distribution\b|\bschool lunch\b|\brestaurant\b|\bfast foods?\b/i, /\brestaurant\b/i, 1.2],
  // "Tomatoes, canned, with green chilies" is not what "canned tomatoes" means.
  [/\bwith (?!salt|skin|added|peel|bone)/i, /\bwith\b/i, 0.6],
  [/\bhard-boiled\b/i, /\bhard-boiled\b|\bboiled\b/i, 0],
];
/** The as-bought forms a recipe means when it says nothing else. */
const AS_BOUGHT = /\braw\b|\bdry\b(?! (heat|roasted|mix))|\bunprepared\b|\bas purchased\b|\bnot fortified\b|\bgranulated\b|\bsalad or cooking\b|\ball-purpose\b|\bprepared, yellow\b/i;
const SAYS_COOKED = /\bcooked\b|\bleftover\b/i;
/** The typical variety when the line does not choose ("tomatoes" are red and ripe). */
const TYPICAL = /\byear round average\b|\bwhole\b(?!-)|\bin water\b|\bripe\b|\bregular\b|\ball types\b|\bwhole milk\b|\bwhole, raw\b|\bflesh and skin\b|\bincludes skin\b/i;
const FILLER = new Set(['and', 'or', 'with', 'type', 'style', 'made', 'from', 'in', 'of', 'root']);
/** USDA's category-first names: the next segment says what the food is. */
const CATEGORY = /^(candies|spices|nuts|seeds|cheese|fish|cereals|cereals ready-to-eat|leavening agents|salad dressing|beverages|crustaceans|mollusks|game meat)$/i;
const ODD_GROUPS = /baby foods|fast foods|restaurant|american indian|meals, entrees|snacks/i;
const BRAND = /\b[A-Z][A-Z'&.-]{2,}\b/;

/**
 * Higher is better. The line's food words must be in the food's wording; then the food must be in the
 * state the line means (raw, dry, canned only when the line says can), with few words the line did not ask
 * for; brands, baby food and dishes rank down.
 */
export function ingredientScore(c: Candidate, foodWords: string, line: string, extra: string | null): number {
  const desc = c.description || c.name;
  const descWords = words(`${desc} ${c.name}`);
  const want = words(foodWords);
  const lineWords = words(line);
  // The last word names the thing ("ground cumin" is cumin, not ground chicken): it counts twice.
  const weight = (i: number) => (i === want.length - 1 ? 2 : 1);
  const total = want.reduce((t, _, i) => t + weight(i), 0);
  const lineCoverage = total ? want.reduce((t, w, i) => t + (has(descWords, w) ? weight(i) : 0), 0) / total : 0;
  // The cooking vocabulary's USDA wording counts as the line's own ("penne" is "Macaroni, dry").
  const extraWords = extra ? words(extra) : [];
  const extraCoverage = extraWords.length ? extraWords.filter((w) => has(descWords, w)).length / extraWords.length : 0;
  const coverage = Math.max(lineCoverage, extraCoverage);
  // Words of what the food is (its first segment, or the second after a category like "Spices,") the line did
  // not ask for: "Cookies, chocolate chip" for "chocolate chips", "Oil, olive" for "olives".
  const [first = '', second = ''] = c.name.split(',');
  const core = words((CATEGORY.test(first.trim()) ? second : first).replace(/\([^)]*\)/g, ' ')).filter((w) => !FILLER.has(w));
  const unasked = core.filter((w) => !has(lineWords, w) && !has(extraWords, w)).length;
  let s = 3 * coverage + 0.3 * extraCoverage - 0.6 * Math.min(unasked, 3) - 0.03 * c.rank;
  for (const [state, asked, cost] of STATES) if (state.test(desc) && !asked.test(line)) s -= cost;
  const canned = /\bcans?\b|\bcanned\b|\btinned\b/i.test(line);
  if (AS_BOUGHT.test(desc) && !SAYS_COOKED.test(line) && !canned) s += 0.5;
  if (SAYS_COOKED.test(line) && /\bcooked\b|\bboiled\b/i.test(desc)) s += 0.5;
  if (canned && /\bcanned\b/i.test(desc)) s += 0.8;
  if (/\bdrained\b/i.test(line) && /\bdrained solids\b/i.test(desc)) s += 0.2;
  if (TYPICAL.test(desc)) s += 0.3;
  if (ODD_GROUPS.test(c.group)) s -= 1;
  const brand = c.brand_name || (BRAND.test(desc.replace(/\b(USDA|NFS|NS|US|RTE|UHT)\b/g, '')) ? desc : '');
  if (brand && !words(brand).some((w) => w.length > 3 && has(lineWords, w))) s -= 1.2;
  // Shorter descriptions are the general forms.
  s -= 0.05 * Math.max(0, desc.split(',').length - 2);
  return s;
}
