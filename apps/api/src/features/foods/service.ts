/** Rules of the foods feature: seed loading, search ranking, detail, barcodes, custom foods. */
import { randomUUID, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import type { CustomFoodBody, FoodDetail, FoodSearchResponse, MealType, RecentFood } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { isWeightUnit, servingWeight } from '@app/nutrition/serving-weight';
import { HttpError, notFound, unavailable, unprocessable } from '../../lib/http-error.ts';
import * as repo from './repository.ts';
import { searchText, servingRow, toDetail, toSearchResult, usdaRow } from './food-rows.ts';
import { displayBarcode, toGtin14 } from './gtin.ts';
import { offProductToRow } from './off-mapping.ts';
import { closestTerms, compoundAlternatives, compoundTerms, isSubsequence, namesKind, parseQuery, score, transpositions } from './search-query.ts';
import { cacheKey, searchCacheFor, type SharedSearch } from './search-cache.ts';
import type { UsdaSeed } from './seed-format.ts';
import { SEED_FILE } from '../../paths.ts';

/** Bump when the derived columns (names, heads, commonness) change, so existing databases reload them. */
const DERIVATION_VERSION = 20;

export async function loadBuiltInFoods(db: Db): Promise<{ loaded: boolean; count: number; ms: number }> {
  const started = performance.now();
  const gz = readFileSync(SEED_FILE);
  const version = `usda-sr21:${createHash('sha256').update(gz).digest('hex').slice(0, 12)}:${DERIVATION_VERSION}`;
  const result = await repo.loadSeedOnce(db, version, () => (JSON.parse(gunzipSync(gz).toString('utf8')) as UsdaSeed).foods.map(usdaRow));
  return { ...result, ms: Math.round(performance.now() - started) };
}

const CANDIDATES = 150;
/** Fewer foods than this with every query word: the best partial matches are ranked with them. */
const FEW_FULL_MATCHES = 3;
/** Below this many matches, misspelt words are corrected against the known vocabulary. */
const CORRECT_BELOW = 3;
/**
 * Cost bounds of one search (issue 8 item 8): a flood of long misspelt queries must stay cheap. At most
 * this many words are corrected, each to at most SIMILAR_TERMS known words, and only words of a length
 * some food word has (no food word is longer than MAX_WORD; longer "words" are noise and dropped).
 */
const MAX_CORRECTED_WORDS = 3;
const SIMILAR_TERMS = 3;
/** Known words read by trigram similarity (and swapped-letter forms), of which the SIMILAR_TERMS closest in spelling are kept. */
const SIMILAR_POOL = 20;
const MAX_WORD = 24;

export interface SearchOptions {
  /** PostgreSQL: run the search in one transaction with this statement timeout (ms). PGlite cannot interrupt a query. */
  timeoutMs?: number;
  /** Runs the expensive part (searching the shared foods, on a cache miss): the route's search slots. */
  limit?: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * Rank the user's own foods (logged in the last 90 days, favourites, custom foods) above others of about the same
   * relevance (withUserFoods). The food search route sets it; without it only the user's custom foods are ranked
   * in, unboosted, so other callers (recipe matching, the relevance bench) get the same answer for every user.
   */
  personalize?: boolean;
}

/**
 * `total` counts the matches a client can page through: the ranked candidates (up to 150 of each kind). A query with a typo ("brocoli") finds
 * little; then each word also matches its closest known words, and words nothing resembles are dropped.
 * The shared foods' part of the answer comes from the search cache (search-cache.ts); the user's own
 * foods (custom foods; with `personalize`, also the foods they log and favourite) are searched every time and
 * ranked in (withUserFoods).
 */
export async function searchFoods(db: Db, userId: number, query: string, page: number, pageSize: number, opts: SearchOptions = {}): Promise<FoodSearchResponse> {
  const limit = opts.limit ?? ((fn) => fn());
  try {
    const shared = await searchCacheFor(db).getOrCompute(db, cacheKey(query, page, pageSize), () =>
      limit(() => (opts.timeoutMs ? repo.withStatementTimeout(db, opts.timeoutMs, (tx) => searchShared(tx, query, page, pageSize)) : searchShared(db, query, page, pageSize))),
    );
    return await withUserFoods(db, userId, shared, page, pageSize, opts.personalize ?? false);
  } catch (err) {
    // 57014: query_canceled by the statement timeout — a cost bound, not a server fault.
    if ((err as { code?: string }).code === '57014' || (err as { cause?: { code?: string } }).cause?.code === '57014') {
      throw unavailable('The search took too long. Try fewer or shorter words.');
    }
    if (err instanceof HttpError) throw err;
    throw new HttpError(500, 'Food search failed', 'server_error', String((err as Error).message ?? err));
  }
}

/** The shared foods a query finds, ranked, with the page's full results: the same for every user. */
async function searchShared(db: Db, query: string, page: number, pageSize: number): Promise<SharedSearch> {
  await breathe();
  const found = await candidates(db, repo.SHARED_ONLY, query);
  if (!found) return { q: null, ranked: [], results: [], total: 0, match: 'full' };
  const end = page * pageSize;
  const ranked = found.rows.map((r) => ({ id: r.id, s: score(found.q, r) })).sort((a, b) => b.s - a.s).slice(0, end);
  await breathe();
  const shown = await repo.getFoods(db, ranked.slice(end - pageSize).map((x) => x.id), repo.SHARED_ONLY);
  // Only the ranked candidates can be paged to: `total` promises no more than those (it counted up to 1000 matches,
  // and pages past the candidates came back empty).
  return { q: found.q, ranked, results: shown.map(toSearchResult), total: Math.min(found.total, found.rows.length), match: found.match };
}

/**
 * How much a user's own food's score rises at most (affinity 1: logged about daily, or a favorite they log). The
 * ranking's scores put foods of about the same relevance within a few tenths of each other ("chicken": every plain
 * chicken cut 6.9–7.0) while a clearly worse match is a point or more behind ("apple": apples 7.3, apple pie 4.2;
 * one query word missing costs 4 / words): a boost this size reorders comparable matches, never lifts a poor one
 * above a clearly better one. "butter" for a daily peanut-butter eater: peanut butter (6.3 + 0.8) above butter (6.9).
 */
export const OWN_FOOD_BOOST = 0.8;

/**
 * The shared answer with the user's own matching foods ranked in: their custom foods always; with `personalize`
 * also the foods they logged or favourited, and every own food's score raised by OWN_FOOD_BOOST × its affinity
 * (repository.userFoodCandidates). The cached shared answer is never changed: this is per request. When no shared
 * food has every word (a partial answer) but a custom food does, the user's foods with every word are the full answer.
 */
async function withUserFoods(db: Db, userId: number, shared: SharedSearch, page: number, pageSize: number, personalize: boolean): Promise<FoodSearchResponse> {
  const answer = (foods: FoodSearchResponse['foods'], total: number, match: 'full' | 'partial') => ({ foods, total: Math.min(repo.TOTAL_CAP, total), page, page_size: pageSize, match });
  const q = shared.q;
  if (!q || !q.strict) return answer(shared.results, shared.total, shared.match);
  const found = await repo.userFoodCandidates(db, userId, q.strict, q.any || q.strict, CANDIDATES);
  const mine = personalize ? found : found.filter((r) => r.custom);
  const boost = (r: repo.UserFoodCandidate) => (personalize ? OWN_FOOD_BOOST * r.affinity : 0);
  const inShared = new Set(shared.ranked.map((x) => x.id));
  let scoring = q;
  let base = shared.ranked;
  let extra: repo.UserFoodCandidate[];
  let total = shared.total;
  let match = shared.match;
  if (shared.match === 'full') extra = mine.filter((r) => r.full || inShared.has(r.id));
  else if (mine.some((r) => r.custom && r.full)) {
    ({ scoring, base, extra, total, match } = { scoring: { ...q, partial: undefined }, base: [], extra: mine.filter((r) => r.full), total: 0, match: 'full' });
  } else extra = mine;
  if (extra.length === 0) return answer(shared.results, shared.total, shared.match);
  const own = new Map(extra.map((r) => [r.id, r]));
  const inBase = new Set(base.map((x) => x.id));
  const merged = base
    .map((x) => {
      const r = own.get(x.id);
      return r ? { id: x.id, s: x.s + boost(r) } : x;
    })
    .concat(extra.filter((r) => !inBase.has(r.id)).map((r) => ({ id: r.id, s: score(scoring, r) + boost(r) })))
    .sort((a, b) => b.s - a.s);
  // The shared total already counts the shared foods among them; the custom foods are more.
  total += base.length ? extra.filter((r) => r.custom).length : extra.length;
  const start = (page - 1) * pageSize;
  const ids = merged.slice(start, start + pageSize).map((x) => x.id);
  const known = new Map(shared.results.map((f) => [f.id, f]));
  const missing = ids.filter((id) => !known.has(id));
  for (const row of await repo.getFoods(db, missing, userId)) known.set(row.id, toSearchResult(row));
  return answer(ids.map((id) => known.get(id)).filter((f) => f !== undefined), total, match);
}

/**
 * Lets other requests in between the steps of a search. PGlite runs queries on this thread and answers
 * through promises alone, so back-to-back searches would otherwise chain microtasks and never let the
 * event loop read another request (a flood kept `/auth/me` waiting for seconds).
 */
const breathe = () => setImmediate();

async function candidates(db: Db, userId: number | typeof repo.SHARED_ONLY, query: string) {
  let q = parseQuery(query);
  if (!q.text) return null;
  const typed = q.text.split(' ');
  // One look-up of the vocabulary per search, for the compounds and for the typo check below.
  const terms = compoundTerms(typed);
  let vocabulary: Set<string> | undefined;
  const swapped = new Set(typed.flatMap(transpositions));
  const known = async () => (vocabulary ??= await repo.knownTerms(db, [...new Set([...typed.filter((w) => w.length <= MAX_WORD), ...terms.lookup, ...swapped])]));
  let compounds = terms.lookup.length ? compoundAlternatives(typed, terms, await known()) : null;
  if (compounds) q = parseQuery(query, compounds);
  let rows: repo.SearchCandidate[] = [];
  let total = 0;
  const lastWord = () => q.text.split(' ').at(-1) ?? '';
  if (q.strict) ({ rows, total } = await repo.strictCandidates(db, userId, q.strict, q.exact, q.typing, lastWord(), CANDIDATES));
  // The answer holds only foods found by words close to a misspelt one ("latte" → late, potato): not a full match.
  let onlyCorrected = false;
  if (total < CORRECT_BELOW) {
    await breathe();
    const words = typed.filter((w) => w.length <= MAX_WORD);
    // Only words no food uses are corrected: a known word with few matches is not a typo.
    const vocab = await known();
    const misspelt = new Set(words.filter((w) => w.length >= 3 && /[a-z]/.test(w) && !vocab.has(w)).slice(0, MAX_CORRECTED_WORDS));
    // In sequence: inside the search's transaction one client runs one query at a time.
    const similar: string[][] = [];
    for (const w of words) {
      if (!misspelt.has(w)) {
        similar.push([]);
        continue;
      }
      const swaps = transpositions(w).filter((t) => vocab.has(t));
      const pool = [...swaps, ...(await repo.similarTerms(db, w, SIMILAR_POOL))];
      // No near word holds every typed letter: maybe letters were left out ("chikn"), which trigrams miss in a short word.
      if (!pool.some((t) => isSubsequence(w, t))) pool.push(...(await repo.termsWithLetters(db, w)));
      similar.push(closestTerms(w, pool, new Set(swaps), SIMILAR_TERMS));
    }
    const split = compoundAlternatives(typed, terms, vocab, true);
    const resplit = !!split && split.some((alts, i) => alts.length > (compounds?.[i]?.length ?? 1));
    if (split) compounds = split;
    const compoundsOf = (w: string) => compounds?.[typed.indexOf(w)]?.slice(1) ?? [];
    // A misspelt word that nothing resembles is dropped.
    const corrected = words
      .map((w, i) => [w, ...(misspelt.has(w) ? similar[i]!.filter((t) => t !== w) : []), ...compoundsOf(w)])
      .filter((alts) => alts.length > 1 || !misspelt.has(alts[0]!));
    if (corrected.length && (misspelt.size || resplit)) {
      await breathe();
      q = parseQuery(query, corrected);
      const more = await repo.strictCandidates(db, userId, q.strict, q.exact, q.typing, lastWord(), CANDIDATES);
      const seen = new Set(rows.map((r) => r.id));
      onlyCorrected = rows.length === 0 && misspelt.size > 0 && more.rows.length > 0;
      rows = rows.concat(more.rows.filter((r) => !seen.has(r.id)));
      total = Math.max(total, more.total);
    }
  }
  // "peanut butter cups", "fish sticks": foods named by the shape word with the rest, so it names the thing after all.
  if (q.part !== undefined) {
    const asNamed = { ...q, noun: q.part, part: undefined };
    if (rows.some((r) => namesKind(asNamed, r))) q = asNamed;
  }
  // No food has every word ("avocado toast"): answer the best partial matches, and say so. When only one
  // or two foods have every word ("red onion": two onion soups), the foods that are exactly the thing
  // named ("Onions, raw") compete with them.
  if (rows.length < FEW_FULL_MATCHES && q.groups.length > 1 && q.any) {
    await breathe();
    const some = await repo.strictCandidates(db, userId, q.any, q.anyExact, q.anyExact, '', CANDIDATES);
    const seen = new Set(rows.map((r) => r.id));
    const merged = rows.concat(some.rows.filter((r) => !seen.has(r.id) && (rows.length === 0 || namesKind(q, r))));
    return { q: { ...q, partial: true }, rows: merged, total: Math.max(total, some.total), match: rows.length && !onlyCorrected ? ('full' as const) : ('partial' as const) };
  }
  return { q, rows, total, match: onlyCorrected ? ('partial' as const) : ('full' as const) };
}

/**
 * The foods the user logged, the latest first (distinct foods), with how often and how they last logged each: what
 * the food dialog offers before the first keystroke. With a meal, the foods logged in that meal, when there are
 * some; else all. Only the caller's own history; foods they can no longer see are left out.
 */
export async function recentFoods(db: Db, userId: number, limit: number, mealType?: MealType): Promise<RecentFood[]> {
  let rows = mealType ? await repo.recentFoods(db, userId, mealType, limit) : [];
  if (rows.length === 0) rows = await repo.recentFoods(db, userId, null, limit);
  const byId = new Map((await repo.getFoods(db, rows.map((r) => r.food_id), userId)).map((f) => [f.id, f]));
  return rows.flatMap((r) => {
    const food = byId.get(r.food_id);
    if (!food) return [];
    return [
      {
        food: toSearchResult(food),
        times_logged: r.times_logged,
        last_logged_at: r.last_logged_at,
        last_logged_date: r.last_date,
        last_serving: { serving_description: r.serving_description, number_of_servings: r.number_of_servings, serving_grams: r.serving_grams },
      },
    ];
  });
}

/** Several foods at once, in the order asked; unknown ids and other users' custom foods are left out. */
export async function foodDetails(db: Db, userId: number, ids: string[]): Promise<FoodDetail[]> {
  return (await repo.getFoods(db, ids, userId)).map(toDetail);
}

/** Another user's custom food answers 404, exactly like an unknown id. */
export async function foodDetail(db: Db, userId: number, id: string): Promise<FoodDetail> {
  const row = await repo.getFood(db, id, userId);
  if (!row) throw notFound('Food not found');
  return toDetail(row);
}

export interface OffOptions {
  online: boolean;
  apiUrl: string;
}

/**
 * The user's own custom food with this barcode first, then local shared products (imports); then, when
 * enabled, Open Food Facts online, cached. Another user's custom food never answers.
 */
export async function lookupBarcode(db: Db, userId: number, code: string, off: OffOptions): Promise<FoodDetail> {
  const gtin = toGtin14(code);
  if (!gtin) throw new HttpError(422, 'A barcode has 8 to 14 digits', 'validation_error', [{ loc: ['path', 'barcode'], msg: 'A barcode has 8 to 14 digits', type: 'value_error' }]);
  const local = await repo.findByGtin(db, gtin, userId);
  if (local) return toDetail(local);
  if (off.online) {
    const row = await fetchOpenFoodFacts(off.apiUrl, displayBarcode(gtin));
    if (row) {
      await repo.upsertFoods(db, [row]);
      return toDetail((await repo.getFood(db, row.id as string, userId))!);
    }
  }
  throw notFound('Product not found for this barcode');
}

async function fetchOpenFoodFacts(apiUrl: string, barcode: string) {
  let res: Response;
  try {
    res = await fetch(`${apiUrl.replace(/\/$/, '')}/api/v2/product/${barcode}.json`, {
      headers: { 'user-agent': 'NutritionTracker/0.1 (barcode lookup)' },
      signal: AbortSignal.timeout(5000),
    });
  } catch (err) {
    throw new HttpError(502, 'Barcode lookup failed', 'bad_gateway', 'Open Food Facts could not be reached');
  }
  if (res.status === 404) return null;
  if (!res.ok) throw new HttpError(502, 'Barcode lookup failed', 'bad_gateway', `Open Food Facts answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as { status?: number; product?: Record<string, unknown> } | null;
  if (!body || body.status !== 1 || !body.product) return null;
  return offProductToRow({ code: barcode, ...body.product });
}

/**
 * One serving's grams: given, or implied by a weight or ml unit ("60 g" weighs 60 g), else 100. A given weight that
 * contradicts a weight unit (60 g said to weigh 100 g) is refused: every per-100 g value would be off by that ratio.
 */
export function customServingGrams(body: Pick<CustomFoodBody, 'serving_size' | 'serving_unit' | 'serving_grams'>): number {
  const implied = servingWeight(body.serving_size, body.serving_unit);
  if (body.serving_grams === undefined) return implied ?? 100;
  if (implied !== null && isWeightUnit(body.serving_unit) && Math.abs(body.serving_grams - implied) > Math.max(0.5, implied * 0.01)) {
    throw unprocessable(`serving_grams (${body.serving_grams}) does not match the serving, ${body.serving_size} ${body.serving_unit.trim()} (${implied} g): leave it out or send ${implied}`, ['body', 'serving_grams']);
  }
  return body.serving_grams;
}

export async function createCustomFood(db: Db, userId: number, body: CustomFoodBody): Promise<FoodDetail> {
  const uuid = randomUUID();
  const grams = customServingGrams(body);
  const per100 = (v: number) => (v * 100) / grams;
  const gtin = body.barcode ? toGtin14(body.barcode) : null;
  const row = await repo.insertFood(db, {
    id: `custom-${uuid}`,
    source: 'custom',
    source_id: gtin ? displayBarcode(gtin) : uuid,
    name: body.name,
    brand_name: body.brand_name,
    food_type: body.brand_name ? 'Brand' : 'Generic',
    food_description: [body.brand_name, body.name].filter(Boolean).join(' '),
    food_group: '',
    gtin,
    serving_size: body.serving_size,
    serving_unit: body.serving_unit,
    servings: [servingRow(body.serving_size, body.serving_unit, grams)],
    calories: per100(body.calories),
    protein: per100(body.protein),
    carbs: per100(body.carbs),
    fat: per100(body.fat),
    fiber: per100(body.fiber),
    sugar: per100(body.sugar),
    sodium: per100(body.sodium),
    potassium: per100(body.potassium),
    saturated_fat: per100(body.saturated_fat),
    monounsaturated_fat: per100(body.monounsaturated_fat),
    polyunsaturated_fat: per100(body.polyunsaturated_fat),
    trans_fat: per100(body.trans_fat),
    cholesterol: per100(body.cholesterol),
    search_head: body.name.toLowerCase(),
    search_text: searchText(body.name, body.brand_name),
    commonness: -0.6,
    created_by: userId,
  });
  return toDetail(row);
}
