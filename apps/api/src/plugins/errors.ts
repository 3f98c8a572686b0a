import fp from 'fastify-plugin';
import { isAbort } from '../lib/fair-share.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorTypes, type FieldError } from '@app/contracts';
import { HttpError } from '../lib/http-error.ts';

interface Issue {
  path: PropertyKey[];
  code: string;
  message: string;
  errors?: Issue[][];
}

/**
 * "Invalid input" for a union (a food log from the database, from a recipe, or a manual one) tells a client
 * nothing: report the issues of the branch the body came closest to, with their full paths. Closest: the fewest
 * fields left out (a field sent with a wrong value shows which branch was meant: `calories: "105"` is a manual
 * entry, not a database food without `food_id`), then the fewest issues. When each of the closest branches lacks
 * just one field, the answer names them all ("food_id, recipe_id or calories").
 */
function expandUnion(issue: Issue, input: unknown): Issue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const has = (key: PropertyKey) => typeof input === 'object' && input !== null && Object.hasOwn(input, key);
  const missing = (branch: Issue[]) => branch.filter((i) => i.path.length === 1 && !has(i.path[0]!));
  const rank = (branch: Issue[]) => missing(branch).length * 1000 + branch.length;
  const best = Math.min(...issue.errors.map(rank));
  const closest = issue.errors.filter((b) => rank(b) === best);
  if (!closest[0]!.length) return [issue];
  if (closest.length > 1 && closest.every((b) => b.length === 1 && missing(b).length === 1)) {
    const names = [...new Set(closest.map((b) => String(b[0]!.path[0])))];
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
    return [{ path: issue.path, code: 'invalid_union', message: `Required: ${list}` }];
  }
  return closest[0]!.flatMap((sub) => expandUnion({ ...sub, path: [...issue.path, ...sub.path] }, valueAt(input, sub.path)));
}

/** The value at `path` inside the request's body or query, as the client sent it. */
function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const k of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function body(msg: string, type: string, errors: unknown = null) {
  return { detail: { msg, type, errors } };
}

/** Maps every failure to the error contract; 500s are logged, never explained to the client. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
      if (err instanceof HttpError) {
        if (err.statusCode >= 500) request.log.error({ err }, err.message);
        return reply.code(err.statusCode).headers(err.headers).send(body(err.message, err.type, err.errors));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const where = (err as any).validationContext as string | undefined;
        const errors: FieldError[] = err.validation.flatMap((v) => {
          // fastify-type-provider-zod 7 puts the issue's path in instancePath, its code in keyword and the rest in params.
          const path = v.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
          const sent = where === 'querystring' ? request.query : where === 'params' ? request.params : where === 'headers' ? request.headers : request.body;
          return expandUnion({ ...(v.params as object), path, code: v.keyword, message: v.message ?? 'Invalid value' }, valueAt(sent, path)).map((i) => ({
            loc: [where === 'querystring' ? 'query' : (where ?? 'body'), ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
            msg: i.message,
            type: i.code,
          }));
        });
        const first = errors[0];
        const msg = first ? `${first.loc.slice(1).join('.') || first.loc[0]}: ${first.msg}` : 'Validation failed';
        return reply.code(422).send(body(msg, ErrorTypes.validation, errors));
      }
      if (isAbort(err)) {
        // The client went away and its work was stopped (lib/request-signal.ts): nobody reads this answer.
        request.log.info({ reason: err.message }, 'request abandoned by its client');
        return reply.code(499).send(body('The request was abandoned by its client', 'client_closed_request'));
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, cause: err.cause }, 'response did not match its schema');
        return reply.code(500).send(body('Internal server error', ErrorTypes.server, 'An unexpected error occurred.'));
      }
      const status = err.statusCode ?? 500;
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
        return reply.code(413).send(body('Request body is too large', ErrorTypes.payloadTooLarge));
      }
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
        return reply.code(415).send(body('Unsupported content type: send application/json', 'unsupported_media_type'));
      }
      if (err.code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError) {
        return reply.code(400).send(body('Malformed JSON in request body', ErrorTypes.badRequest, err.message));
      }
      if (status === 429) {
        return reply.code(429).send(body(err.message || 'Too many requests', ErrorTypes.rateLimited));
      }
      if (status >= 400 && status < 500) {
        return reply.code(status).send(body(err.message, status === 404 ? ErrorTypes.notFound : ErrorTypes.badRequest));
      }
      request.log.error({ err }, 'unexpected error');
      return reply.code(500).send(body('Internal server error', ErrorTypes.server, 'An unexpected error occurred.'));
    });
  },
  { name: 'errors' },
);

/**
 * Errors Fastify answers before any route or hook runs (a path parameter over maxParamLength: 414; a
 * malformed URL: 400): the same error body as every other answer.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send(body('The request path is too long', 'uri_too_long'));
  else void reply.code(400).send(body('Malformed request URL', ErrorTypes.badRequest));
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large: 431; a timeout: 408;
 * anything else: 400). Node would answer them itself with an empty body; this writes the error body.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, reason, payload] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', body('Request headers are too large', 'headers_too_large')]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', body('The request took too long to arrive', 'request_timeout')]
        : [400, 'Bad Request', body('Malformed HTTP request', ErrorTypes.badRequest)];
  const json = JSON.stringify(payload);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
}
