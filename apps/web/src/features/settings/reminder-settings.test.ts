import { describe, expect, test } from 'vitest';
import { MAX_LOGGING_REMINDER_TIMES } from '@app/contracts/constants';
import { whyNotTime } from './reminder-settings';

describe('adding a logging reminder time', () => {
  test('says why a time cannot be added, and nothing when it can', () => {
    expect(whyNotTime('', ['20:00'])).toBe('Choose a time');
    expect(whyNotTime('20:00', ['12:00', '20:00'])).toBe('Already on the list');
    const full = Array.from({ length: MAX_LOGGING_REMINDER_TIMES }, (_, i) => `${String(10 + i)}:00`);
    expect(whyNotTime('21:30', full)).toBe(`Up to ${MAX_LOGGING_REMINDER_TIMES} times`);
    expect(whyNotTime('21:30', ['20:00'])).toBeNull();
  });
});
