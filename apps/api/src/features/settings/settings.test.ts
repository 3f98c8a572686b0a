import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { SignJWT } from 'jose';
import { clientFromNewIp, createTestApp, createUser, isErrorBody, latestCode, STRONG_PASSWORD, waitFor, type HttpClient, type TestApp } from '../../../test/helpers.ts';
import * as schema from '../../db/schema/index.ts';
import { createNotification } from '../notifications/service.ts';
import { purgeExpired } from '../maintenance/repository.ts';

let t: TestApp;
let http: HttpClient;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  http = clientFromNewIp(t);
});

describe('the profile the onboarding and the goal helper keep (issue 42)', () => {
  const profile = { sex: 'male', birth_year: 1990, height_cm: 180.3, goal_weight_kg: 77.1, weekly_rate_kg: -0.45, activity_level: 'moderate', exercise_calories_back_pct: 50 };

  it('saves every answer, reads it back, and onboarded: true marks the first run done once', async () => {
    const { token, user } = await createUser(t, { http });
    const saved = await http.put('/user-settings', { ...profile, onboarded: true }, { token });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ ...profile, onboarded: true });
    expect((await http.get('/user-settings', { token })).json).toMatchObject({ ...profile, onboarded: true });
    const [{ onboarded_at: first }] = await t.database.db.select().from(schema.user_settings).where(eq(schema.user_settings.user_id, user.id));
    expect(first).toBeInstanceOf(Date);
    // Saying it again keeps the first time; a partial save leaves the other answers alone.
    await http.put('/user-settings', { onboarded: true, weekly_rate_kg: 0 }, { token });
    const again = await http.get('/user-settings', { token });
    expect(again.json).toMatchObject({ ...profile, weekly_rate_kg: 0, onboarded: true });
    const [{ onboarded_at: second }] = await t.database.db.select().from(schema.user_settings).where(eq(schema.user_settings.user_id, user.id));
    expect(second!.getTime()).toBe(first!.getTime());
    // Clearing: null removes an answer, onboarded: false offers the onboarding again.
    const cleared = await http.put('/user-settings', { height_cm: null, activity_level: null, onboarded: false }, { token });
    expect(cleared.json).toMatchObject({ height_cm: null, activity_level: null, onboarded: false, goal_weight_kg: 77.1 });
  });

  it('a skip on a brand-new account (no settings row yet) creates it onboarded (POST answers 201)', async () => {
    const { token } = await createUser(t, { http });
    const res = await http.post('/user-settings', { onboarded: true }, { token });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ onboarded: true, height_cm: null, exercise_calories_back_pct: 0 });
  });

  it('refuses out-of-range answers with 422, a plain sentence, and saves nothing of the request', async () => {
    const { token } = await createUser(t, { http });
    await http.put('/user-settings', profile, { token });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ height_cm: 99 }, 'height_cm', 'Height must be between 100 and 250 cm'],
      [{ height_cm: 251 }, 'height_cm', 'Height must be between 100 and 250 cm'],
      [{ height_cm: '180' }, 'height_cm', 'Height must be a number'],
      [{ goal_weight_kg: 29.9 }, 'goal_weight_kg', 'The goal weight must be between 30 and 300 kg'],
      [{ goal_weight_kg: 301 }, 'goal_weight_kg', 'The goal weight must be between 30 and 300 kg'],
      [{ weekly_rate_kg: -1.1 }, 'weekly_rate_kg', 'Losing more than 1 kg a week is not a safe pace'],
      [{ weekly_rate_kg: 0.6 }, 'weekly_rate_kg', 'Gaining more than 0.5 kg a week is not a useful pace'],
      [{ activity_level: 'couch' }, 'activity_level', 'Activity must be sedentary, light, moderate, active or very active'],
      [{ exercise_calories_back_pct: 25 }, 'exercise_calories_back_pct', 'Exercise calories added back must be 0, 50 or 100 %'],
      [{ sex: 'other' }, 'sex', 'Sex must be female or male'],
      [{ onboarded: 'yes' }, 'onboarded', 'Onboarded must be true or false'],
    ];
    for (const [bad, field, msg] of cases) {
      for (const method of ['post', 'put'] as const) {
        // A good field next to the bad one: the whole request is refused, the good one not saved either.
        const res = await http[method]('/user-settings', { ...bad, daily_calorie_goal: 1900 }, { token });
        expect(res.status, JSON.stringify(bad)).toBe(422);
        expect(isErrorBody(res)).toBe(true);
        expect(res.json.detail.type).toBe('validation_error');
        expect(res.json.detail.errors[0]).toMatchObject({ loc: ['body', field], msg });
        // No wire names in what a person reads.
        expect(msg).not.toMatch(/_/);
      }
    }
    const after = await http.get('/user-settings', { token });
    expect(after.json).toMatchObject({ ...profile, daily_calorie_goal: null, onboarded: false });
  });

  it('keeps the limits themselves (100 and 250 cm, −1 and +0.5 kg a week)', async () => {
    const { token } = await createUser(t, { http });
    for (const body of [{ height_cm: 100, weekly_rate_kg: -1 }, { height_cm: 250, weekly_rate_kg: 0.5, goal_weight_kg: 30 }, { goal_weight_kg: 300 }]) {
      const res = await http.put('/user-settings', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.json).toMatchObject(body);
    }
  });

  it("one user's profile is theirs alone: another's save neither reads nor changes it", async () => {
    const a = await createUser(t, { http });
    const b = await createUser(t, { http: clientFromNewIp(t) });
    await http.put('/user-settings', { ...profile, onboarded: true }, { token: a.token });
    expect((await http.get('/user-settings', { token: b.token })).json).toMatchObject({ height_cm: null, sex: null, onboarded: false });
    await http.put('/user-settings', { height_cm: 160, sex: 'female', onboarded: false }, { token: b.token });
    expect((await http.get('/user-settings', { token: a.token })).json).toMatchObject({ ...profile, onboarded: true });
    // The body cannot name another account: an unknown key is dropped, the save lands on the token's user.
    await http.put('/user-settings', { user_id: 1, height_cm: 170 }, { token: b.token });
    expect((await http.get('/user-settings', { token: a.token })).json.height_cm).toBe(profile.height_cm);
  });
});

