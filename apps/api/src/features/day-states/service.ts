/** Day states (issue 42 §6): the user's choice for a day, and every day's state with the inferred ones filled in. */
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { countedDays, dayStates, USUAL_WINDOW_DAYS, type DaySelection, type DayState, type DayStateValue } from '@app/nutrition';
import { DAY_STATES_MAX_DAYS, type DayStateSaved } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { unprocessable } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

const plusDays = (date: string, n: number) => format(addDays(parseISO(date), n), 'yyyy-MM-dd');
const todayIn = (tz: string | null | undefined, now = new Date()) => format(new TZDate(now, tz || 'UTC'), 'yyyy-MM-dd');

/**
 * The state of every day in [from, to] that is logged or chosen (day-states.ts in @app/nutrition), and the days
 * the averages count. Reads the 28 days before `from` too: the usual day is made of them. Every insight, the
 * dashboard and the expenditure estimate pick their days through this.
 */
export async function statesInRange(db: Db, userId: number, from: string, to: string, calorieGoal: number | null): Promise<{ states: DayState[]; selection: DaySelection }> {
  const before = plusDays(from, -USUAL_WINDOW_DAYS);
  const [days, chosen] = await Promise.all([repo.dayKcal(db, userId, before, to), repo.choices(db, userId, before, to)]);
  const states = dayStates(days, chosen, calorieGoal, from, to);
  return { states, selection: countedDays(states) };
}

function notFuture(date: string, today: string, field: (string | number)[]) {
  if (date > today) throw unprocessable(`${field.at(-1)}: ${date} is after your today (${today}); a day's state is set once the day has begun`, field);
}

/** Sets (or, with null, clears) the user's choice for `date`; answers the day's state after it. */
export async function setState(db: Db, userId: number, date: string, state: DayStateValue | null): Promise<DayStateSaved> {
  const s = await repo.settings(db, userId);
  notFuture(date, todayIn(s?.timezone), ['path', 'date']);
  if (state) await repo.saveChoice(db, userId, date, state);
  else await repo.clearChoice(db, userId, date);
  if (state) return { date, state, set_by_user: true };
  const [day] = (await statesInRange(db, userId, date, date, s?.daily_calorie_goal ?? null)).states;
  // Cleared on a day with nothing logged: no state at all (it is not a logged day).
  return { date, state: day?.state ?? null, set_by_user: false };
}

export async function listStates(db: Db, userId: number, start: string, end: string): Promise<DayState[]> {
  const s = await repo.settings(db, userId);
  if (end < start) throw unprocessable('end_date must be on or after start_date', ['querystring', 'end_date']);
  const span = differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
  if (span > DAY_STATES_MAX_DAYS) throw unprocessable(`The range is ${span} days; ask for at most ${DAY_STATES_MAX_DAYS}`, ['querystring', 'end_date']);
  notFuture(end, todayIn(s?.timezone), ['querystring', 'end_date']);
  return (await statesInRange(db, userId, start, end, s?.daily_calorie_goal ?? null)).states;
}
