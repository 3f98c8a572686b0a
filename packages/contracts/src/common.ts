import { z } from 'zod';
import { MEAL_TYPES } from './constants.ts';

/**
 * The one range every date and timestamp of the API lives in. Outside it a request is a 422: a year
 * 0000 or 9999 is a typo or a probe, and used to reach date arithmetic and the database (500s).
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';
const INSTANT_MIN_MS = Date.UTC(1900, 0, 1);
const INSTANT_MAX_MS = Date.UTC(2101, 0, 1) - 1;
const RANGE_MSG = `must be between ${DATE_MIN} and ${DATE_MAX}`;

/** A user's local calendar date, YYYY-MM-DD, 1900-01-01..2100-12-31 (ISO strings of one length compare as dates). */
export const LocalDateSchema = z.iso
  .date({ error: 'Expected a date as YYYY-MM-DD' })
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, { error: `Date ${RANGE_MSG}` });

/** ISO 8601 date-time with its offset (Z, +01:00 or +0100): without one, the instant depends on the server's zone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Epoch milliseconds of an instant given as ISO 8601 with an offset, or as epoch digits, a number or a numeric string
 * (milliseconds; a value too small to be milliseconds of this era, 10 digits, is read as seconds), or null when it is
 * not one or lies outside 1900..2100. The API reads instants only through this (InstantSchema), so the contract
 * and the services agree on what is valid.
 */
export function parseInstant(value: string | number): number | null {
  let ms: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return null;
    ms = value < 1e11 ? value * 1000 : value;
  } else if (/^\d{1,16}$/.test(value)) {
    const n = Number(value);
    ms = n < 1e11 ? n * 1000 : n;
  } else if (ISO_INSTANT.test(value)) {
    ms = Date.parse(value.replace(' ', 'T'));
  } else return null;
  return Number.isFinite(ms) && ms >= INSTANT_MIN_MS && ms <= INSTANT_MAX_MS ? ms : null;
}

const INSTANT_MSG = `Expected an ISO 8601 date-time with an offset (2025-03-03T07:30:00Z, 2025-03-03T08:30:00+01:00) or epoch milliseconds that ${RANGE_MSG}`;

/**
 * The one instant type of the API: every `timestamp` (and every other instant a request carries) is this. It takes
 * an ISO 8601 date-time with an offset, or epoch milliseconds as a number or a numeric string, within 1900..2100,
 * and hands the service the same instant as ISO text in UTC (`2025-03-03T06:30:00.000Z`).
 */
export const InstantSchema = z
  .union([z.number(), z.string().max(40)], { error: INSTANT_MSG })
  .refine((v) => parseInstant(v) !== null, { error: INSTANT_MSG })
  .transform((v) => new Date(parseInstant(v)!).toISOString())
  .meta({ description: 'An instant: ISO 8601 date-time with an offset, or epoch milliseconds (number or numeric string), 1900..2100.' });
/** Same as InstantSchema: the name every `timestamp` field uses. */
export const TimestampSchema = InstantSchema;
export const MealTypeSchema = z.enum(MEAL_TYPES, { error: 'meal_type must be breakfast, lunch, dinner or snack' });
/** Integer ids in paths ("/things/{id}"); anything else is a 422, never a 500. */
export const IntIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;