describe('sex and birth year from Settings › Profile reach the nutrient targets (issue 42 §4)', () => {
  it("a 34-year-old man gets the male iron RDA (8 mg), not the female 18 mg; unset, the note points to the Profile card", async () => {
    const { token } = await createUser(t, { http });
    const before = await http.get('/insights/nutrients?days=1', { token });
    expect(before.status).toBe(200);
    expect(before.json.nutrients.find((n: any) => n.nutrient === 'iron').target).toBe(18);
    expect(before.json.notes).toContain('Your sex is not set (Settings › Profile): each target is the higher of the female and male values.');
    expect(before.json.notes).toContain('Your birth year is not set (Settings › Profile): the 19–30 age group is used.');
    await http.put('/user-settings', { sex: 'male', birth_year: new Date().getFullYear() - 34 }, { token });
    const after = await http.get('/insights/nutrients?days=1', { token });
    expect(after.json).toMatchObject({ sex: 'male', age: 34 });
    expect(after.json.nutrients.find((n: any) => n.nutrient === 'iron')).toMatchObject({ target: 8, upper: 45 });
    expect(after.json.notes.join(' ')).not.toMatch(/not set/);
  });
});

describe('user settings', () => {
  it('answers defaults for a new user, then saves with POST (201) and PUT (partial)', async () => {
    const { token } = await createUser(t, { http });
    const defaults = await http.get('/user-settings', { token });
    expect(defaults.status).toBe(200);
    expect(defaults.json).toEqual({
      diet_types: [], allergies: [], timezone: 'UTC',
      daily_calorie_goal: null, daily_protein_goal: null, daily_carbs_goal: null, daily_fat_goal: null, daily_fiber_goal: null, daily_water_goal_ml: null,
      units: 'metric', birth_year: null, sex: null,
      height_cm: null, goal_weight_kg: null, weekly_rate_kg: null, activity_level: null, onboarded: false, exercise_calories_back_pct: 0,
    });
    const created = await http.post('/user-settings', { diet_types: ['vegan', 'vegan', 'keto'], timezone: 'Europe/Berlin', daily_calorie_goal: 2100 }, { token });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ diet_types: ['vegan', 'keto'], timezone: 'Europe/Berlin', daily_calorie_goal: 2100, allergies: [] });
    const again = await http.post('/user-settings', { allergies: ['peanuts'] }, { token });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ diet_types: ['vegan', 'keto'], allergies: ['peanuts'] });
    const put = await http.put('/user-settings', { daily_calorie_goal: null, daily_protein_goal: 140 }, { token });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ daily_calorie_goal: null, daily_protein_goal: 140, timezone: 'Europe/Berlin', allergies: ['peanuts'] });
    expect((await http.get('/user-settings', { token })).json).toEqual(put.json);
  });

  it('refuses unknown time zones, diet types, allergies and insane goals with 422', async () => {
    const { token } = await createUser(t, { http });
    const bad = [
      { timezone: 'Mars/Olympus' },
      { timezone: '+01:00' },
      { timezone: 'EST' },
      { timezone: 'x'.repeat(10_000) },
      { diet_types: ['carnivore'] },
      { allergies: ['gluten'] },
      { diet_types: 'vegan' },
      { daily_calorie_goal: 500 },
      { daily_calorie_goal: 20_000 },
      { daily_protein_goal: -1 },
      { daily_fat_goal: 1001 },
      { daily_fiber_goal: 'lots' },
      { daily_carbs_goal: 12.5 },
    ];
    for (const body of bad) {
      for (const method of ['post', 'put'] as const) {
        const res = await http[method]('/user-settings', body, { token });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.json.detail.type).toBe('validation_error');
        expect(res.json.detail.errors[0].loc[0]).toBe('body');
      }
    }
    expect((await http.get('/user-settings', { token })).json.timezone).toBe('UTC');
  });

  it('refuses goals that cannot fit the calorie goal, also when only one of them changes', async () => {
    const { token } = await createUser(t, { http });
    const refused = await http.put('/user-settings', { daily_calorie_goal: 2000, daily_protein_goal: 900 }, { token });
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toMatchObject({
      type: 'validation_error',
      msg: 'Protein of 900 g alone is 3,600 kcal, more than your 2,000 kcal calorie goal. Use at most 500 g.',
      errors: [{ loc: ['body', 'daily_protein_goal'] }],
    });
    expect((await http.get('/user-settings', { token })).json.daily_protein_goal).toBeNull();
    expect((await http.put('/user-settings', { daily_calorie_goal: 2000, daily_protein_goal: 150, daily_fat_goal: 70 }, { token })).status).toBe(200);
    // The saved calorie goal judges a lone macro change, and a lower calorie goal judges the saved macros.
    const fat = await http.post('/user-settings', { daily_fat_goal: 300 }, { token });
    expect(fat.status).toBe(422);
    expect(fat.json.detail.errors[0].loc).toEqual(['body', 'daily_fat_goal']);
    expect((await http.put('/user-settings', { daily_calorie_goal: 900 }, { token })).status).toBe(422);
    // Clearing the calorie goal leaves nothing to compare with.
    expect((await http.put('/user-settings', { daily_calorie_goal: null, daily_protein_goal: 900 }, { token })).status).toBe(200);
  });

  it('explains range errors in words about the field', async () => {
    const { token } = await createUser(t, { http });
    const res = await http.put('/user-settings', { daily_calorie_goal: 500 }, { token });
    expect(res.json.detail.errors[0]).toMatchObject({ loc: ['body', 'daily_calorie_goal'], msg: 'The calorie goal must be between 800 and 10,000 kcal' });
  });

  it('accepts UTC and IANA zones', async () => {
    const { token } = await createUser(t, { http });
    for (const timezone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Kyiv']) {
      const res = await http.put('/user-settings', { timezone }, { token });
      expect(res.status).toBe(200);
      expect(res.json.timezone).toBe(timezone);
    }
  });

  it('lists diet types and allergies without signing in', async () => {
    const diets = await http.get('/diet-types');
    expect(diets.status).toBe(200);
    expect(diets.json).toContainEqual({ id: 'vegan', label: 'Vegan' });
    const allergies = await http.get('/allergies');
    expect(allergies.json).toContainEqual({ id: 'peanuts', label: 'Peanuts' });
  });

  it('needs a token for settings', async () => {
    for (const res of [await http.get('/user-settings'), await http.put('/user-settings', {}), await http.get('/profile/purchase-uuid')]) {
      expect(res.status).toBe(401);
      expect(isErrorBody(res)).toBe(true);
    }
  });
});

