import { errorDetail } from '../../lib/errors';

/**
 * The sentence a user sees when a call fails: the spec §8 text for the action (e.g. 'Failed to create
 * food log'), followed by the server's reason when it gave a more specific one (a field error, a 404).
 */
export function failureText(error: unknown, actionText: string): string {
  const d = errorDetail(error, actionText);
  const first = Array.isArray(d.errors) ? (d.errors[0] as { msg?: string } | undefined)?.msg : undefined;
  const reason = d.type === 'validation_error' && first ? first : d.msg;
  return reason && reason !== actionText ? `${actionText}: ${reason}` : actionText;
}

export function isNotFound(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { status?: unknown }).status === 404;
}
