/**
 * One way to write numbers, dates, meal names and food lists everywhere in the app (issue 10 items
 * 15–17): Intl for the locale's digits and month names, so "1,983 / 2,000 kcal" never sits next to
 * "2000 kcal" and "Sat, 21 Nov" never next to "11/21/2026".
 */
import type { MealType } from '@app/contracts/constants';

/** The browser's locale; tests pass their own. */
/**
 * The browser's language as a locale Intl accepts. Some browsers started with a POSIX locale report
 * tags such as "en-US@posix", which every Intl constructor refuses with a RangeError: keep the part
 * before "@", and fall back to en-GB when even that is not a valid tag.
 */
export function safeLocale(tag: string | undefined | null): string {
  for (const candidate of [tag, tag?.split('@')[0]]) {
    if (!candidate) continue;
    try {
      return Intl.getCanonicalLocales(candidate)[0] ?? 'en-GB';
    } catch {
      /* not a BCP 47 tag: try the next form */
    }
  }
  return 'en-GB';
}
const defaultLocale = () => safeLocale(typeof navigator !== 'undefined' ? navigator.language : null);

/**
 * Intl formatters, built once per locale and options: building one costs far more than formatting with it
 * (a screen formats dozens of numbers while it first renders on a phone; issue 9, blocking time).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n${locale}${JSON.stringify(opts)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}
function dateFormat(locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${locale}${JSON.stringify(opts)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, opts)));
  return f;
}

/** One name per meal type, on every screen and in e-mails (issue 10 item 17): "Snacks", as a day holds several. */
export const MEAL_LABELS: Record<MealType, string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snack: 'Snacks' };

/** A whole number with the locale's grouping: 1,983. A value that rounds to zero is "0", never "-0". */
export function formatNumber(n: number | null | undefined, locale = defaultLocale(), maxFractionDigits = 0): string {
  const v = n ?? 0;
  return numberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(Math.abs(v) < 0.5 / 10 ** maxFractionDigits ? 0 : v);
}

/** "1,983 kcal"; a non-breaking space keeps the value and its unit on one line. */
export function formatKcal(n: number | null | undefined, locale = defaultLocale()): string {
  return `${formatNumber(Math.round(n ?? 0), locale)}\u00a0kcal`;
}

/**
 * The number of a gram amount: "36", "2.5" (one decimal under 10 g). The one rule for grams, so a day's 5.9 g of
 * protein is 5.9 on the day's totals, the meal's line and the history card alike (it read 6 g on the totals).
 */
export function formatGramsValue(n: number | null | undefined, locale = defaultLocale()): string {
  const v = n ?? 0;
  return formatNumber(v, locale, Math.abs(v) < 10 && v % 1 !== 0 ? 1 : 0);
}

/** "36 g", "2.5 g" (one decimal under 10 g), never split across lines. */
export function formatGrams(n: number | null | undefined, locale = defaultLocale()): string {
  return `${formatGramsValue(n, locale)}\u00a0g`;
}

function parseIso(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  // Noon UTC formatted in UTC: the calendar day never shifts with the viewer's offset.
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}

/** "Sat, 21 Nov" (or "Sat, Nov 21" in en-US) for a YYYY-MM-DD day; adds the year when asked, drops the weekday with `weekday: false`. */
export function formatDay(iso: string, opts: { year?: boolean; weekday?: 'short' | 'long' | false; month?: 'short' | 'long' } = {}, locale = defaultLocale()): string {
  const d = parseIso(iso);
  if (!d) return '';
  return dateFormat(locale, {
    timeZone: 'UTC',
    ...(opts.weekday === false ? {} : { weekday: opts.weekday ?? 'short' }),
    day: 'numeric',
    month: opts.month ?? 'short',
    ...(opts.year ? { year: 'numeric' } : {}),
  }).format(d);
}

/** "Fri" for a YYYY-MM-DD day: a week's chart labels, which fit a phone's width where "Fri, Nov 27" does not. */
export function formatWeekday(iso: string, locale = defaultLocale()): string {
  const d = parseIso(iso);
  return d ? dateFormat(locale, { timeZone: 'UTC', weekday: 'short' }).format(d) : '';
}

/** "21 Nov 2026" for one day, "21 – 27 Nov 2026" (the locale's own range form) for `days` days from `start`. */
export function formatDayRange(start: string, days: number, locale = defaultLocale()): string {
  const a = parseIso(start);
  if (!a) return '';
  const f = dateFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  if (days <= 1) return f.format(a);
  const b = new Date(a.getTime() + (days - 1) * 86_400_000);
  return f.formatRange(a, b);
}

