/** Factories for this feature's tests: real rows in the real (fresh) database, real tokens. */
import { eq } from 'drizzle-orm';
import { users, user_settings } from '../../db/schema/index.ts';
import { uniqueEmail, waitFor, type TestApp } from '../../../test/helpers.ts';

export interface TestUser {
  id: number;
  token: string;
  email: string;
}

/** A verified user with settings (the accounts feature owns sign-up; these tests need only a row and a token). */
export async function makeUser(t: TestApp, settings: Partial<typeof user_settings.$inferInsert> = {}, verified = true): Promise<TestUser> {
  const [user] = await t.app.db.insert(users).values({ email: uniqueEmail('planner'), email_validated: verified }).returning();
  await t.app.db.insert(user_settings).values({ user_id: user!.id, ...settings });
  return { id: user!.id, token: await t.app.tokens.issue(user!), email: user!.email };
}

export async function setSettings(t: TestApp, userId: number, settings: Partial<typeof user_settings.$inferInsert>) {
  await t.app.db.update(user_settings).set(settings).where(eq(user_settings.user_id, userId));
}

export const multiDayBody = (over: Record<string, unknown> = {}) => ({
  days: 2,
  name: 'Test week',
  alternatives_enabled: true,
  start_date: '2025-03-03',
  plan_type: 'multi-day',
  request_data: { meal_times: {}, nutritional_goals: { calories: 2000, protein: 110, carbs: 230, fat: 70, fiber: 30 }, favorite_foods: [] },
  ...over,
});

/** Polls GET /meal-plans/{id} the way the client does until the plan leaves `processing`. */
export async function waitForPlan(t: TestApp, token: string, id: number, timeoutMs = 90_000) {
  return waitFor(async () => {
    const res = await t.http.get(`/meal-plans/${id}`, { token });
    return res.json?.status !== 'processing' ? res.json : null;
  }, timeoutMs, 250);
}
