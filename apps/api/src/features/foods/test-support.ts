/** Test factories for the food features: a verified user with a token, made directly (no mail round trip). */
import { randomBytes } from 'node:crypto';
import { users, user_settings } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/helpers.ts';

export async function makeUser(t: TestApp, settings: Partial<typeof user_settings.$inferInsert> = {}) {
  const [user] = await t.app.db
    .insert(users)
    .values({ email: `food.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`, email_validated: true })
    .returning();
  if (Object.keys(settings).length) await t.app.db.insert(user_settings).values({ user_id: user!.id, ...settings });
  const token = await t.app.tokens.issue(user!);
  return { user: user!, token };
}
