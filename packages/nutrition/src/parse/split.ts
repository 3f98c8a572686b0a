/**
 * A typed or spoken meal ("2 eggs and a slice of toast with butter, coffee with milk") into the parts that each name
 * one food, with how each part was joined to the one before: "with" and "in" mark something eaten on or in the
 * previous food (butter on toast, milk in coffee), which changes its usual portion. Pure; no dependencies.
 */
export type Joiner = 'start' | 'list' | 'and' | 'with';

export interface MealPart {
  /** The words of the part as typed, tidied (no filler like "I had", no trailing punctuation). */
  text: string;
  /** How it was joined to the part before. */
  joiner: Joiner;
}

/** Separators, longest first: the joiner each one means. */
const SEPARATORS: [RegExp, Joiner][] = [
  [/^(?:,|;|\n|\.(?!\d)|\band then\b|\bthen\b|\balong with\b|\bas well as\b|\bplus\b|\+)/i, 'list'],
  [/^(?:\btopped with\b|\bwith\b|\bw\/)/i, 'with'],
  [/^(?:\band\b|&|\bn\b)/i, 'and'],
];

/** Filler a person says around the foods: "I had", "for breakfast", "this morning". */
const FILLER = [
  /^(?:so\s+)?(?:i\s+(?:just\s+)?(?:had|ate|drank|eaten|have had|'ve had)|i've\s+had|had|ate|drank|just|also|some more|and)\s+/i,
  /\s+(?:for|at)\s+(?:breakfast|brunch|lunch|dinner|supper|a snack|snack|dessert)\b.*$/i,
  /^(?:for|at)\s+(?:breakfast|brunch|lunch|dinner|supper|a snack|snack|dessert)\s*:?\s*/i,
  /\s+(?:this|last|yesterday|today)\s+(?:morning|afternoon|evening|night)?\s*$/i,
  /\s+(?:today|tonight|yesterday)\s*$/i,
];

export function tidyPart(text: string): string {
  let t = text.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3; i++) for (const re of FILLER) t = t.replace(re, ' ').trim();
  return t.replace(/^[\s,;:.!?-]+|[\s,;:.!?]+$/g, '').trim();
}

/**
 * The parts of a meal, in order. Parts that are empty after tidying are dropped, and their joiner passes to the next
 * part. Names with "and" in them ("mac and cheese") are split here too: the caller tries the joined phrase as one
 * food first (joinable()).
 */
export function splitMeal(text: string): MealPart[] {
  const parts: MealPart[] = [];
  let joiner: Joiner = 'start';
  let current = '';
  const flush = (next: Joiner) => {
    const t = tidyPart(current);
    if (t) {
      parts.push({ text: t, joiner: parts.length ? joiner : 'start' });
      joiner = next;
    } else if (parts.length && rank(next) > rank(joiner)) joiner = next;
    else if (!parts.length) joiner = 'start';
    current = '';
  };
  let i = 0;
  const s = text;
  while (i < s.length) {
    const atWord = i === 0 || /[\s,;.+&]/.test(s[i - 1]!);
    const rest = s.slice(i);
    let matched = false;
    for (const [re, j] of SEPARATORS) {
      const m = re.exec(rest);
      if (!m) continue;
      const isWord = /^[a-z]/i.test(m[0]);
      // A word separator must stand alone ("sandwich" is not "sand" + "wich"; "n" only as "mac n cheese").
      if (isWord && (!atWord || /[a-z]/i.test(rest[m[0].length] ?? ''))) continue;
      // "one and a half bananas" is one amount.
      if (j === 'and' && /^and\s+an?\s+(half|quarter)\b/i.test(rest)) continue;
      flush(j);
      i += m[0].length;
      matched = true;
      break;
    }
    if (!matched) current += s[i++];
  }
  flush('list');
  return parts;
}

/** When several separators fall together (", and", ", with"), the strongest reading wins: "with" before a list before "and". */
function rank(j: Joiner): number {
  return j === 'with' ? 3 : j === 'list' ? 2 : j === 'and' ? 1 : 0;
}
