import { isApiError, UNREACHABLE_TEXT, type ErrorDetail } from '../../lib/errors';

export type AuthCall = 'login' | 'register' | 'verify' | 'resend' | 'requestReset' | 'reset';

const MSG: Record<AuthCall, string> = {
  login: 'Login failed',
  register: 'Registration failed',
  verify: 'Verification failed',
  resend: 'Code resend failed',
  requestReset: 'Password reset request failed',
  reset: 'Password reset failed',
};
const UNEXPECTED: Partial<Record<AuthCall, string>> = {
  verify: 'An unexpected error occurred during email verification. Please try again.',
  resend: 'An unexpected error occurred while sending the verification code. Please try again.',
};

/**
 * Spec §8 auth errors: the server's own detail when it refused the request (a 4xx: a wrong code, a taken
 * address); otherwise the call's message with 'Unable to reach the server…' (status 0) or the call's
 * 'An unexpected error occurred…' text: a 5xx's own text is never shown.
 */
export function authError(e: unknown, call: AuthCall): ErrorDetail {
  const status = isApiError(e) ? e.status : 0;
  if (isApiError(e) && status >= 400 && status < 500 && e.data.detail.type !== 'server_error') return e.data.detail;
  return {
    msg: MSG[call],
    type: 'server_error',
    errors: status === 0 ? UNREACHABLE_TEXT : (UNEXPECTED[call] ?? 'An unexpected error occurred. Please try again.'),
  };
}

/** The text for the form's error alert: message, then the explanation or first field error. */
export function authErrorText(e: unknown, call: AuthCall): string {
  const d = authError(e, call);
  if (typeof d.errors === 'string' && d.errors !== d.msg) return `${d.msg}. ${d.errors}`;
  if (Array.isArray(d.errors) && d.errors.length > 0) {
    const first = d.errors[0] as { msg?: string };
    // The server's message often is the first field error with its field's name in front ("email: Enter a valid
    // e-mail address"): say it once.
    if (first?.msg && first.msg !== d.msg && !d.msg.endsWith(first.msg)) return `${d.msg}: ${first.msg}`;
  }
  return d.msg;
}