/** An instant (ISO timestamp) as the locale writes date and time: "21 Nov 2026, 14:05". */
export function formatDateTime(instant: string | Date, timeZone?: string, locale = defaultLocale()): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(d);
}

/**
 * A wall-clock time kept as "HH:MM" (reminders, quiet hours, sleep) as the locale writes it: "06:30 PM" in en-US,
 * "18:30" in en-GB, the way the browser's time inputs beside it show it. Anything else is shown as given.
 */
export function formatClock(hhmm: string, locale = defaultLocale()): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) return hhmm;
  return dateFormat(locale, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }).format(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
}

const IRREGULAR: Record<string, string> = { leaf: 'leaves', loaf: 'loaves', half: 'halves', knife: 'knives', dash: 'dashes', pinch: 'pinches', potato: 'potatoes', tomato: 'tomatoes' };
// Units of measure are not pluralised in English writing ("2 oz", "3 tbsp", "200 g").
const INVARIANT = new Set(['g', 'kg', 'mg', 'ml', 'l', 'oz', 'lb', 'fl oz', 'tbsp', 'tsp', 'kcal']);

/** "slice" → "slices", "large egg white" → "large egg whites", "cherry" → "cherries". Only the last word changes. */
export function pluralize(noun: string): string {
  const n = noun.trim();
  if (!n || INVARIANT.has(n.toLowerCase())) return n;
  // "cup (chopped)", "slice, thin": the head noun is before the first bracket or comma.
  const cut = n.search(/[,(]/);
  const head = (cut === -1 ? n : n.slice(0, cut)).trimEnd();
  const tail = cut === -1 ? '' : n.slice(head.length);
  const m = /^(.*?)([A-Za-z]+)$/.exec(head);
  if (!m) return n;
  const [, before, word] = m;
  const lower = word.toLowerCase();
  let plural: string;
  if (INVARIANT.has(lower) || /s$/.test(lower) && !/ss$/.test(lower)) plural = word;
  else if (IRREGULAR[lower]) plural = word[0] + IRREGULAR[lower].slice(1);
  else if (/(s|x|z|ch|sh)$/.test(lower)) plural = `${word}es`;
  else if (/[^aeiou]y$/.test(lower)) plural = `${word.slice(0, -1)}ies`;
  else plural = `${word}s`;
  return `${before}${plural}${tail}`;
}

/** "1 slice", "2 slices", "1.5 cups", "3 large egg whites". */
export function countOf(count: number, noun: string, locale = defaultLocale()): string {
  const amount = formatNumber(count, locale, 2);
  return `${amount} ${count === 1 ? noun.trim() : pluralize(noun)}`;
}

/** Several foods in one line: "Oats · Banana · Milk". */
export function foodList(foods: readonly ({ food_name?: string; name?: string } | string)[]): string {
  return foods.map((f) => (typeof f === 'string' ? f : (f.food_name ?? f.name ?? ''))).filter(Boolean).join(' · ');
}

/** An instant as the locale writes a date: "21 Nov 2026" (en-GB), "Nov 21, 2026" (en-US). */
export function formatDate(instant: string | Date, locale = defaultLocale()): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(locale, { dateStyle: 'medium' }).format(d);
}

/**
 * A store price given in the currency's minor units (Stripe's unit_amount: cents, or yen for JPY):
 * "€4.99", "US$9.99", "¥500". The currency's own number of decimals comes from Intl.
 */
export function formatPrice(amountMinor: number, currency: string, locale = defaultLocale()): string {
  const f = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(amountMinor / 10 ** digits);
}

const PERIOD: Record<'day' | 'week' | 'month' | 'year', string> = { day: 'day', week: 'week', month: 'month', year: 'year' };

/** "€4.99 / month", "€49.99 / year", "€12.00 every 3 months" (the price never splits from its period). */
export function formatRecurringPrice(p: { amount: number; currency: string; interval: 'day' | 'week' | 'month' | 'year'; interval_count: number }, locale = defaultLocale()): string {
  const price = formatPrice(p.amount, p.currency, locale);
  return p.interval_count === 1 ? `${price}\u00a0/\u00a0${PERIOD[p.interval]}` : `${price} every ${p.interval_count}\u00a0${PERIOD[p.interval]}s`;
}
