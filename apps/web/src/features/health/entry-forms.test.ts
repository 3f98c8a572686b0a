import { describe, expect, it } from 'vitest';
import { sleepBody, sleepMinutes, workoutBody } from './entry-forms';

describe('workoutBody', () => {
  const form = { date: '2026-11-27', type: 'Running', duration_min: '45', calories_burned: '' };
  it('builds the API body; an empty calorie field is not known (null), a decimal comma is read', () => {
    expect(workoutBody(form)).toEqual({ errors: {}, body: { date: '2026-11-27', type: 'Running', duration_min: 45, calories_burned: null } });
    expect(workoutBody({ ...form, duration_min: '30,5', calories_burned: '320' }).body).toMatchObject({ duration_min: 30.5, calories_burned: 320 });
  });
  it("refuses what the API would refuse, field by field, before any request", () => {
    expect(workoutBody({ ...form, type: ' ', duration_min: '0', calories_burned: 'lots' }).errors).toEqual({
      type: 'Choose a type',
      duration_min: 'Between 1 and 1,440 minutes',
      calories_burned: 'Between 0 and 10,000 kcal, or leave it empty',
    });
    expect(workoutBody({ ...form, duration_min: '' }).errors).toEqual({ duration_min: 'Enter the minutes' });
    expect(workoutBody({ ...form, duration_min: '1441' }).body).toBeNull();
  });
});

describe('sleepBody', () => {
  it('puts a bedtime after the wake-up time on the evening before, in the settings time zone', () => {
    const r = sleepBody({ date: '2026-11-27', bedtime: '23:15', wake: '07:00', quality: 4 }, 'Europe/Berlin');
    expect(r.body).toEqual({ date: '2026-11-27', start: '2026-11-26T23:15:00.000+01:00', end: '2026-11-27T07:00:00.000+01:00', quality: 4 });
  });
  it('keeps a bedtime after midnight on the same day, and crosses a month boundary', () => {
    expect(sleepBody({ date: '2026-12-01', bedtime: '01:30', wake: '09:00', quality: null }, 'UTC').body).toMatchObject({ start: '2026-12-01T01:30:00.000+00:00', end: '2026-12-01T09:00:00.000+00:00' });
    expect(sleepBody({ date: '2026-12-01', bedtime: '22:00', wake: '06:00', quality: null }, 'UTC').body).toMatchObject({ start: '2026-11-30T22:00:00.000+00:00' });
  });
  it('refuses missing or equal times', () => {
    expect(sleepBody({ date: '2026-11-27', bedtime: '', wake: '07:00', quality: null }, 'UTC').errors).toEqual({ bedtime: 'Enter a time' });
    expect(sleepBody({ date: '2026-11-27', bedtime: '07:00', wake: '07:00', quality: null }, 'UTC').errors).toEqual({ wake: 'Wake-up time must differ from bedtime' });
  });
  it('counts the minutes asleep across midnight', () => {
    expect(sleepMinutes({ bedtime: '23:15', wake: '07:00' })).toBe(465);
    expect(sleepMinutes({ bedtime: '01:30', wake: '09:00' })).toBe(450);
    expect(sleepMinutes({ bedtime: '07:00', wake: '07:00' })).toBeNull();
  });
});
