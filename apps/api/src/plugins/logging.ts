import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Query parameters whose values never reach a log line: the iOS `_auth` token, codes, passwords. */
const SECRET_PARAMS = /^(_auth|token|access_token|id_token|code|password|new_password|current_password|registration_code)$/i;

/** The URL with secret query values replaced by `[REDACTED]` (the rest kept for debugging). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is logged as sent; its value is still dropped below if the raw name matches.
    }
    return SECRET_PARAMS.test(name) && eq >= 0 ? `${rawName}=[REDACTED]` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Pino options: request lines carry method, redacted URL and the client address; headers are not logged
 * (the Authorization header and cookies stay out). Bodies are never logged by Fastify.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password', '*.current_password', '*.code', '*.access_token', '*.id_token'], censor: '[REDACTED]' },
    serializers: {
      req(req: FastifyRequest) {
        return { method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
      },
    },
  };
}

/**
 * One log line per request instead of Fastify's two ("incoming request", then "request completed"): the
 * completed line carries the request (method, redacted URL, client), the status and the response time.
 * Two lines cost measurable CPU under load (docs/benchmarks.md, session 20: +0.04 to 0.2 ms per summary
 * request at the default `info`). The incoming line is still written at `debug`, for finding a request
 * that never completes.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