describe('username and profile', () => {
  it('checks usernames case-insensitively and validates them', async () => {
    const { token } = await createUser(t, { http, username: 'Cheddar_Fan' });
    expect((await http.get('/settings/check-username/cheddar_fan')).json).toEqual({ available: false });
    expect((await http.get('/settings/check-username/brie.lover')).json).toEqual({ available: true });
    for (const bad of ['ab', 'x'.repeat(31), 'with%20space', 'emoji%F0%9F%A7%80']) {
      const res = await http.get(`/settings/check-username/${bad}`);
      expect(res.status, bad).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect(token).toBeTruthy();
  });

  it('changes the username, refusing one taken by someone else (409)', async () => {
    await createUser(t, { http, username: 'Gouda' });
    const { token } = await createUser(t, { http, username: 'Edam' });
    const taken = await http.put('/profile', { username: 'GOUDA' }, { token });
    expect(taken.status).toBe(409);
    expect(isErrorBody(taken)).toBe(true);
    const own = await http.put('/profile', { username: 'EDAM' }, { token });
    expect(own.status).toBe(200);
    expect(own.json.username).toBe('EDAM');
    const cleared = await http.put('/profile', { username: null }, { token });
    expect(cleared.json.username).toBeNull();
    expect((await http.put('/profile', { username: 'no spaces' }, { token })).status).toBe(422);
  });

  it('gives a stable purchase uuid per user', async () => {
    const a = await createUser(t, { http });
    const b = await createUser(t, { http });
    const a1 = await http.get('/profile/purchase-uuid', { token: a.token });
    const a2 = await http.get('/profile/purchase-uuid', { token: a.token });
    const b1 = await http.get('/profile/purchase-uuid', { token: b.token });
    expect(a1.json.purchase_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a2.json).toEqual(a1.json);
    expect(b1.json.purchase_uuid).not.toBe(a1.json.purchase_uuid);
  });
});

describe('passwords', () => {
  it('changes the password: wrong current is 400, other tokens are revoked, the caller gets a fresh one', async () => {
    const { token, email } = await createUser(t, { http });
    const other = (await http.post('/auth/login', { email, password: STRONG_PASSWORD })).json.access_token;
    const wrong = await http.post('/settings/password', { current_password: 'not-it-at-all', new_password: 'Fresh-Orchard-Lantern-8' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.json.detail.msg).toBe('Current password is incorrect');
    const weak = await http.post('/settings/password', { current_password: STRONG_PASSWORD, new_password: 'password1234' }, { token });
    expect(weak.status).toBe(422);
    const ok = await http.post('/settings/password', { current_password: STRONG_PASSWORD, new_password: 'Fresh-Orchard-Lantern-8' }, { token });
    expect(ok.status).toBe(200);
    expect(ok.json.token_type).toBe('bearer');
    expect((await http.get('/auth/me', { token })).status).toBe(401);
    expect((await http.get('/auth/me', { token: other })).status).toBe(401);
    expect((await http.get('/auth/me', { token: ok.json.access_token })).status).toBe(200);
    expect((await http.post('/auth/login', { email, password: 'Fresh-Orchard-Lantern-8' })).status).toBe(200);
  });

  it('set-password is only for accounts without one', async () => {
    const { token } = await createUser(t, { http });
    const res = await http.post('/settings/set-password', { new_password: 'Fresh-Orchard-Lantern-8' }, { token });
    expect(res.status).toBe(400);
    expect(res.json.detail.msg).toMatch(/already has a password/);
  });
});

/** A verified account without a password (as made by Google or Apple sign-in), and its row. */
async function passwordlessUser() {
  const u = await createUser(t, { http });
  const [row] = await t.database.db.update(schema.users).set({ password_hash: null }).where(eq(schema.users.id, u.user.id)).returning();
  return { ...u, row: row! };
}

/** A valid access token of the user, issued (signed in) `secondsAgo` seconds ago and still unexpired. */
const tokenIssuedAgo = (row: typeof schema.users.$inferSelect, secondsAgo: number) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ type: 'access', is_superuser: row.is_superuser, ver: row.token_version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(row.id))
    .setIssuedAt(now - secondsAgo)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(t.config.JWT_SECRET));
};

