import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { queryArrays, type Db } from '../db/client.ts';
import { rate_limit_hits } from '../db/schema/index.ts';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;

/**
 * A @fastify/rate-limit store over the `rate_limit_hits` table: every API process (and a restart) counts
 * against the same limits. One upsert per hit; a window that ended starts over at 1. Expired rows are
 * removed by the hourly maintenance job. Keys are `<METHOD><route url>-<key>`, like the Redis store's.
 */
/**
 * One hit: a prepared statement in plain SQL (db/client.ts queryArrays), not built by drizzle on every
 * request (query building was ~8 % of a food search's CPU profile, docs/benchmarks.md session 18).
 */
const INCR_SQL = `insert into rate_limit_hits (key, hits, window_start, expires_at) values ($1, 1, $2::timestamptz, $3::timestamptz)
  on conflict (key) do update set
    hits = case when rate_limit_hits.expires_at <= $2::timestamptz then 1 else rate_limit_hits.hits + 1 end,
    window_start = case when rate_limit_hits.expires_at <= $2::timestamptz then $2::timestamptz else rate_limit_hits.window_start end,
    expires_at = case when rate_limit_hits.expires_at <= $2::timestamptz then $3::timestamptz else rate_limit_hits.expires_at end
  returning hits, expires_at`;
const INCR_NAME = `rate_limit_incr_${createHash('sha1').update(INCR_SQL).digest('hex').slice(0, 12)}`;

export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number, _max?: number) {
      const now = new Date();
      const end = new Date(now.getTime() + timeWindow);
      queryArrays(db, INCR_NAME, INCR_SQL, [this.prefix + key, now.toISOString(), end.toISOString()]).then(
        ([row]) => cb(null, { current: row![0] as number, ttl: Math.max(0, (row![1] as Date).getTime() - now.getTime()) }),
        (err) => cb(err),
      );
    }

    /** The count without adding a hit (`{ increment: false }`). */
    read(key: string, cb: Callback) {
      const now = Date.now();
      db.select()
        .from(rate_limit_hits)
        .where(eq(rate_limit_hits.key, this.prefix + key))
        .then(([row]) => {
          if (!row || row.expires_at.getTime() <= now) return cb(null, { current: 0, ttl: 0 });
          cb(null, { current: row.hits, ttl: row.expires_at.getTime() - now });
        }, (err) => cb(err));
    }

    // The typings say RouteOptions; at run time the merged params carry the route as `routeInfo`.
    // Routes with the same `groupId` share one count (meal options and what-to-eat are one allowance).
    child(routeOptions: object) {
      const { groupId, routeInfo } = routeOptions as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
      if (groupId) return new PostgresRateLimitStore(undefined, `${this.prefix}group:${groupId}-`);
      const { method, url } = routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method ?? ''}${url ?? ''}-`);
    }
  };
}
