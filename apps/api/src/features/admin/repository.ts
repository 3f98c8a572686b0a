/** The admin console's SQL: read-only over other features' tables, except users flags and registration codes. */
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audit_log, registration_codes, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

const num = (v: unknown) => Number(v ?? 0);
async function rows<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  return (await db.execute(q)).rows as T[];
}

export async function listUsers(db: Db, skip: number, limit: number, search?: string) {
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
  const where = term ? or(ilike(users.email, term), ilike(users.username, term)) : undefined;
  const [list, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.created_at), desc(users.id)).limit(limit).offset(skip),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function updateUser(db: Db, id: number, set: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set({ ...set, updated_at: new Date() }).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function deleteUser(db: Db, id: number) {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function listActivity(db: Db, q: { skip: number; limit: number; user_id?: number; action_type?: string; start?: Date; end?: Date }) {
  const where = and(
    q.user_id ? or(eq(audit_log.user_id, q.user_id), eq(audit_log.actor_id, q.user_id)) : undefined,
    q.action_type ? eq(audit_log.action_type, q.action_type) : undefined,
    q.start ? gte(audit_log.created_at, q.start) : undefined,
    q.end ? lt(audit_log.created_at, q.end) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db.select().from(audit_log).where(where).orderBy(desc(audit_log.created_at), desc(audit_log.id)).limit(q.limit).offset(q.skip),
    db.select({ n: count() }).from(audit_log).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function insertCode(db: Db, values: typeof registration_codes.$inferInsert) {
  const rows = await db.insert(registration_codes).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function listCodes(db: Db, limit = 100) {
  return db.select().from(registration_codes).orderBy(desc(registration_codes.created_at), desc(registration_codes.id)).limit(limit);
}

export async function userCounts(db: Db, now: Date) {
  const [u] = await rows(db, sql`select count(*) as total,
      count(*) filter (where email_validated) as verified,
      count(*) filter (where is_superuser) as superusers,
      count(*) filter (where deactivated_at is not null) as deactivated,
      count(*) filter (where is_premium) as premium,
      count(*) filter (where is_pro and not is_premium) as pro,
      count(*) filter (where is_plus and not is_pro and not is_premium) as plus
    from users`);
  // Active = logged food or signed in within the window.
  const active = async (days: number) => {
    const since = new Date(now.getTime() - days * 86400_000);
    const [r] = await rows(db, sql`select count(distinct user_id) as n from (
        select user_id from food_logs where created_at >= ${since}
        union select user_id from ${audit_log} where action_type = 'login' and created_at >= ${since} and user_id is not null) a`);
    return num(r?.n);
  };
  return {
    total: num(u?.total),
    verified: num(u?.verified),
    superusers: num(u?.superusers),
    deactivated: num(u?.deactivated),
    active_1d: await active(1),
    active_7d: await active(7),
    active_30d: await active(30),
    by_tier: { plus: num(u?.plus), pro: num(u?.pro), premium: num(u?.premium) },
  };
}

/** Rows per UTC day over the last `days` days (days without rows are left out). */
export async function perDay(db: Db, table: 'users' | 'food_logs', since: Date) {
  const list = await rows<{ day: string; n: unknown }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n from ${sql.identifier(table)} where created_at >= ${since} group by 1 order by 1`,
  );
  return list.map((r) => ({ date: r.day, count: num(r.n) }));
}

export async function mealPlansByStatus(db: Db): Promise<Record<string, number>> {
  const list = await rows<{ status: string; n: unknown }>(db, sql`select status, count(*) as n from meal_plans group by status`);
  return Object.fromEntries(list.map((r) => [r.status, num(r.n)]));
}

/** pg-boss queues: jobs by state now, and the last completion (live table and archive). */
export async function queueStates(db: Db) {
  const states = await rows<{ name: string; state: string; n: unknown }>(db, sql`select name, state::text as state, count(*) as n from pgboss.job group by 1, 2`);
  const last = await rows<{ name: string; at: Date | string | null }>(
    db,
    sql`select name, max(completed_on) as at from (
        select name, completed_on from pgboss.job where state = 'completed'
        union all select name, completed_on from pgboss.archive where state = 'completed') j group by name`,
  );
  const queues = await rows<{ name: string }>(db, sql`select name from pgboss.queue order by name`);
  return { states, last, names: queues.map((q) => q.name) };
}

