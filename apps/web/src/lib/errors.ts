import type { SerializedError } from '@reduxjs/toolkit';

/** The normalised error of spec §8: what the server sends in `detail`, or a client-made equivalent. */
export interface ErrorDetail {
  msg: string;
  type: string;
  errors: unknown;
}

/** Errors returned by the app's base query: `status` is the HTTP status (0 when the server was not reached). */
export interface ApiError {
  status: number;
  data: { detail: ErrorDetail };
}

export const CONNECT_ERROR = 'Failed to connect to server';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const COULD_NOT_CONNECT = 'Could not connect to the server';
export const UNREACHABLE_TEXT = 'Unable to reach the server. Please check your connection and try again.';

/** What fetchBaseQuery hands back on failure (a subset of its FetchBaseQueryError union). */
type RawError =
  | { status: number; data: unknown }
  | { status: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR'; error: string; data?: unknown }
  | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string };

function isDetail(x: unknown): x is ErrorDetail {
  return !!x && typeof x === 'object' && typeof (x as ErrorDetail).msg === 'string' && typeof (x as ErrorDetail).type === 'string';
}

/** Turns any failure of a request into `{status, data: {detail: {msg, type, errors}}}`. */
export function normaliseError(raw: RawError): ApiError {
  if (raw.status === 'FETCH_ERROR' || raw.status === 'TIMEOUT_ERROR') {
    return { status: 0, data: { detail: { msg: CONNECT_ERROR, type: 'server_error', errors: COULD_NOT_CONNECT } } };
  }
  if (raw.status === 'CUSTOM_ERROR') {
    return { status: 0, data: { detail: { msg: UNEXPECTED_ERROR, type: 'server_error', errors: raw.error } } };
  }
  if (raw.status === 'PARSING_ERROR') {
    // A proxy's HTML error page or a truncated body: keep the HTTP status, say nothing misleading.
    return { status: raw.originalStatus, data: { detail: { msg: UNEXPECTED_ERROR, type: 'server_error', errors: null } } };
  }
  const body = raw.data as { detail?: unknown } | null | undefined;
  if (body && isDetail(body.detail)) {
    return { status: raw.status, data: { detail: { msg: body.detail.msg, type: body.detail.type, errors: body.detail.errors ?? null } } };
  }
  return { status: raw.status, data: { detail: { msg: UNEXPECTED_ERROR, type: 'server_error', errors: null } } };
}

export function isApiError(e: unknown): e is ApiError {
  return !!e && typeof e === 'object' && 'status' in e && isDetail((e as ApiError).data?.detail);
}

/**
 * The normalised detail of whatever an RTK Query hook or `unwrap()` threw, with a feature's own
 * fallback message (spec §8 lists one per call, e.g. 'Failed to fetch user settings').
 */
export function errorDetail(e: unknown, fallbackMsg = UNEXPECTED_ERROR): ErrorDetail {
  if (isApiError(e)) return e.data.detail;
  const serialized = e as SerializedError | undefined;
  return { msg: fallbackMsg, type: 'server_error', errors: serialized?.message ?? COULD_NOT_CONNECT };
}

/**
 * One line for a snackbar: the message, plus the first field error of a 422 or the server's own
 * explanation (e.g. 'Failed to delete account: Password is incorrect').
 */
export function errorText(e: unknown, fallbackMsg?: string): string {
  const d = errorDetail(e, fallbackMsg);
  if (d.type !== 'server_error' && typeof d.errors === 'string' && d.errors && d.errors !== d.msg) return `${d.msg}: ${d.errors}`;
  if (d.type === 'validation_error' && Array.isArray(d.errors) && d.errors.length > 0) {
    const first = d.errors[0] as { msg?: string };
    if (first?.msg && first.msg !== d.msg) return `${d.msg}: ${first.msg}`;
  }
  return d.msg;
}

/** The first validation message for a body field, for showing under an input. */
export function fieldError(e: unknown, field: string): string | undefined {
  const d = isApiError(e) ? e.data.detail : null;
  if (!d || d.type !== 'validation_error' || !Array.isArray(d.errors)) return undefined;
  const hit = (d.errors as { loc?: unknown[]; msg?: string }[]).find((x) => Array.isArray(x.loc) && x.loc.includes(field));
  return hit?.msg;
}

/**
 * The sentence a user sees when a call fails: the spec §8 text for the action (e.g. 'Failed to create
 * food log'), followed by the server's reason when it gave a more specific one (a field error, a 404).
 * Unlike errorText, the action's own text always leads ('Food search failed: Failed to connect to server').
 */
export function failureText(error: unknown, actionText: string): string {
  const d = errorDetail(error, actionText);
  const first = Array.isArray(d.errors) ? (d.errors[0] as { msg?: string } | undefined)?.msg : undefined;
  const reason = d.type === 'validation_error' && first ? first : d.msg;
  return reason && reason !== actionText ? `${actionText}: ${reason}` : actionText;
}

/**
 * Spec §8 for a screen's call: when the server failed or could not be reached (status 0 or 5xx, or no
 * answer at all), the catalogue's own message and its fallback explanation ('Could not connect to the
 * server' unless the catalogue gives another), never the server's internal text. A 4xx keeps its reason
 * after the catalogue message (a 404, a field error), as failureText does.
 */
export function catalogueDetail(error: unknown, msg: string, errors: string = COULD_NOT_CONNECT): ErrorDetail {
  if (isClientError(error)) {
    const d = error.data.detail;
    // The server names the same action and says why (400 'Failed to delete account' / 'Password is incorrect'): both.
    const text = d.msg === msg && typeof d.errors === 'string' && d.errors && d.errors !== msg ? `${msg}: ${d.errors}` : failureText(error, msg);
    return { ...d, msg: text };
  }
  return { msg, type: 'server_error', errors };
}

/** A 4xx answer: the server refused this request for a reason of its own, worth showing after the catalogue message. */
function isClientError(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/** catalogueDetail as one line: 'Failed to fetch user settings: Could not connect to the server'. */
export function catalogueText(error: unknown, msg: string, errors?: string): string {
  const d = catalogueDetail(error, msg, errors);
  if (isClientError(error)) return d.msg;
  return typeof d.errors === 'string' && d.errors ? `${d.msg}: ${d.errors}` : d.msg;
}
