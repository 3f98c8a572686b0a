/**
 * Exactly-once writes (issue 45, "Exactly once"): a route opts in with `config: { idempotent: true }`. A request that
 * carries an `Idempotency-Key` header (1 to 255 visible ASCII characters; else 422) is answered once: the key is
 * claimed in the database (the row's primary key, (user_id, key), lets exactly one request through, on any process),
 * the route runs, and its 2xx answer (status and body, as sent) is stored with the key. A repeat with the same key and
 * the same request (method, path, body) gets that first answer again, with `Idempotent-Replayed: true`, and the route
 * does not run: never a second row. The same key with another body or on another route: 422
 * `idempotency_key_reused`. A repeat while the first is still being answered waits for it (up to WAIT_MS), then 409
 * `idempotency_key_in_progress` with Retry-After. An answer that is not 2xx is not kept: the key is freed, so the
 * client may retry with it. Keys are kept IDEMPOTENCY_KEY_DAYS days (the hourly maintenance job removes older ones).
 *
 * One gap, documented in docs/idempotency.md: a process that dies after the route's write committed but before the
 * answer was stored leaves the key "in progress"; after STALE_MS a repeat takes the key over and runs the route again.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_DAYS } from '@app/contracts';
import type { Db } from '../db/client.ts';
import { idempotency_keys } from '../db/schema/index.ts';
import { HttpError, unprocessable } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a repeated `Idempotency-Key` with its first answer (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed (plugins/idempotency.ts), until its answer is stored or the key freed. */
    idempotencyClaim?: { userId: number; key: string; body?: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a repeat waits for the first request with its key to be answered before its 409. */
export const WAIT_MS = 2_000;
const POLL_MS = 50;
/** A key still "in progress" after this long was left by a process that died: a repeat may take it over. */
export const STALE_MS = 60_000;

const KEY_RE = /^[\x21-\x7e]{1,255}$/;
const KEY_MSG = 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID made on the device)';

/** The header as the OpenAPI document declares it on every opted-in route (other headers pass through untouched). */
export const IdempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(KEY_RE, KEY_MSG)
    .optional()
    .meta({
      description: `Makes this write happen once: a repeat with the same key and body answers the first answer (with Idempotent-Replayed: true) and writes nothing. Kept ${IDEMPOTENCY_KEY_DAYS} days. Reusing a key for another body or route is a 422 (idempotency_key_reused); a repeat while the first is still running may get a 409 (idempotency_key_in_progress) with Retry-After.`,
    }),
});

export const reusedKey = () =>
  new HttpError(422, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.', 'idempotency_key_reused', [
    { loc: ['headers', IDEMPOTENCY_HEADER], msg: 'Idempotency-Key reused with another body or route', type: 'idempotency_key_reused' },
  ]);
export const keyInProgress = () =>
  new HttpError(409, 'A request with this Idempotency-Key is still being processed. Try again shortly.', 'idempotency_key_in_progress', null, { 'retry-after': '1' });

/** What a repeat must match: a hash of the request body as validated. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type KeyRow = typeof idempotency_keys.$inferSelect;

async function claim(db: Db, row: typeof idempotency_keys.$inferInsert): Promise<boolean> {
  const got = await db.insert(idempotency_keys).values(row).onConflictDoNothing().returning({ key: idempotency_keys.key });
  return got.length > 0;
}

async function find(db: Db, userId: number, key: string): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(idempotency_keys).where(and(eq(idempotency_keys.user_id, userId), eq(idempotency_keys.key, key)));
  return row;
}

/** Takes over a key left in progress by a process that died (only if nobody else took it first). */
async function takeOver(db: Db, row: KeyRow): Promise<boolean> {
  const got = await db
    .update(idempotency_keys)
    .set({ created_at: new Date() })
    .where(and(eq(idempotency_keys.user_id, row.user_id), eq(idempotency_keys.key, row.key), isNull(idempotency_keys.status), eq(idempotency_keys.created_at, row.created_at)))
    .returning({ key: idempotency_keys.key });
  return got.length > 0;
}

/** Removes keys older than `days` (the maintenance job). */
export async function purgeIdempotencyKeys(db: Db, now: Date, days = IDEMPOTENCY_KEY_DAYS): Promise<number> {
  const gone = await db
    .delete(idempotency_keys)
    .where(sql`${idempotency_keys.created_at} < ${new Date(now.getTime() - days * 86_400_000).toISOString()}::timestamptz`)
    .returning({ key: idempotency_keys.key });
  return gone.length;
}

function replay(reply: FastifyReply, row: KeyRow) {
  return reply
    .code(row.status!)
    .header(REPLAYED_HEADER, 'true')
    .type(row.response_type || 'application/json; charset=utf-8')
    .send(row.response_body ?? '');
}

export default fp(
  async function idempotencyPlugin(app: FastifyInstance) {
    // Every opted-in route declares the header (the OpenAPI document, and its validation: a bad key is a 422).
    app.addHook('onRoute', (route) => {
      if (route.config?.idempotent !== true) return;
      if (route.schema?.headers) throw new Error(`${route.url}: an idempotent route declares its own headers; merge IdempotencyHeadersSchema into them`);
      route.schema = { ...route.schema, headers: IdempotencyHeadersSchema };
    });

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config?.idempotent !== true || !request.session) return;
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY_RE.test(key)) throw unprocessable(KEY_MSG, ['headers', IDEMPOTENCY_HEADER]);
      const userId = request.session.userId;
      const method = request.method;
      const path = request.url.split('?')[0]!;
      const request_hash = requestHash(request.body);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claim(app.db, { user_id: userId, key, method, path, request_hash })) {
          request.idempotencyClaim = { userId, key };
          return;
        }
        const row = await find(app.db, userId, key);
        if (row) {
          if (row.method !== method || row.path !== path || row.request_hash !== request_hash) throw reusedKey();
          if (row.status !== null) return replay(reply, row);
          if (Date.now() - row.created_at.getTime() > STALE_MS && (await takeOver(app.db, row))) {
            request.idempotencyClaim = { userId, key };
            return;
          }
        }
        // In progress (or freed between the two statements: claim again).
        if (Date.now() >= deadline) throw keyInProgress();
        await sleep(POLL_MS);
      }
    });

    // The answer as it will be sent, before compression (the route's own serializer, for its status).
    app.addHook('preSerialization', async (request, reply, payload) => {
      const own = request.idempotencyClaim;
      if (own && reply.statusCode >= 200 && reply.statusCode < 300) {
        const text = reply.serialize(payload);
        own.body = typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
      }
      return payload;
    });

    // Before the answer leaves: a 2xx is stored with its key; anything else frees the key for a retry.
    app.addHook('onSend', async (request, reply, payload) => {
      const own = request.idempotencyClaim;
      if (!own) return payload;
      request.idempotencyClaim = undefined;
      const where = and(eq(idempotency_keys.user_id, own.userId), eq(idempotency_keys.key, own.key));
      const body = own.body ?? (typeof payload === 'string' ? payload : payload == null ? '' : null);
      if (reply.statusCode >= 200 && reply.statusCode < 300 && body !== null) {
        const type = reply.getHeader('content-type');
        await app.db.update(idempotency_keys).set({ status: reply.statusCode, response_body: body, response_type: typeof type === 'string' ? type : null }).where(where);
      } else {
        if (reply.statusCode >= 200 && reply.statusCode < 300) request.log.warn({ key: own.key }, 'idempotent answer could not be stored (not text): key freed');
        await app.db.delete(idempotency_keys).where(where);
      }
      return payload;
    });
  },
  { name: 'idempotency' },
);
