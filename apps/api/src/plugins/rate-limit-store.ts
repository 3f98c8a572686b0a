import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rate_limit_hits } from '../db/schema/index.ts';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;

/**
 * A @fastify/rate-limit store over the `rate_limit_hits` table: every API process (and a restart) counts
 * against the same limits. One upsert per hit; a window that ended starts over at 1. Expired rows are
 * removed by the hourly maintenance job. Keys are `<METHOD><route url>-<key>`, like the Redis store's.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number, _max?: number) {
      const now = new Date();
      const end = new Date(now.getTime() + timeWindow);
      const expired = sql`${rate_limit_hits.expires_at} <= ${now.toISOString()}::timestamptz`;
      db.insert(rate_limit_hits)
        .values({ key: this.prefix + key, hits: 1, window_start: now, expires_at: end })
        .onConflictDoUpdate({
          target: rate_limit_hits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rate_limit_hits.hits} + 1 end`,
            window_start: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rate_limit_hits.window_start} end`,
            expires_at: sql`case when ${expired} then ${end.toISOString()}::timestamptz else ${rate_limit_hits.expires_at} end`,
          },
        })
        .returning({ hits: rate_limit_hits.hits, expires_at: rate_limit_hits.expires_at })
        .then(([row]) => cb(null, { current: row.hits, ttl: Math.max(0, row.expires_at.getTime() - now.getTime()) }), (err) => cb(err));
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
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method ?? ''}${url ?? ''}-`);
    }
  };
}
