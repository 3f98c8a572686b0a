/**
 * A new user's first minutes, driven by a client generated from /api/v1/openapi.json (openapi-typescript types in
 * ./.gen/schema.ts, openapi-fetch calls). src/openapi-client.test.ts generates the types from the live document,
 * typechecks this file against them, then runs it: a document that drifts from the server breaks one or the other.
 * This folder is left out of the API's tsconfig, since the types exist only once the test has written them.
 */
import type { Client } from 'openapi-fetch';
import type { paths } from './.gen/schema.ts';

export interface SmokeContext {
  email: string;
  password: string;
  /** The 6-digit code mailed to the address. */
  code: () => Promise<string>;
  check: (ok: boolean, what: string) => void;
}

export async function smokeFlow(api: Client<paths>, c: SmokeContext): Promise<void> {
  const reg = await api.POST('/api/v1/auth/register', { body: { email: c.email, password: c.password } });
  c.check(reg.response.status === 201, `register answers 201 (${reg.response.status})`);

  const done = await api.POST('/api/v1/auth/complete-registration', { body: { email: c.email, code: await c.code() } });
  const token: string | undefined = done.data?.access_token;
  c.check(typeof token === 'string' && done.data?.user.email_validated === true, 'complete-registration gives a token and a validated user');
  const auth = { headers: { authorization: `Bearer ${token}` } };

  const me = await api.GET('/api/v1/auth/me', auth);
  c.check(me.data?.email === c.email, 'GET /auth/me is the new user');

  const settings = await api.PUT('/api/v1/user-settings', { ...auth, body: { daily_calorie_goal: 2100, daily_protein_goal: 120 } });
  c.check(settings.data?.daily_calorie_goal === 2100, 'goals are saved');

  const made = await api.POST('/api/v1/foods/custom', { ...auth, body: { name: 'Smoke test banana bread', serving_size: 1, serving_unit: 'slice', serving_grams: 60, calories: 196 } });
  c.check(made.response.status === 201, `a custom food is made (${made.response.status})`);
  const found = await api.GET('/api/v1/foods/search', { ...auth, params: { query: { query: 'banana bread' } } });
  const banana = found.data?.foods.find((f) => f.id === made.data?.id);
  c.check(!!banana?.id, 'search finds the custom food');

  const date = new Date().toISOString().slice(0, 10);
  const logged = await api.POST('/api/v1/food-logs', { ...auth, body: { food_id: banana!.id, number_of_servings: 1, meal_type: 'breakfast', date } });
  c.check(logged.response.status === 201 && (logged.data?.calories ?? 0) > 0, 'a food is logged');

  const manual = await api.POST('/api/v1/food-logs/batch', { ...auth, body: [{ food_name: 'Coffee with milk', calories: 40, meal_type: 'breakfast', date }] });
  c.check(manual.response.status === 201 && manual.data?.length === 1, 'a batch is logged');

  const day = await api.GET('/api/v1/food-logs/daily-summary/{date}', { ...auth, params: { path: { date } } });
  c.check(Math.round(day.data?.daily_totals.calories ?? 0) === Math.round((logged.data?.calories ?? 0) + 40), 'the day adds up');

  const csv = await api.GET('/api/v1/food-logs/download/{days}', { ...auth, params: { path: { days: 7 } }, parseAs: 'text' });
  c.check(csv.response.headers.get('content-type')?.startsWith('text/csv') === true && (csv.data ?? '').includes('Coffee with milk'), 'the CSV export has the entries');

  const removed = await api.DELETE('/api/v1/food-logs/{id}', { ...auth, params: { path: { id: manual.data![0]!.id } } });
  c.check(removed.response.status === 204, 'an entry is deleted (204, no body)');

  const weight = await api.POST('/api/v1/health-metrics/weight', { ...auth, body: { date, weight_kg: 72.5 } });
  c.check(weight.response.ok, 'a weight is recorded');

  const missing = await api.GET('/api/v1/food-logs/recipe/{id}', { ...auth, params: { path: { id: 999_999 } } });
  c.check(missing.response.status === 404 && typeof missing.error?.detail.msg === 'string', 'an error has the error body');
}
