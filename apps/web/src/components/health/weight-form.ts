/**
 * The "Log weight" dialog's words (issue 42 §8): a typed weight checked in the user's units with a plain message,
 * the question asked about a jump, and what a save replaced. Pure, so each sentence is tested.
 */
import type { ReplacedWeight, WeightJump } from '@app/contracts/health-metrics';
import { formatDay, formatNumber } from '../../lib/format';
import { fromDisplay, toDisplay, unitLabel, type Units } from '../../lib/units';

/** The API's range (packages/contracts): 20–500 kg. */
export const MIN_KG = 20;
export const MAX_KG = 500;

/** A typed weight → kg, or the message to show under the field ("Weight must be between 44.1 and 1,102.3 lb"). */
export function checkWeight(text: string, units: Units, locale?: string): { kg: number; error: null } | { kg: null; error: string } {
  const t = text.trim().replace(',', '.');
  const n = Number(t);
  if (!t || !Number.isFinite(n)) return { kg: null, error: `Enter your weight in ${unitLabel(units)}, e.g. ${units === 'imperial' ? '165.4' : '75.2'}` };
  const kg = fromDisplay(n, units);
  if (kg < MIN_KG || kg > MAX_KG) {
    const lo = formatNumber(Math.ceil(toDisplay(MIN_KG, units)), locale);
    const hi = formatNumber(Math.floor(toDisplay(MAX_KG, units)), locale);
    return { kg: null, error: `Weight must be between ${lo} and ${hi} ${unitLabel(units)}` };
  }
  return { kg, error: null };
}

/** A day as the question names it: "Dec 3" (en-US) or "3 Dec", with the year only when it is not this year's. */
function shortDay(iso: string, today: string, locale?: string): string {
  return formatDay(iso, { weekday: false, month: 'short', year: iso.slice(0, 4) !== today.slice(0, 4) }, locale);
}

/** "That is 10.2 kg more than on Dec 3. Save anyway?" ("than earlier today" for the weigh-in it would replace). */
export function jumpQuestion(jump: WeightJump, units: Units, today: string, locale?: string): string {
  const diff = toDisplay(jump.weight_kg, units) - toDisplay(jump.previous.weight_kg, units);
  const abs = formatNumber(Math.round(Math.abs(diff) * 10) / 10, locale, 1);
  const when = jump.previous.date === today ? 'earlier today' : `on ${shortDay(jump.previous.date, today, locale)}`;
  return `That is ${abs} ${unitLabel(units)} ${diff >= 0 ? 'more' : 'less'} than ${when}. Save anyway?`;
}

/** "this morning's" from a wall-clock "HH:MM". */
function partOfDay(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  return h < 5 ? "last night's" : h < 12 ? "this morning's" : h < 18 ? "this afternoon's" : "this evening's";
}
/** "HH:MM" of an instant in a zone. */
function clockIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

/**
 * What a save replaced, said plainly: "Replaced this morning's 84.6 kg" for today, "Replaced the 84.6 kg of Dec 3"
 * for another day; null when nothing was replaced (or the same weight was saved again).
 */
export function replacedText(replaced: ReplacedWeight | null | undefined, date: string, today: string, units: Units, timeZone: string, locale?: string): string | null {
  if (!replaced) return null;
  const w = `${formatNumber(toDisplay(replaced.weight_kg, units), locale, 1)} ${unitLabel(units)}`;
  if (date === today) return `Replaced ${partOfDay(replaced.time ?? clockIn(replaced.created_at, timeZone))} ${w}`;
  return `Replaced the ${w} of ${shortDay(date, today, locale)}`;
}

/** The jump of a 409 weight_jump_unconfirmed, or null for any other answer. */
export function jumpOf(error: unknown): WeightJump | null {
  const e = error as { status?: number; data?: { detail?: { type?: string; errors?: unknown } } } | undefined;
  if (e?.status !== 409 || e.data?.detail?.type !== 'weight_jump_unconfirmed') return null;
  const j = e.data.detail.errors as WeightJump | undefined;
  return j && j.previous && typeof j.previous.weight_kg === 'number' ? j : null;
}
