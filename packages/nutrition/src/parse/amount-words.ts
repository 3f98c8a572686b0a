/**
 * Amounts said in words, as digits an ingredient parser reads: "a couple of eggs" → "2 eggs", "half a cup of
 * rice" → "0.5 cup of rice", "an apple" → "1 apple", "one and a half cups" → "1.5 cups". Only the start of a
 * part is read: "a" inside a name stays. Pure; no dependencies.
 */
const NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, dozen: 12, couple: 2, pair: 2,
};
const FRACTIONS: Record<string, number> = { half: 0.5, quarter: 0.25, third: 1 / 3, '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };

const num = (w: string): number | undefined => {
  const k = w.toLowerCase();
  if (k in NUMBERS) return NUMBERS[k];
  if (/^\d+(?:\.\d+)?$/.test(k)) return Number(k);
  return undefined;
};

const trim = (n: number) => String(Math.round(n * 1000) / 1000);

/** "some", "a bit of", "a little", "a few": no amount (the food's usual portion: "a few almonds" is a small handful). */
const VAGUE = /^(?:some|a few|several|a bit of|a little(?: bit of)?|a little|a serving of|a portion of|a side of|side of|an order of|a plate of|plate of|more)\s+/i;

export function amountWordsToDigits(text: string): string {
  let t = text.trim().replace(VAGUE, '');
  // "one and a half cups", "2 and a half", "a cup and a half": n + ½.
  let m = /^(\S+)\s+and\s+a\s+half\b\s*/i.exec(t);
  if (m && (num(m[1]!) !== undefined || /^an?$/i.test(m[1]!))) return `${trim((num(m[1]!) ?? 1) + 0.5)} ${t.slice(m[0].length)}`.trim();
  m = /^an?\s+(\S+)\s+and\s+a\s+half\b\s*/i.exec(t);
  if (m) return `1.5 ${m[1]} ${t.slice(m[0].length)}`.trim();
  // "half a dozen", "half a cup", "half an avocado", "a half cup", "a quarter of a pizza", "½ a cup".
  m = /^(?:an?\s+)?(half|quarter|third|½|¼|¾|⅓|⅔)\s+(?:of\s+)?(?:(?:an?|one)\s+)?(dozen\s+)?/i.exec(t);
  if (m) {
    const f = FRACTIONS[m[1]!.toLowerCase()]! * (m[2] ? 12 : 1);
    return `${trim(f)} ${t.slice(m[0].length)}`.trim();
  }
  // "a couple of", "a few", "a dozen", "two dozen", "a pair of".
  m = /^(?:an?\s+)?(\S+)\s+(dozen\s+)?(?:of\s+)?/i.exec(t);
  if (m) {
    const article = /^an?\s/i.test(t);
    const word = m[1]!.toLowerCase();
    const n = num(word);
    if (n !== undefined && !/^\d/.test(word)) {
      // "a dozen eggs"; "two dozen"; "a couple of". "a one" does not happen: "one" alone is 1.
      const value = n * (m[2] ? 12 : 1);
      if (!(article && ['one', 'two', 'three'].includes(word))) return `${trim(value)} ${t.slice(m[0].length)}`.trim();
    }
  }
  // "a"/"an"/"one" before anything else: one of it.
  m = /^(?:an?|one)\s+/i.exec(t);
  if (m) t = `1 ${t.slice(m[0].length)}`;
  return t;
}
