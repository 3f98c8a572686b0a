import { ErrorTypes } from '@app/contracts';

/** An error with a status and the public body `{detail: {msg, type, errors}}`. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public type: string = statusType(statusCode),
    public errors: unknown = null,
    public headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function statusType(status: number): string {
  switch (status) {
    case 400: return ErrorTypes.badRequest;
    case 401: return ErrorTypes.unauthorized;
    case 403: return ErrorTypes.forbidden;
    case 404: return ErrorTypes.notFound;
    case 409: return ErrorTypes.conflict;
    case 413: return ErrorTypes.payloadTooLarge;
    case 422: return ErrorTypes.validation;
    case 429: return ErrorTypes.rateLimited;
    case 503: return ErrorTypes.unavailable;
    default: return status >= 500 ? ErrorTypes.server : 'error';
  }
}

export const badRequest = (msg: string, errors: unknown = null) => new HttpError(400, msg, ErrorTypes.badRequest, errors);
export const unauthorized = (msg = 'Could not validate credentials') =>
  new HttpError(401, msg, ErrorTypes.unauthorized, null, { 'www-authenticate': 'Bearer' });
export const forbidden = (msg = 'Not enough permissions') => new HttpError(403, msg, ErrorTypes.forbidden);
export const notFound = (msg = 'Not found') => new HttpError(404, msg, ErrorTypes.notFound);
export const conflict = (msg: string, errors: unknown = null) => new HttpError(409, msg, ErrorTypes.conflict, errors);
/** A 422 for rules the schema cannot express; `loc` names the field as in schema errors. */
export const unprocessable = (msg: string, loc: (string | number)[] = [], type = 'value_error') =>
  new HttpError(422, msg, ErrorTypes.validation, [{ loc, msg, type }]);
export const tooManyRequests = (msg: string, retryAfterSeconds: number) =>
  new HttpError(429, msg, ErrorTypes.rateLimited, null, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const unavailable = (msg: string) => new HttpError(503, msg, ErrorTypes.unavailable);
