import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { getTableColumns } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { AccessTokenClaimsSchema } from '@app/contracts';
import type { z } from 'zod';
import { users } from '../db/schema/index.ts';
import { queryArrays, type Db } from '../db/client.ts';
import { ErrorTypes } from '@app/contracts';
import { HttpError, forbidden, tooManyRequests, unauthorized, unprocessable } from '../lib/http-error.ts';
import { FrontDoor } from '../lib/front-door.ts';
import type { Config } from '../config.ts';

/** Swagger UI's routes; public like the web app's files. */
export const DOCS_PREFIX = '/api/v1/docs';

export type UserRow = typeof users.$inferSelect;
type Claims = z.infer<typeof AccessTokenClaimsSchema>;
/** Who a verified token speaks for; the user's row must still match `tokenVersion` and not be deactivated. */
export interface TokenSession {
  userId: number;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: { issue(user: UserRow): Promise<string> };
    /** What each signed-in user has in flight in this process (lib/front-door.ts). */
    frontDoor: FrontDoor;
    requireSuperuser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not `config.public` (and not `config.userRow: false`). */
    user: UserRow;
    /** The verified token's user id and token version; set on every route that is not `config.public`. */
    session: TokenSession;
  }
  interface FastifyContextConfig {
    /** Opt out of authentication for this route. */
    public?: boolean;
    /**
     * `false`: the hook checks the token (signature, expiry, claims) but does not read the user's row; the
     * route's own statement must check the user (`request.session`: id, token version, not deactivated)
     * and answer 401 when it does not match. One round trip instead of two, for the app's most frequent
     * read (the daily summary). The statement must also require `email_validated` (unless the route has
     * `allowUnverified`) and answer `await sessionRefusal(db, session)` when it finds no row. `request.user` is not
     * set on such a route.
     */
    userRow?: false;
    /**
     * The route serves an account whose e-mail address is not verified yet (spec §6: such a user is held at
     * /verify-email). Every other private route answers 403 `email_not_verified` to it. Set by the hook below
     * for UNVERIFIED_ALLOWED; a route may also set it itself.
     */
    allowUnverified?: true;
  }
}

/**
 * The private routes an account with an unverified e-mail address may call (spec §4 and §6): who am I (the app
 * reads `email_validated` from it to send the user to /verify-email), is my token valid, sign out, and delete the
 * account. Verifying (`/auth/complete-registration`) and asking for a new code (`/auth/resend-code`) are public
 * routes, keyed by the address, so they need no entry here. Decided from the registered path, like `public`.
 */
export const UNVERIFIED_ALLOWED: ReadonlySet<string> = new Set([
  'GET /api/v1/auth/me',
  'GET /api/v1/auth/validate-token',
  'POST /api/v1/auth/logout',
  'DELETE /api/v1/profile',
]);

/** 403 for an account whose e-mail address is not verified (a token issued before an admin marked it unverified). */
export const emailNotVerified = () =>
  new HttpError(
    403,
    'Verify your e-mail address first: enter the code we sent you, or ask for a new one.',
    ErrorTypes.emailNotVerified,
    { verify: 'POST /api/v1/auth/complete-registration', resend_code: 'POST /api/v1/auth/resend-code' },
  );

/**
 * The signed-in user's row, read on every request: plain SQL in array mode (db/client.ts queryArrays),
 * not drizzle's prepared select and row mapping (~2 % of a request's CPU profile, docs/benchmarks.md
 * session 18). The columns come from the table's definition; the driver gives every column type used
 * there the value drizzle gives, and a column of another type stops the server at start-up here,
 * before it could reach requests with a differently typed value.
 */