const hashOf = async (id: number) => (await t.database.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!.password_hash;

describe('a first password needs a fresh proof (a stolen token alone must not take the account over)', () => {
  it('an access token from a sign-in more than 10 minutes ago gets 403 reauthentication_required and sets nothing; a recent sign-in may', async () => {
    const { row, email } = await passwordlessUser();
    const stale = await tokenIssuedAgo(row, 11 * 60);
    expect((await http.get('/auth/me', { token: stale })).status).toBe(200);
    const res = await http.post('/settings/set-password', { new_password: 'Fresh-Orchard-Lantern-8' }, { token: stale });
    expect(res.status).toBe(403);
    expect(isErrorBody(res)).toBe(true);
    expect(res.json.detail.type).toBe('reauthentication_required');
    expect(res.json.detail.msg).toMatch(/code/);
    expect(await hashOf(row.id)).toBeNull();
    expect((await http.post('/auth/login', { email, password: 'Fresh-Orchard-Lantern-8' })).status).toBe(401);

    const recent = await tokenIssuedAgo(row, 60);
    expect((await http.post('/settings/set-password', { new_password: 'Fresh-Orchard-Lantern-8' }, { token: recent })).status).toBe(200);
    expect((await http.post('/auth/login', { email, password: 'Fresh-Orchard-Lantern-8' })).status).toBe(200);
  });

  it('or a 6-digit code mailed to the address: a wrong code is refused, a weak password keeps the code, the right code sets it once', async () => {
    const { row, email } = await passwordlessUser();
    const stale = await tokenIssuedAgo(row, 3600);
    const registrationCode = latestCode(t.config.outboxDir, email);
    const sent = await http.post('/settings/set-password/code', undefined, { token: stale });
    expect(sent.status).toBe(200);
    expect(sent.json.message).toMatch(/code/);
    const code = await waitFor(async () => { const c = latestCode(t.config.outboxDir, email); return c !== registrationCode ? c : null; });
    // One mail a minute.
    const again = await http.post('/settings/set-password/code', undefined, { token: stale });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await http.post('/settings/set-password', { new_password: 'Fresh-Orchard-Lantern-8', code: wrong }, { token: stale });
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad)).toBe(true);
    expect(await hashOf(row.id)).toBeNull();
    const weak = await http.post('/settings/set-password', { new_password: 'password1234', code }, { token: stale });
    expect(weak.status).toBe(422);
    expect(await hashOf(row.id)).toBeNull();
    const ok = await http.post('/settings/set-password', { new_password: 'Fresh-Orchard-Lantern-8', code }, { token: stale });
    expect(ok.status).toBe(200);
    expect((await http.post('/auth/login', { email, password: 'Fresh-Orchard-Lantern-8' })).status).toBe(200);
    // An account with a password changes it instead, and gets no code.
    expect((await http.post('/settings/set-password/code', undefined, { token: stale })).status).toBe(400);
  });
});

