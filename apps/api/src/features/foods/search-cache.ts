/**
 * A cache of the SHARED part of food search results (issue 15 §2): what built-in and imported foods a
 * query finds is the same for everyone, so it is computed once per normalised query and page and kept
 * in a bounded LRU. Custom foods are private and never enter this cache: the service searches the
 * user's own custom foods on every request and ranks them together with the cached shared results.
 *
 * Invalidation: shared foods change only through imports (repository.upsertFoods: the seed, the bulk
 * importers, Open Food Facts look-ups). Each such change bumps a generation counter stored in the
 * database (shared_foods_version) and a counter in this process. The cache is cleared at once when this
 * process changed the foods, and within CHECK_EVERY_MS when another process did (the database's counter
 * is read at most once per interval).
 */
import { LRUCache } from 'lru-cache';
import type { FoodSearchResult } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';
import type { ParsedQuery } from './search-query.ts';

/** What a query finds among the shared foods, ranked, with the full results of the page asked for. */
export interface SharedSearch {
  /** The query as searched (after typo correction); null when the query has no searchable word. */
  q: ParsedQuery | null;
  /** The best `page × pageSize` shared foods with their scores, best first (custom foods merge into this). */
  ranked: { id: string; s: number }[];
  /** The page of shared results (ranked[(page-1)×pageSize …]). */
  results: FoodSearchResult[];
  total: number;
  match: 'full' | 'partial';
}

export const MAX_ENTRIES = 2_000;
export const CHECK_EVERY_MS = 1_000;

/** Case and spacing do not change what a query finds; anything else (punctuation, stopwords) is left to the parser. */
export function cacheKey(query: string, page: number, pageSize: number): string {
  return `${page}:${pageSize}:${query.toLowerCase().trim().replace(/\s+/g, ' ')}`;
}

export class SearchCache {
  #lru = new LRUCache<string, SharedSearch>({ max: MAX_ENTRIES });
  #inflight = new Map<string, Promise<SharedSearch>>();
  /** Bumped on every clear: a result computed across a clear may be stale and is not stored. */
  #epoch = 0;
  #localVersion = repo.sharedFoodsLocalVersion();
  #dbGeneration: number | undefined;
  #checkedAt = -Infinity;
  #checking: Promise<void> | null = null;
  hits = 0;
  misses = 0;

  get size(): number {
    return this.#lru.size;
  }

  /** The epoch to hand back to `set`: a result is stored only when no invalidation happened meanwhile. */
  get epoch(): number {
    return this.#epoch;
  }

  async get(db: Db, key: string): Promise<SharedSearch | undefined> {
    await this.#fresh(db);
    const hit = this.#lru.get(key);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /**
   * The cached result, or `compute`'s. Requests that miss on the same key while it runs share one
   * computation (50 clients asking for "chicken breast" at once run one search, not 50).
   */
  async getOrCompute(db: Db, key: string, compute: () => Promise<SharedSearch>): Promise<SharedSearch> {
    const hit = await this.get(db, key);
    if (hit) return hit;
    let pending = this.#inflight.get(key);
    if (!pending) {
      const epoch = this.#epoch;
      pending = compute()
        .then((value) => {
          this.set(key, value, epoch);
          return value;
        })
        .finally(() => {
          if (this.#inflight.get(key) === pending) this.#inflight.delete(key);
        });
      this.#inflight.set(key, pending);
    }
    return pending;
  }

  set(key: string, value: SharedSearch, epoch: number) {
    if (epoch === this.#epoch && this.#localVersion === repo.sharedFoodsLocalVersion()) this.#lru.set(key, value);
  }

  clear() {
    this.#lru.clear();
    this.#inflight.clear();
    this.#epoch++;
  }

  async #fresh(db: Db) {
    const local = repo.sharedFoodsLocalVersion();
    if (local !== this.#localVersion) {
      this.#localVersion = local;
      this.clear();
    }
    if (performance.now() - this.#checkedAt < CHECK_EVERY_MS) return;
    // One read per interval, shared by the requests that arrive while it runs.
    this.#checking ??= (async () => {
      try {
        const generation = await repo.sharedFoodsGeneration(db);
        if (generation !== this.#dbGeneration) {
          if (this.#dbGeneration !== undefined) this.clear();
          this.#dbGeneration = generation;
        }
        this.#checkedAt = performance.now();
      } finally {
        this.#checking = null;
      }
    })();
    await this.#checking;
  }
}

/** One cache per database handle: two apps (or two test databases) in one process never share results. */
const caches = new WeakMap<Db, SearchCache>();

export function searchCacheFor(db: Db): SearchCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SearchCache()));
  return cache;
}
