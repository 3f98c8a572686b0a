import { describe, expect, it } from 'vitest';
import { authErrorText } from './auth-errors';
import { normaliseError } from '../../lib/errors';

const answer = (msg: string, errors: unknown) => ({ status: 422, data: { detail: { msg, type: 'validation_error', errors } } });

describe('the auth forms’ error alert', () => {
  it('says a field error once when the message already is that error (it read "email: Enter a valid e-mail address: Enter a valid e-mail address")', () => {
    const e = answer('email: Enter a valid e-mail address', [{ loc: ['body', 'email'], msg: 'Enter a valid e-mail address', type: 'invalid_format' }]);
    expect(authErrorText(e, 'register')).toBe('email: Enter a valid e-mail address');
  });
  it('adds the first field error when it says more than the message', () => {
    const e = answer('Validation failed', [{ loc: ['body', 'password'], msg: 'Use 10 to 128 characters', type: 'too_small' }]);
    expect(authErrorText(e, 'register')).toBe('Validation failed: Use 10 to 128 characters');
  });
  it('says the catalogue’s text, never a 5xx’s own (spec §8), and that the server could not be reached', () => {
    const failed = normaliseError({ status: 500, data: { detail: { msg: 'pg pool exhausted', type: 'internal_error', errors: 'stack' } } });
    expect(authErrorText(failed, 'verify')).toBe('Verification failed. An unexpected error occurred during email verification. Please try again.');
    expect(authErrorText(failed, 'reset')).toBe('Password reset failed. An unexpected error occurred. Please try again.');
    const unreachable = normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(authErrorText(unreachable, 'resend')).toBe('Code resend failed. Unable to reach the server. Please check your connection and try again.');
  });
  it('keeps the server’s reason for a refused request (a 4xx)', () => {
    const wrongCode = normaliseError({ status: 400, data: { detail: { msg: 'Invalid or expired code', type: 'bad_request', errors: null } } });
    expect(authErrorText(wrongCode, 'verify')).toBe('Invalid or expired code');
  });
});
