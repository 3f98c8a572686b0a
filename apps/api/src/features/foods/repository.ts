/** The only SQL of the foods feature. */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { queryArrays, type Db } from '../../db/client.ts';
import { MICRONUTRIENTS } from '../../db/schema/micronutrients.ts';
import { food_seed_loads, food_terms, foods, shared_foods_version } from '../../db/schema/index.ts';
import type { FoodRow, NewFoodRow } from './food-rows.ts';

const CHUNK = 1000;

/**
 * Insert or update by id: re-running an import updates, never duplicates. Each chunk travels as one JSON
 * parameter expanded by json_populate_recordset — far faster than tens of thousands of bound values.
 */
export async function upsertFoods(db: Db, rows: NewFoodRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const cols = Object.keys(chunk[0]!).filter((k) => /^[a-z_0-9]+$/.test(k));
    const list = sql.raw(cols.map((c) => `"${c}"`).join(', '));
    const updates = sql.raw(
      cols
        .filter((c) => c !== 'id' && c !== 'created_by')
        .map((c) => `"${c}" = excluded."${c}"`)
        .concat('"updated_at" = now()')
        .join(', '),
    );
    await db.execute(
      sql`insert into foods (${list}) select ${list} from json_populate_recordset(null::foods, ${JSON.stringify(chunk)}::json) on conflict (id) do update set ${updates}`,
    );
    await addTerms(db, chunk.map((r) => r.search_text));
  }
  // Every food written here is shared (custom foods go through insertFood): cached searches are stale now.
  if (rows.length) {
    await bumpSharedFoodsGeneration(db);
    localSharedChanges++;
  }
}

/** How often this process changed the shared foods (search-cache.ts clears itself when this moves). */
let localSharedChanges = 0;
export const sharedFoodsLocalVersion = () => localSharedChanges;

/** Tells every API process (through the database) that the shared foods changed. */
export async function bumpSharedFoodsGeneration(db: Db): Promise<void> {
  await db
    .insert(shared_foods_version)
    .values({ id: 1, generation: 1 })
    .onConflictDoUpdate({ target: shared_foods_version.id, set: { generation: sql`${shared_foods_version.generation} + 1` } });
}

export async function sharedFoodsGeneration(db: Db): Promise<number> {
  const [row] = await db.select({ generation: shared_foods_version.generation }).from(shared_foods_version).where(eq(shared_foods_version.id, 1));
  return row?.generation ?? 0;
}

/** Remembers every word of the searchable text, so a misspelt query word can be corrected. */
export async function addTerms(db: Db, texts: string[]): Promise<void> {
  const terms = new Set<string>();
  for (const t of texts) for (const w of t.toLowerCase().split(/[^a-z]+/)) if (w.length >= 3 && w.length <= 30) terms.add(w);
  const list = [...terms];
  if (list.length) await db.execute(sql`insert into ${food_terms} (term) select unnest(${`{${list.join(',')}}`}::text[]) on conflict do nothing`);
}

/** Whether `word` is a whole word of some food's text (a finished word, not one still being typed). */
export async function isKnownTerm(db: Db, word: string): Promise<boolean> {
  if (word.length < 3) return false;
  const rows = await db.select({ term: food_terms.term }).from(food_terms).where(eq(food_terms.term, word)).limit(1);
  return rows.length > 0;
}

/** Which of `words` are whole words of some food's text. */
export async function knownTerms(db: Db, words: string[]): Promise<Set<string>> {
  const list = words.filter((w) => w.length >= 3);
  if (!list.length) return new Set();
  const rows = await db.select({ term: food_terms.term }).from(food_terms).where(inArray(food_terms.term, list));
  return new Set(rows.map((r) => r.term));
}

/** Known words closest to a (possibly misspelt) query word, best first; the word itself when known. */
export async function similarTerms(db: Db, word: string, limit = 4): Promise<string[]> {
  const rows = await db
    .select({ term: food_terms.term })
    .from(food_terms)
    .where(sql`${food_terms.term} % ${word}`)
    .orderBy(sql`similarity(${food_terms.term}, ${word}) desc`)
    .limit(limit);
  return rows.map((r) => r.term);
}

/**
 * Known words that hold every letter of `word` in order, starting with its first, and are one to three letters
 * longer ("chikn": chicken): letters left out, which trigrams miss in short words. A LIKE with a wildcard
 * between letters; the vocabulary is a few thousand words (built-in foods) to some hundred thousand.
 */
