/**
 * Whole numbers as every server-written text shows them ("2,000"): plan e-mails, what-to-eat messages,
 * planner errors. The web app writes the same numbers with Intl in the reader's locale (lib/format).
 */
export function wholeNumber(n: number): string {
  // `|| 0`: Math.round of -0 or of -0.4 is -0, which prints as "-0" ("Leaves -0 kcal for the rest of today").
  return (Math.round(n) || 0).toLocaleString('en-US');
}

/**
 * `n` rounded half up to `digits` decimals as the decimal number it stands for: 10.05 → 10.1 even when the sum or the
 * mean that gave it came out as 10.049999999999999 in binary. Every summary that rounds (dashboard ranges, insights)
 * rounds through this, so the same days give the same figure in each answer whatever order they were added in.
 */
export function roundTo(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(Number((n * f).toPrecision(15))) / f || 0;
}

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const shift = (iso: string, days: number) => isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

/** A calendar day (YYYY-MM-DD) as server-written text shows it: "Fri, Nov 20, 2026" (the screens' day format). */
export function readableDay(iso: string): string {
  return DAY.format(new Date(`${iso}T00:00:00Z`));
}

/** "today", "yesterday" or "on Fri, Nov 20, 2026", seen from the user's `today`. */
export function onDay(iso: string, today: string): string {
  if (iso === today) return 'today';
  if (iso === shift(today, -1)) return 'yesterday';
  return `on ${readableDay(iso)}`;
}

/**
 * The `days` days ending on `to`, as a sentence names them from the user's `today`: "in the last 30 days",
 * "in the 30 days to Fri, Nov 20, 2026", and for one day "today" / "yesterday" / "on Fri, Nov 20, 2026".
 */
export function spanOfDays(days: number, to: string, today: string): string {
  if (days === 1) return onDay(to, today);
  return to === today ? `in the last ${days} days` : `in the ${days} days to ${readableDay(to)}`;
}

/** Weights and the other units live in units.ts (one set of conversions and texts); kept here for older imports. */
export { LB_PER_KG, weightText, type Units } from './units.js';
