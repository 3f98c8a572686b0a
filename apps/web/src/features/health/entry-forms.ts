/**
 * The "Log workout" and "Log sleep" forms' rules: the API's limits checked before a round trip
 * (packages/contracts health-metrics), and the bodies of POST /health-metrics/workout and /sleep.
 */
import { TZDate } from '@date-fns/tz';

export const WORKOUT_TYPES = ['Walking', 'Running', 'Cycling', 'Swimming', 'Strength training', 'Yoga', 'Hiking', 'Other'] as const;

export interface WorkoutForm {
  date: string;
  type: string;
  /** Typed text, so a half-typed number is not forced into a value. */
  duration_min: string;
  calories_burned: string;
}
export interface SleepForm {
  /** The day the sleeper woke up (as Apple Health dates a night). */
  date: string;
  bedtime: string;
  wake: string;
  quality: number | null;
}
type Result<F, B> = { errors: Partial<Record<keyof F, string>>; body: B | null };

/** "" → null; "1,5" → 1.5 (a decimal comma); anything else that is not a number → NaN. */
const parse = (s: string): number | null => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')));

export function workoutBody(f: WorkoutForm): Result<WorkoutForm, { date: string; type: string; duration_min: number; calories_burned: number | null }> {
  const errors: Partial<Record<keyof WorkoutForm, string>> = {};
  const duration = parse(f.duration_min);
  const calories = parse(f.calories_burned);
  if (!f.type.trim()) errors.type = 'Choose a type';
  if (duration === null) errors.duration_min = 'Enter the minutes';
  else if (!Number.isFinite(duration) || duration < 1 || duration > 1440) errors.duration_min = 'Between 1 and 1,440 minutes';
  if (calories !== null && (!Number.isFinite(calories) || calories < 0 || calories > 10_000)) errors.calories_burned = 'Between 0 and 10,000 kcal, or leave it empty';
  if (!f.date) errors.date = 'Choose a day';
  if (Object.keys(errors).length) return { errors, body: null };
  return { errors, body: { date: f.date, type: f.type.trim(), duration_min: duration!, calories_burned: calories } };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Bedtime and wake-up time on the clock of `timeZone` (the settings zone): a bedtime at or after the wake-up
 * time was the evening before (23:00 → 07:00), an earlier one the same day (01:30 → 09:00).
 */
export function sleepBody(f: SleepForm, timeZone: string): Result<SleepForm, { date: string; start: string; end: string; quality: number | null }> {
  const errors: Partial<Record<keyof SleepForm, string>> = {};
  const bed = TIME.exec(f.bedtime);
  const wake = TIME.exec(f.wake);
  if (!bed) errors.bedtime = 'Enter a time';
  if (!wake) errors.wake = 'Enter a time';
  if (bed && wake && f.bedtime === f.wake) errors.wake = 'Wake-up time must differ from bedtime';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) errors.date = 'Choose a day';
  if (Object.keys(errors).length) return { errors, body: null };
  const [y, m, d] = f.date.split('-').map(Number) as [number, number, number];
  const end = new TZDate(y, m - 1, d, Number(wake![1]), Number(wake![2]), timeZone);
  const dayBefore = f.bedtime > f.wake ? 1 : 0;
  const start = new TZDate(y, m - 1, d - dayBefore, Number(bed![1]), Number(bed![2]), timeZone);
  return { errors, body: { date: f.date, start: start.toISOString(), end: end.toISOString(), quality: f.quality } };
}

/** Hours between bedtime and wake-up, for the form's live "7 h 30 min" (null while a time is missing). */
export function sleepMinutes(f: Pick<SleepForm, 'bedtime' | 'wake'>): number | null {
  const bed = TIME.exec(f.bedtime);
  const wake = TIME.exec(f.wake);
  if (!bed || !wake || f.bedtime === f.wake) return null;
  const minutes = (h: RegExpExecArray) => Number(h[1]) * 60 + Number(h[2]);
  return (minutes(wake) - minutes(bed) + 24 * 60) % (24 * 60);
}
