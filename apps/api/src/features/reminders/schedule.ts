/** Which reminder slots are due for one user at an instant: pure, so tests can drive any clock. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { MealReminderTimes, NotificationPreferences } from '@app/contracts';

export type MealType = keyof MealReminderTimes;
export type ReminderKind = 'logging_reminder' | 'meal_reminder';

export interface DueSlot {
  kind: ReminderKind;
  /** The user's local calendar date of the slot. */
  local_date: string;
  /** "HH:MM" for logging reminders, the meal for meal reminders: with kind and date, the idempotency key. */
  slot: string;
  /** Local time of the slot. */
  time: string;
  /** The meal the reminder is about. */
  meal: MealType;
  at: Date;
}

/**
 * A slot still goes out this long after its time: covers a late cron tick, a busy worker or a short
 * restart. Later than that a reminder is stale and is dropped.
 */
export const CATCH_UP_MINUTES = 10;

/** Usual meal times for meals without a reminder time (used to tell which meal a logging time is about). */
const USUAL_MEAL_TIMES: Record<Exclude<MealType, 'snack'>, string> = { breakfast: '08:00', lunch: '12:30', dinner: '19:00' };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function zone(tz: string) {
  try {
    new TZDate(0, tz).getTime();
    return tz;
  } catch {
    return 'UTC';
  }
}

/** The instant of a local date and time in `tz` (a time skipped by a DST change moves forward). */
export function instantOf(date: string, time: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, Number(time.slice(0, 2)), Number(time.slice(3, 5)), zone(tz)).getTime());
}

export function localDate(at: Date, tz: string): string {
  return format(new TZDate(at, zone(tz)), 'yyyy-MM-dd');
}

/** Quiet hours may span midnight (22:00–07:00). */
export function inQuietHours(time: string, quiet: NotificationPreferences['quiet_hours']): boolean {
  if (!quiet) return false;
  const t = minutes(time);
  const s = minutes(quiet.start);
  const e = minutes(quiet.end);
  return s < e ? t >= s && t < e : t >= s || t < e;
}

/** The latest meal due by `time`: what a logging reminder at that time asks about (none before the first meal). */
export function mealDueBy(time: string, meals: MealReminderTimes): MealType | null {
  const at: [MealType, string][] = [
    ['breakfast', meals.breakfast ?? USUAL_MEAL_TIMES.breakfast],
    ['lunch', meals.lunch ?? USUAL_MEAL_TIMES.lunch],
    ['dinner', meals.dinner ?? USUAL_MEAL_TIMES.dinner],
  ];
  // A snack counts only for users who want a snack reminder.
  if (meals.snack) at.push(['snack', meals.snack]);
  const due = at.filter(([, t]) => minutes(t) <= minutes(time)).sort((a, b) => minutes(b[1]) - minutes(a[1]));
  return due[0]?.[0] ?? null;
}

type Prefs = Pick<NotificationPreferences, 'logging_reminder' | 'meal_reminder' | 'quiet_hours'>;

/** Slots whose local time fell within the last CATCH_UP_MINUTES (up to and including `now`). */
export function dueSlots(p: Prefs, tz: string, now: Date, catchUpMinutes = CATCH_UP_MINUTES): DueSlot[] {
  const from = now.getTime() - catchUpMinutes * 60_000;
  const dates = [...new Set([localDate(new Date(from), tz), localDate(now, tz)])];
  const out: DueSlot[] = [];
  const push = (kind: ReminderKind, date: string, time: string, slot: string, meal: MealType | null) => {
    if (!meal || inQuietHours(time, p.quiet_hours)) return;
    const at = instantOf(date, time, tz);
    if (at.getTime() > from && at.getTime() <= now.getTime()) out.push({ kind, local_date: date, slot, time, meal, at });
  };
  for (const date of dates) {
    if (p.logging_reminder.enabled) for (const time of p.logging_reminder.times) push('logging_reminder', date, time, time, mealDueBy(time, p.meal_reminder.times));
    if (p.meal_reminder.enabled) {
      for (const [meal, time] of Object.entries(p.meal_reminder.times) as [MealType, string | null][]) if (time) push('meal_reminder', date, time, meal, meal);
    }
  }
  return out;
}
