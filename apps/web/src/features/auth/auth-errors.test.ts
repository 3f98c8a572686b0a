import { describe, expect, it } from 'vitest';
import { authErrorText } from './auth-errors';

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
});