export async function termsWithLetters(db: Db, word: string, limit = 10): Promise<string[]> {
  if (!/^[a-z]{4,16}$/.test(word)) return [];
  const pattern = `${word[0]}${[...word.slice(1)].map((c) => `%${c}`).join('')}%`;
  const rows = await db
    .select({ term: food_terms.term })
    .from(food_terms)
    .where(sql`${food_terms.term} like ${pattern} and length(${food_terms.term}) between ${word.length + 1} and ${word.length + 3}`)
    .limit(limit);
  return rows.map((r) => r.term);
}

/**
 * Loads the built-in foods once per seed version. The transaction-scoped advisory lock makes a second
 * process (two API processes on one PostgreSQL) wait and then see the version row, so it loads nothing.
 */
export async function loadSeedOnce(db: Db, version: string, rows: () => NewFoodRow[]): Promise<{ loaded: boolean; count: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('foods-seed'))`);
    const [done] = await tx.select().from(food_seed_loads).where(eq(food_seed_loads.version, version));
    if (done) return { loaded: false, count: done.foods };
    const list = rows();
    await upsertFoods(tx as unknown as Db, list);
    await backfillLogMicronutrients(tx as unknown as Db);
    await tx.insert(food_seed_loads).values({ version, foods: list.length });
    return { loaded: true, count: list.length };
  });
}

/**
 * Log entries of database foods that have no micronutrients yet get them from their food, scaled with the
 * serving (the same update as migration 0007, run again once a seed with micronutrients has loaded).
 */
export async function backfillLogMicronutrients(db: Db): Promise<void> {
  const sets = MICRONUTRIENTS.map((c) => `"${c}" = f."${c}" * l.serving_grams * l.number_of_servings / 100`).join(', ');
  await db.execute(
    sql.raw(`update food_logs l set ${sets} from foods f
      where f.id = l.food_id and l.serving_grams is not null and l.calcium is null and l.iron is null and l.vitamin_c is null and l.folate is null`),
  );
}

/** In place of a user id: the shared foods alone, what every user sees (the search cache holds these). */
export const SHARED_ONLY = null;

/**
 * Custom foods are private: a user sees the shared (built-in and imported) foods and their own custom
 * foods, never another user's. Keyed on `source`, not only `created_by`, because deleting an account
 * sets `created_by` to null and that must not publish the custom foods it made.
 */
export function visibleTo(userId: number | typeof SHARED_ONLY): SQL {
  if (userId === SHARED_ONLY) return sql`${foods.source} <> 'custom'`;
  return or(sql`${foods.source} <> 'custom'`, eq(foods.created_by, userId))!;
}

/** A food the user may see (shared, or their own custom food); another user's custom food is absent. */
export async function getFood(db: Db, id: string, userId: number): Promise<FoodRow | undefined> {
  const [row] = await db.select().from(foods).where(and(eq(foods.id, id), visibleTo(userId)));
  return row;
}

/** The product with this GTIN-14: the user's own custom food first, else the newest shared product. */
export async function findByGtin(db: Db, gtin: string, userId: number): Promise<FoodRow | undefined> {
  const [row] = await db
    .select()
    .from(foods)
    .where(and(eq(foods.gtin, gtin), visibleTo(userId)))
    .orderBy(sql`(${foods.source} = 'custom') desc`, desc(foods.updated_at))
    .limit(1);
  return row;
}

export async function insertFood(db: Db, row: NewFoodRow): Promise<FoodRow> {
  const [created] = await db.insert(foods).values(row).returning();
  return created!;
}

/**
 * Runs `fn` in one transaction whose statements are cancelled after `ms` (PostgreSQL; SET LOCAL ends with
 * the transaction, so the pooled connection keeps its default). One search then holds one connection.
 */
export async function withStatementTimeout<T>(db: Db, ms: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(ms))}`));
    return fn(tx as unknown as Db);
  });
}

/** What the ranker reads; full rows are fetched only for the page shown. */
export type SearchCandidate = Pick<FoodRow, 'id' | 'name' | 'search_head' | 'search_text' | 'commonness'>;
const candidateColumns = { id: foods.id, name: foods.name, search_head: foods.search_head, search_text: foods.search_text, commonness: foods.commonness };