function userByIdStatement() {
  const same = new Set(['PgSerial', 'PgInteger', 'PgText', 'PgBoolean', 'PgTimestamp', 'PgUUID']);
  const columns = Object.entries(getTableColumns(users));
  for (const [key, c] of columns) if (!same.has(c.columnType)) throw new Error(`auth: users.${key} is a ${c.columnType}; teach userByIdStatement how the driver returns it`);
  const text = `select ${columns.map(([, c]) => `"${c.name}"`).join(', ')} from users where id = $1 limit 1`;
  const name = `auth_user_by_id_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  const keys = columns.map(([key]) => key);
  return async (db: Db, id: number): Promise<UserRow | undefined> => {
    const [row] = await queryArrays(db, name, text, [id]);
    if (!row) return undefined;
    const user: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) user[keys[i]!] = row[i];
    return user as UserRow;
  };
}

let refusalUserById: ReturnType<typeof userByIdStatement> | undefined;
/**
 * For a `config.userRow: false` route whose own statement found no user for the session: the error to answer,
 * read only on this failure path: 403 email_not_verified for a live session of an unverified account, else 401.
 */
/** Waits `ms`, or less when the client goes away first. */
function holdFor(reply: FastifyReply, ms: number): Promise<void> {
  if (reply.raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      reply.raw.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    reply.raw.once('close', done);
  });
}

export async function sessionRefusal(db: Db, session: TokenSession): Promise<HttpError> {
  const user = await (refusalUserById ??= userByIdStatement())(db, session.userId);
  if (user && user.token_version === session.tokenVersion && !user.deactivated_at && !user.email_validated) return emailNotVerified();
  return unauthorized('Could not validate credentials');
}

/**
 * Authentication is on by default for the whole API tree; routes opt out with `config: { public: true }`.
 * Tokens: HS256 JWT with sub, exp, iat, type=access, is_superuser and `ver` (the user's token version,
 * bumped by password change/reset/deletion so earlier tokens stop working).
 */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { config: Config }) {
    const db = app.db;
    const key = new TextEncoder().encode(opts.config.JWT_SECRET);
    // Imported once: handing jose the raw bytes made it import a WebCrypto key on every request.
    const verifyKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    const ttl = opts.config.ACCESS_TOKEN_TTL;
    // A token whose signature and claims were checked is remembered until it expires: the HMAC check was
    // the largest single item of a summary request's CPU profile (docs/benchmarks.md). Only the signature
    // work is skipped; revocation (the token version) is still read from the database on every request.
    const verified = new LRUCache<string, Claims>({ max: 10_000 });
    const userById = userByIdStatement();

    app.decorate('tokens', {
      async issue(user: UserRow) {
        return new SignJWT({ type: 'access', is_superuser: user.is_superuser, ver: user.token_version })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
          .sign(key);
      },
    });

    app.decorateRequest('user', null as unknown as UserRow);
    app.decorateRequest('session', null as unknown as TokenSession);

    // Public or private is decided once per route from its registered path, never from the request URL:
    // a percent-encoded URL (`/%61pi/v1/...`) reaches the same route and must meet the same check.
    // The web app's files and Swagger UI (under DOCS_PREFIX) are public; every other route needs a token.
    app.addHook('onRoute', (route) => {
      const url = route.url ?? '';
      if (!url.startsWith('/api/') || url === DOCS_PREFIX || url.startsWith(DOCS_PREFIX + '/')) {
        route.config = { ...(route.config as object), public: true };
      }
      for (const method of [route.method].flat()) {
        if (UNVERIFIED_ALLOWED.has(`${method === 'HEAD' ? 'GET' : method} ${url}`)) route.config = { ...(route.config as object), allowUnverified: true };
      }
    });

    // What one user may have in flight here, checked before the database is touched (lib/front-door.ts).
    const door = new FrontDoor({ perUser: opts.config.FRONT_DOOR_PER_USER, holdMs: opts.config.FRONT_DOOR_HOLD_MS });
    app.decorate('frontDoor', door);

    // Whether the database serves requests in turns (plugins/db.ts: PGlite only).
    const takesTurns = app.hasRequestDecorator('requestContext');
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404 || request.routeOptions.config?.public === true) return;
      request.session = await verifyToken(request, request.method === 'GET' || request.method === 'HEAD');
      const { userId } = request.session;
      // From here on the request's database calls take this user's turn (db/fair-order.ts), not its network's.
      if (takesTurns) request.requestContext.set('dbShare', `user:${userId}`);
      const leave = door.enter(userId);
      if (!leave) throw tooManyRequests('Too many requests at once. Wait for your other requests to finish and try again.', 1);
      reply.raw.once('close', leave);
      if (request.routeOptions.config?.userRow === false) return;
      // A prepared statement in plain SQL: on PostgreSQL parsed and planned once per connection.
      const user = await userById(db, request.session.userId);
      if (!user || user.token_version !== request.session.tokenVersion || user.deactivated_at) throw unauthorized('Could not validate credentials');
      if (!user.email_validated && request.routeOptions.config?.allowUnverified !== true) throw emailNotVerified();
      request.user = user;
    });

    // A signed-in user's data must not stay in a shared or browser cache.
    app.addHook('onSend', async (request, reply) => {
      if (!request.session) return;
      reply.header('cache-control', 'no-store');
      if (reply.statusCode !== 429) return;
      // A flooding user's refusal is held before it is sent, its slot still taken (lib/front-door.ts).
      const hold = door.refused(request.session.userId);
      if (hold > 0) {
        const release = door.holding(request.session.userId);
        await holdFor(reply, hold).finally(release);
      }
    });

    async function verifyToken(request: FastifyRequest, allowQueryToken: boolean): Promise<TokenSession> {
      const header = request.headers.authorization;
      // `_auth` is one string (the OpenAPI document says so): given twice it is a malformed call, not ignored.
      if (allowQueryToken && Array.isArray((request.query as Record<string, unknown> | undefined)?._auth)) {
        throw unprocessable('_auth must be given once', ['query', '_auth']);
      }
      let token: string | undefined;
      if (header) {
        const m = /^Bearer\s+(\S+)$/i.exec(header);
        if (!m) throw unauthorized('Authorization header must be "Bearer <token>"');
        token = m[1];
      } else {
        // Native iOS sends the token as the `_auth` query parameter as well (spec §7). It is honoured on
        // reads only (docs/decisions/0004): a URL leaks more easily (logs, history), and a leaked URL
        // must not be able to change or delete anything. The request log redacts it (plugins/logging.ts).
        const q = request.query as Record<string, unknown> | undefined;
        if (allowQueryToken && typeof q?._auth === 'string' && q._auth) token = q._auth;
      }
      if (!token) throw unauthorized('Not authenticated');
      let claims = verified.get(token);
      if (!claims || claims.exp * 1000 <= Date.now()) {
        try {
          const { payload } = await jwtVerify(token, verifyKey, { algorithms: ['HS256'] });
          claims = AccessTokenClaimsSchema.parse(payload);
        } catch {
          throw unauthorized('Could not validate credentials');
        }
        verified.set(token, claims, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
      }
      const id = Number(claims.sub);
      if (!Number.isSafeInteger(id)) throw unauthorized('Could not validate credentials');
      return { userId: id, tokenVersion: claims.ver };
    }

    app.decorate('requireSuperuser', async (request: FastifyRequest) => {
      if (!request.user?.is_superuser) throw forbidden('Superuser privileges are required');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
