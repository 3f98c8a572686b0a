import { describe, expect, test } from 'vitest';
import { catalogueText, errorText, failureText, fieldError, normaliseError } from './errors';

describe('error normalisation (spec §8)', () => {
  test('the server body {detail:{msg,type,errors}} is kept with its status', () => {
    const e = normaliseError({ status: 404, data: { detail: { msg: 'Meal plan not found', type: 'not_found', errors: null } } });
    expect(e).toEqual({ status: 404, data: { detail: { msg: 'Meal plan not found', type: 'not_found', errors: null } } });
  });
  test('FETCH_ERROR becomes status 0 "Failed to connect to server"', () => {
    expect(normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: 0,
      data: { detail: { msg: 'Failed to connect to server', type: 'server_error', errors: 'Could not connect to the server' } },
    });
  });
  test('a timeout is a connection failure too', () => {
    expect(normaliseError({ status: 'TIMEOUT_ERROR', error: 'timeout' }).data.detail.msg).toBe('Failed to connect to server');
  });
  test('CUSTOM_ERROR becomes "An unexpected error occurred."', () => {
    expect(normaliseError({ status: 'CUSTOM_ERROR', error: 'boom' }).data.detail).toMatchObject({ msg: 'An unexpected error occurred.', type: 'server_error' });
  });
  test('a non-JSON error page keeps the HTTP status', () => {
    const e = normaliseError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad gateway</html>', error: 'SyntaxError' });
    expect(e.status).toBe(502);
    expect(e.data.detail.msg).toBe('An unexpected error occurred.');
  });
  test('a JSON error without detail still has the three fields', () => {
    expect(normaliseError({ status: 500, data: { message: 'oops' } }).data.detail).toEqual({ msg: 'An unexpected error occurred.', type: 'server_error', errors: null });
  });
  test('validation errors: the text names the first field problem; fieldError finds a field', () => {
    const e = normaliseError({
      status: 422,
      data: { detail: { msg: 'Validation failed', type: 'validation_error', errors: [{ loc: ['body', 'daily_calorie_goal'], msg: 'daily_calorie_goal must be between 800 and 10000', type: 'too_small' }] } },
    });
    expect(errorText(e)).toBe('Validation failed: daily_calorie_goal must be between 800 and 10000');
    expect(fieldError(e, 'daily_calorie_goal')).toMatch(/between 800/);
    expect(fieldError(e, 'timezone')).toBeUndefined();
  });
  test("a server explanation in errors is shown after the message, a transport one is not", () => {
    expect(errorText(normaliseError({ status: 400, data: { detail: { msg: 'Failed to delete account', type: 'bad_request', errors: 'Password is incorrect' } } }))).toBe(
      'Failed to delete account: Password is incorrect',
    );
    expect(errorText(normaliseError({ status: 'FETCH_ERROR', error: 'x' }))).toBe('Failed to connect to server');
  });
  test('anything else falls back to the call-specific message', () => {
    expect(errorText(new Error('x'), 'Failed to fetch user settings')).toBe('Failed to fetch user settings');
  });
});

describe('failure text', () => {
  test('leads with the spec §8 text and adds the field error of a 422', () => {
    const e = normaliseError({ status: 422, data: { detail: { msg: 'Invalid request', type: 'validation_error', errors: [{ loc: ['body', 'calories'], msg: 'calories must not be negative', type: 'too_small' }] } } });
    expect(failureText(e, 'Failed to create food log')).toBe('Failed to create food log: calories must not be negative');
  });
  test('says the server could not be reached', () => {
    const e = normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(failureText(e, 'Food search failed')).toBe('Food search failed: Failed to connect to server');
  });
});

describe('catalogue text (spec §8)', () => {
  test.each([
    ['a 500 with the server’s own text', normaliseError({ status: 500, data: { detail: { msg: 'pg pool exhausted', type: 'internal_error', errors: 'stack' } } }), 'Failed to fetch user settings: Could not connect to the server'],
    ['an unreachable server', normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }), 'Failed to fetch user settings: Could not connect to the server'],
    ['a non-JSON 502', normaliseError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' }), 'Failed to fetch user settings: Could not connect to the server'],
    ['a thrown non-API error', new Error('boom'), 'Failed to fetch user settings: Could not connect to the server'],
    ['a 404 keeps its reason', normaliseError({ status: 404, data: { detail: { msg: 'Settings not found', type: 'not_found', errors: null } } }), 'Failed to fetch user settings: Settings not found'],
  ])('%s', (_what, error, text) => {
    expect(catalogueText(error, 'Failed to fetch user settings')).toBe(text);
  });
  test('a 4xx naming the same action keeps its reason; a 422 its field error', () => {
    const wrongPassword = normaliseError({ status: 400, data: { detail: { msg: 'Failed to delete account', type: 'bad_request', errors: 'Password is incorrect' } } });
    expect(catalogueText(wrongPassword, 'Failed to delete account')).toBe('Failed to delete account: Password is incorrect');
    const invalid = normaliseError({ status: 422, data: { detail: { msg: 'Invalid request', type: 'validation_error', errors: [{ loc: ['body', 'calories'], msg: 'calories must not be negative', type: 'too_small' }] } } });
    expect(catalogueText(invalid, 'Failed to create food log')).toBe('Failed to create food log: calories must not be negative');
  });
  test('a catalogue entry with its own explanation', () => {
    expect(catalogueText(normaliseError({ status: 500, data: null }), 'Failed to validate receipt', 'Could not validate purchase receipt')).toBe('Failed to validate receipt: Could not validate purchase receipt');
  });
});