/** Every table with a user_id column, read from the schema so tables added later are covered too. */
function userOwnedTables(): { name: string; table: PgTable }[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((v): v is PgTable => v instanceof PgTable)
    .filter((table) => 'user_id' in getTableColumns(table))
    .map((table) => ({ name: getTableConfig(table).name, table }));
}

describe('account deletion', () => {
  it('refuses a wrong password and keeps the account', async () => {
    const { token } = await createUser(t, { http });
    const res = await http.del('/profile', { token, body: { password: 'not-the-password' } });
    expect(res.status).toBe(400);
    expect(res.json.detail.msg).toBe('Failed to delete account');
    expect((await http.get('/auth/me', { token })).status).toBe(200);
    expect((await http.del('/profile', { token, body: {} })).status).toBe(422);
  });

  it('deletes the account and every row it owned, leaving other users alone', async () => {
    const keep = await createUser(t, { http });
    const gone = await createUser(t, { http });
    for (const u of [keep, gone]) {
      await http.put('/user-settings', { timezone: 'Europe/Paris' }, { token: u.token });
      await http.put('/notifications/preferences', { push_enabled: true }, { token: u.token });
      await createNotification(t.database.db, u.user.id, { title: 'Hello' });
    }
    const tables = userOwnedTables();
    expect(tables.map((x) => x.name)).toEqual(expect.arrayContaining(['user_settings', 'notifications', 'notification_preferences', 'verification_codes', 'social_identities']));
    const countFor = async (id: number) => {
      const out: Record<string, number> = {};
      for (const { name, table } of tables) {
        const [r] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(eq((table as any).user_id, id));
        out[name] = r.n;
      }
      return out;
    };
    expect((await countFor(gone.user.id)).notifications).toBe(1);

    const res = await http.del('/profile', { token: gone.token, body: { password: STRONG_PASSWORD } });
    expect(res.status).toBe(200);
    expect(Object.values(await countFor(gone.user.id)).every((n) => n === 0)).toBe(true);
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.id, gone.user.id))).toHaveLength(0);
    expect((await http.get('/auth/me', { token: gone.token })).status).toBe(401);
    expect((await http.post('/auth/login', { email: gone.email, password: STRONG_PASSWORD })).status).toBe(401);
    const kept = await countFor(keep.user.id);
    expect(kept.notifications).toBe(1);
    expect(kept.user_settings).toBe(1);
    // the address can register again
    expect((await http.post('/auth/register', { email: gone.email, password: STRONG_PASSWORD })).status).toBe(201);
  });
  it('deletes the custom foods it made and every row that names it; another user keeps the entry they logged; audit rows go after 30 days', async () => {
    const keep = await createUser(t, { http });
    const name = `gone_${Date.now() % 1_000_000}`;
    const gone = await createUser(t, { http, username: name });
    const tk = { token: gone.token };
    const food = await http.post('/foods/custom', { name: 'Grandma granola', serving_size: 1, serving_unit: 'bowl', serving_grams: 80, calories: 321, protein: 9 }, tk);
    expect(food.status).toBe(201);
    const foodId = food.json.id as string;
    expect((await http.post('/food-logs', { food_id: foodId, meal_type: 'breakfast', date: '2025-03-01' }, tk)).status).toBe(201);
    expect((await http.post('/favorite-foods/existing', { food_id: foodId }, tk)).status).toBe(201);
    expect((await http.post('/recipes', { title: 'Granola bowl', servings: 1, ingredients: [{ food_id: foodId, grams: 80 }], instructions: ['Pour.'] }, tk)).status).toBe(201);
    expect((await http.post('/locations', { latitude: 52.52, longitude: 13.405 }, tk)).status).toBe(201);
    expect((await http.post('/device-tokens', { token: 'a'.repeat(64), device_type: 'ios' }, tk)).status).toBe(201);
    expect((await http.post('/health-metrics/sync-status', { source: 'healthkit', last_synced_at: '2025-03-01T08:00:00Z' }, tk)).status).toBe(200);
    expect((await http.post('/health-metrics/weight', { weight_kg: 70, date: '2025-03-01' }, tk)).status).toBe(201);
    // Sign-ins by both names, right and wrong: throttle rows keyed by the address and the username.
    for (const id of [gone.email, name]) {
      expect((await http.post('/auth/login', { email: id, password: 'not-the-password-at-all' })).status).toBe(401);
      expect((await http.post('/auth/login', { email: id, password: STRONG_PASSWORD })).status).toBe(200);
    }
    await http.post('/settings/set-password/code', undefined, tk);
    // Another user's entry made from this food (a copy of its name and nutrients) must outlive it.
    const [theirs] = await t.database.db
      .insert(schema.food_logs)
      .values({ user_id: keep.user.id, food_id: foodId, food_name: 'Grandma granola', calories: 321, protein: 9, meal_type: 'snack', date: '2025-03-02' })
      .returning();

    const named = (key: unknown) => sql`(position(${gone.email} in ${key}) > 0 or position(${name} in ${key}) > 0 or ${key} like ${`%user:${gone.user.id}`} or ${key} like ${`%user:${gone.user.id}:%`})`;
    const leftovers = async () => ({
      foods: (await t.database.db.select().from(schema.foods).where(eq(schema.foods.id, foodId))).length,
      login_throttle: (await t.database.db.select().from(schema.login_throttle).where(named(schema.login_throttle.key))).length,
      mail_throttle: (await t.database.db.select().from(schema.mail_throttle).where(named(schema.mail_throttle.key))).length,
      daily_counters: (await t.database.db.select().from(schema.daily_counters).where(named(schema.daily_counters.key))).length,
    });
    const before = await leftovers();
    expect(before.foods).toBe(1);
    expect(before.login_throttle).toBeGreaterThan(0);
    expect(before.daily_counters).toBeGreaterThan(0);

    const res = await http.del('/profile', { token: gone.token, body: { password: STRONG_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/all its data were deleted/);
    expect(await leftovers()).toEqual({ foods: 0, login_throttle: 0, mail_throttle: 0, daily_counters: 0 });
    for (const { name: table, table: tbl } of userOwnedTables()) {
      const [r] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tbl).where(eq((tbl as any).user_id, gone.user.id));
      expect(r.n, table).toBe(0);
    }
    const [kept] = await t.database.db.select().from(schema.food_logs).where(eq(schema.food_logs.id, theirs!.id));
    expect(kept).toMatchObject({ user_id: keep.user.id, food_id: null, food_name: 'Grandma granola', calories: 321, protein: 9 });
    expect((await http.get('/food-logs/daily-summary/2025-03-02', { token: keep.token })).status).toBe(200);

    // What stays is the documented audit trail (privacy policy: kept 30 days after the deletion), not tied to an id.
    const audit = await t.database.db.select().from(schema.audit_log).where(eq(schema.audit_log.email, gone.email));
    expect(audit.map((a) => a.action_type)).toEqual(expect.arrayContaining(['signup', 'login', 'account_delete']));
    expect(audit.every((a) => a.user_id === null && a.actor_id === null)).toBe(true);
    const keptAudit = await t.database.db.select().from(schema.audit_log).where(eq(schema.audit_log.user_id, keep.user.id));
    expect(keptAudit.length).toBeGreaterThan(0);
    await purgeExpired(t.database.db, `deletion-test-${Date.now()}`, new Date(Date.now() + 31 * 86_400_000));
    expect(await t.database.db.select().from(schema.audit_log).where(eq(schema.audit_log.email, gone.email))).toHaveLength(0);
    expect((await t.database.db.select().from(schema.audit_log).where(eq(schema.audit_log.user_id, keep.user.id))).length).toBe(keptAudit.length);
  });
});