export async function getFoods(db: Db, ids: string[], userId: number | typeof SHARED_ONLY): Promise<FoodRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(foods).where(and(inArray(foods.id, ids), visibleTo(userId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is FoodRow => !!r);
}

/**
 * Candidates for the ranker. Generic foods (a few thousand to tens of thousands, partial GIN index) match
 * every query word by prefix and are ordered by the head-weighted text rank and the commonness prior.
 * Branded products (possibly millions) match whole words (`exact`), falling back to a prefix on the last word
 * only when whole words find almost nothing and the last word is not a known whole word (the user is
 * still typing it); they contribute the first
 * matches the index yields, since the ranker puts generic everyday foods first anyway. The queries run
 * concurrently (on PostgreSQL each takes its own connection). `total` is capped at TOTAL_CAP.
 */
export async function strictCandidates(db: Db, userId: number | typeof SHARED_ONLY, tsquery: string, exact: string, typing: string, lastWord: string, limit: number): Promise<{ rows: SearchCandidate[]; total: number }> {
  const q = sql`to_tsquery('english', ${tsquery})`;
  const mine = visibleTo(userId);
  const generic = () =>
    db
      .select(candidateColumns)
      .from(foods)
      .where(sql`${foods.search_vector} @@ ${q} and ${foods.food_type} = 'Generic' and ${mine}`)
      .orderBy(sql`ts_rank('{0, 0.2, 0, 1}', ${foods.search_vector}, ${q}) * 4 + ${foods.commonness} desc`)
      .limit(limit);
  const brands = (query: string) =>
    db
      .select(candidateColumns)
      .from(foods)
      .where(sql`${foods.search_vector} @@ to_tsquery('english', ${query}) and ${foods.food_type} <> 'Generic' and ${mine}`)
      .limit(limit);
  // One after another, never Promise.all: on PostgreSQL a search runs inside one transaction (its
  // statement timeout), and one client cannot run two queries at once (pg queued them, with a
  // deprecation warning that pg 9 makes an error); PGlite has one connection anyway.
  const genericRows = await generic();
  let brandRows = await brands(exact);
  const lastWordDone = lastWord ? await isKnownTerm(db, lastWord) : true;
  let brandQuery = exact;
  if (brandRows.length < FEW_BRANDS && typing !== exact && !lastWordDone) {
    brandRows = await brands(typing);
    brandQuery = typing;
  }
  const rows = genericRows.concat(brandRows);
  if (genericRows.length < limit && brandRows.length < limit) return { rows, total: rows.length };
  const g = genericRows.length < limit ? genericRows.length : await countMatches(db, sql`${foods.search_vector} @@ ${q} and ${foods.food_type} = 'Generic' and ${mine}`);
  const b = brandRows.length < limit ? brandRows.length : await countMatches(db, sql`${foods.search_vector} @@ to_tsquery('english', ${brandQuery}) and ${foods.food_type} <> 'Generic' and ${mine}`);
  return { rows, total: Math.min(TOTAL_CAP, g + b) };
}

/** Below this many whole-word brand matches, prefixes are tried too. */
const FEW_BRANDS = 20;

export const TOTAL_CAP = 1000;

async function countMatches(db: Db, where: ReturnType<typeof sql>): Promise<number> {
  const r = await db.execute(sql`select count(*)::int as n from (select 1 from ${foods} where ${where} limit ${TOTAL_CAP}) x`);
  return Number((r.rows[0] as { n: number } | undefined)?.n ?? 0);
}

export async function countBySource(db: Db, source: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(foods).where(and(eq(foods.source, source)));
  return r?.n ?? 0;
}

/**
 * The user's own foods that match `anyQuery` (tsquery text): the foods they logged in the last AFFINITY_DAYS days,
 * their favorites and their custom foods, each saying whether it also matches `strictQuery` (every word) and how
 * much it is theirs (`affinity`, 0..1, computed here from how often and how lately they logged it, whether it is a
 * favorite and whether they made it). Searched on every search, next to the cached shared results (which hold no
 * user's data). Only foods the user may see: another user's custom food never comes back, even if a log or a
 * favorite still names it.
 *
 * Cost: the user's rows first (materialised CTEs, so the planner never walks the text index over every food
 * instead): their logs of the window read by food_logs_user_date_created_idx (user_id, date, ...), their
 * favorites by favorite_foods_user_food_key, their custom foods by foods_custom_owner_idx, then each food by its
 * primary key; only those few hundred rows are matched against the query.
 *
 * Affinity: 1 - (1 - logged)(1 - 0.6 favorite)(1 - 0.4 made), where logged = 0.25 + 0.45 frequency + 0.3 recency
 * for a food logged in the window (frequency: ln(1 + times) / ln(31), 1 from 30 times on; recency: e^(-days/21)).
 */
export const AFFINITY_DAYS = 90;
const USER_FOOD_CANDIDATES_SQL = `
    with own as materialized (
      select id, max(n) as n, min(days) as days, bool_or(fav) as fav
      from (
        select food_id as id, count(*)::int as n, greatest(0, current_date - max(date))::int as days, false as fav
        from food_logs
        where user_id = $1 and date >= current_date - ${AFFINITY_DAYS} and food_id is not null
        group by food_id
        union all
        select food_id, null, null, true from favorite_foods where user_id = $1 and food_id is not null and status = 'active'
        union all
        select id, null, null, false from foods where source = 'custom' and created_by = $1
      ) x
      group by id
    )
    select f.id, f.name, f.search_head, f.search_text, f.commonness, f.search_vector @@ to_tsquery('english', $2) as full,
      (1 - (1 - coalesce(0.25 + 0.45 * least(1, ln(1 + o.n) / ln(31)) + 0.3 * exp(-o.days / 21.0), 0))
        * (case when o.fav then 0.4 else 1 end)
        * (case when f.source = 'custom' then 0.6 else 1 end))::float8 as affinity, f.source = 'custom' as custom
    from own o join foods f on f.id = o.id
    where (f.source <> 'custom' or f.created_by = $1) and f.search_vector @@ to_tsquery('english', $3)
    order by affinity desc, f.id
    limit $4`;
const USER_FOOD_CANDIDATES_NAME = `foods_user_candidates_${createHash('sha1').update(USER_FOOD_CANDIDATES_SQL).digest('hex').slice(0, 12)}`;

export type UserFoodCandidate = SearchCandidate & { full: boolean; custom: boolean; affinity: number };

/** A prepared statement in plain SQL (db/client.ts queryArrays): it runs on every search, cached or not. */
export async function userFoodCandidates(db: Db, userId: number, strictQuery: string, anyQuery: string, limit: number): Promise<UserFoodCandidate[]> {
  const rows = await queryArrays(db, USER_FOOD_CANDIDATES_NAME, USER_FOOD_CANDIDATES_SQL, [userId, strictQuery, anyQuery, limit]);
  return rows.map((r) => ({
    id: r[0] as string,
    name: r[1] as string,
    search_head: r[2] as string,
    search_text: r[3] as string,
    commonness: r[4] as number,
    full: r[5] as boolean,
    affinity: Number(r[6]),
    custom: r[7] as boolean,
  }));
}

/** One food of the user's recent list: when and how they last logged it, and how often. */
export interface RecentFoodRow {
  food_id: string;
  times_logged: number;
  last_date: string;
  last_logged_at: string;
  serving_description: string;
  number_of_servings: number;
  serving_grams: number | null;
}

/**
 * The distinct foods the user logged (of the meal, when given), the latest first: by the day eaten, then by when
 * it was logged. Foods the user may no longer see (another user's custom food) and deleted foods are left out.
 * The user's entries are read by food_logs_user_date_created_idx; dates and instants come back as text.
 */
export async function recentFoods(db: Db, userId: number, mealType: string | null, limit: number): Promise<RecentFoodRow[]> {
  const meal = mealType === null ? sql`` : sql` and l.meal_type = ${mealType}`;
  const res = await db.execute(sql`
    with entries as materialized (
      select l.id, l.food_id, l.date, l.created_at, l.serving_description, l.number_of_servings, l.serving_grams
      from food_logs l
      where l.user_id = ${userId} and l.food_id is not null${meal}
    ),
    latest as (
      select distinct on (food_id) food_id, date, created_at, serving_description, number_of_servings, serving_grams,
        count(*) over (partition by food_id) as n
      from entries
      order by food_id, date desc, created_at desc, id desc
    )
    select x.food_id, x.n::int as times_logged, x.date::text as last_date,
      to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_logged_at,
      x.serving_description, x.number_of_servings::float8 as number_of_servings, x.serving_grams::float8 as serving_grams
    from latest x join ${foods} on ${foods.id} = x.food_id
    where ${visibleTo(userId)}
    order by x.date desc, x.created_at desc, x.food_id
    limit ${limit}`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    food_id: r.food_id as string,
    times_logged: Number(r.times_logged),
    last_date: r.last_date as string,
    last_logged_at: r.last_logged_at as string,
    serving_description: r.serving_description as string,
    number_of_servings: Number(r.number_of_servings),
    serving_grams: r.serving_grams === null || r.serving_grams === undefined ? null : Number(r.serving_grams),
  }));
}
