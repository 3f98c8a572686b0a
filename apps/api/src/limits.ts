/**
 * Every limit on an expensive call, in one table (issue 39; ARCHITECTURE.md: "every expensive call has a per-user
 * share, listed in one table in docs"). The rows are built from the constants the routes use, so the table cannot
 * drift from the code: docs/limits.md holds it between markers (`npx tsx apps/api/scripts/limits-doc.ts` writes it,
 * limits.test.ts checks it) and the OpenAPI document's description carries it too.
 *
 * Two kinds of limit:
 * - allowances over time (an hour, a day), counted in the database, so they hold across API processes and restarts;
 * - a fair share of what runs at once, counted in each process (lib/fair-share.ts): a user's calls running and waiting
 *   there; past them 429 at once, and waiting calls are served least recently served user first.
 */
import { SYNC_LIMITS } from '@app/contracts';
import type { FairShare } from './lib/fair-share.ts';
import { PLANNER_PER_USER_QUEUED, PLANNER_PER_USER_RUNNING, PLANNER_TIME_BUDGET_MS, plannerPool } from './features/meal-plans/planner-thread.ts';
import { DAILY_PLANS_IN_PROGRESS, DAILY_PLANS_PER_HOUR, SUGGESTION_RATE, suggestionShare } from './features/recommendations/routes.ts';
import { RESTAURANT_RATE, restaurantShare } from './features/restaurants/routes.ts';
import { BATCH_WRITE_RATE, COPY_WRITE_RATE, CSV_EXPORT_RATE, csvExportShare } from './features/food-logs/routes.ts';
import { CSV_PAGE_ROWS } from './features/food-logs/service.ts';
import { PARSE_RATE, PARSE_TIME_BUDGET_MS, parseShare } from './features/food-parse/routes.ts';
import { MAX_PARSE_PARTS } from './features/food-parse/service.ts';
import { FOOD_PARSE_MAX_TEXT, IDEMPOTENCY_KEY_DAYS, MAX_COPY_ENTRIES, MAX_SAVED_MEAL_ITEMS, MAX_SAVED_MEAL_MULTIPLIER, MAX_SAVED_MEALS_PER_USER, MAX_SERVINGS_PER_LOG } from '@app/contracts';
import { WAIT_MS as IDEMPOTENCY_WAIT_MS } from './plugins/idempotency.ts';
import { PLANS_PER_DAY, REGENERATIONS_PER_DAY } from './features/meal-plans/service.ts';
import { EXPORTS_PER_DAY } from './features/meal-plans/export.ts';
import { ANALYZE_RATE, ANALYZE_TIME_BUDGET_MS, analyzeShare } from './features/recipes/routes.ts';
import { PAGE_HEAP_MB, PAGE_TIME_BUDGET_MS, pagePool } from './features/recipes/extract-pool.ts';
import { MAX_JSON_LD_DEPTH, MAX_PAGE_BYTES, MAX_PAGE_DEPTH, MAX_PAGE_ELEMENTS } from './features/recipes/page-limits.ts';
import { MAX_INGREDIENT_LINE_LENGTH, MAX_RECIPE_INGREDIENT_LINES } from '@app/contracts';
import { RUNNING_PER_USER } from './features/meal-plans/task-queue.ts';
import { FRONT_DOOR_DEFAULTS } from './lib/front-door.ts';

export interface LimitRow {
  /** The call(s). */
  call: string;
  /** What is limited, with its numbers. */
  limit: string;
  /** Where it is counted: `database` (all processes) or `process`. */
  counted: 'database' | 'process';
  /** The answer past it. */
  past: string;
}

const share = (s: FairShare, what = 'calls') =>
  `${s.options.perUserRunning} running and ${s.options.perUserQueued} waiting ${what} per user`;
const rate = (r: { max: number; timeWindow: string }) => `${r.max.toLocaleString('en-US')} per user per ${r.timeWindow.replace(/^1 /, '')}`;
const tooMany = (s: { options: { retryAfterSeconds: number } } | number) => `429, Retry-After ${typeof s === 'number' ? s : s.options.retryAfterSeconds} s`;

export function limitRows(): LimitRow[] {
  const door = FRONT_DOOR_DEFAULTS;
  return [
    {
      call: 'Every signed-in call (the front door, lib/front-door.ts)',
      limit: `${door.perUser} requests in flight per user (FRONT_DOOR_PER_USER); a user refused ${door.floodRefusals} times in ${door.floodWindowMs / 1000} s: ${door.perFloodingUser} in flight, and each further 429 held ${door.holdMs / 1000} s (FRONT_DOOR_HOLD_MS) before it is sent; long work on the main thread (recipe matching, CSV pages) gives way to other users' requests between steps`,
      counted: 'process',
      past: '429, Retry-After 1 s',
    },
    { call: 'GET /recommendations/meal, POST /recommendations/what-to-eat', limit: rate(SUGGESTION_RATE) + ' (one allowance for both)', counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'GET /recommendations/meal, POST /recommendations/what-to-eat', limit: share(suggestionShare), counted: 'process', past: tooMany(suggestionShare) },
    { call: 'POST /recommendations/daily-meal-plan/request', limit: `${DAILY_PLANS_IN_PROGRESS} plans being made at once, ${DAILY_PLANS_PER_HOUR} requests an hour, per user; another user's first request runs before this user's second (queue priority)`, counted: 'database', past: '429, Retry-After 2 s (in progress) or until the hour ends' },
    { call: 'POST /meal-plans/multi-day, POST /meal-plans/{id}/tasks', limit: `${PLANS_PER_DAY} plans and ${REGENERATIONS_PER_DAY} regenerations per user in 24 hours; ${RUNNING_PER_USER} task running per user across all worker processes (more wait), another user's first task before this user's second`, counted: 'database', past: '429, Retry-After until the oldest counted request is a day old' },
    { call: 'POST /meal-plans/{id}/export', limit: `${EXPORTS_PER_DAY} per user a day, and 30 an hour`, counted: 'database', past: '429, Retry-After' },
    { call: 'The planner (every solve: suggestions, today\'s plan, multi-day plans, reminders)', limit: `PLANNER_THREADS (default 2) threads a process for solves a person waits on, and as many for background jobs (nice 10); ${PLANNER_PER_USER_RUNNING} running and ${PLANNER_PER_USER_QUEUED} waiting solves per user (background jobs wait instead); ${PLANNER_TIME_BUDGET_MS / 1000} s a solve`, counted: 'process', past: `${tooMany(plannerPool.share)}; past the time budget 503` },
    { call: 'POST /recommendations/restaurant', limit: rate(RESTAURANT_RATE), counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'POST /recommendations/restaurant', limit: share(restaurantShare), counted: 'process', past: tooMany(restaurantShare) },
    { call: 'POST /recipes/analyze', limit: rate(ANALYZE_RATE), counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'POST /recipes/analyze', limit: `${share(analyzeShare, 'analyses')}; ${ANALYZE_TIME_BUDGET_MS / 1000} s in all (fetch, reading, matching); stops when the client goes away`, counted: 'process', past: `${tooMany(analyzeShare)}; past the time budget 503` },
    { call: 'POST /recipes/analyze (ingredient lines, typed or imported)', limit: `at most ${MAX_RECIPE_INGREDIENT_LINES} lines of ${MAX_INGREDIENT_LINE_LENGTH} characters`, counted: 'process', past: '422 naming the cap, before any matching' },
    { call: 'POST /recipes/analyze (a recipe page)', limit: `${(MAX_PAGE_BYTES / 1024 / 1024).toFixed(0)} MB, ${MAX_PAGE_ELEMENTS.toLocaleString('en-US')} elements, ${MAX_PAGE_DEPTH} levels of nesting, JSON-LD ${MAX_JSON_LD_DEPTH} levels; read on a parser thread: ${share(pagePool.share, 'pages')}, ${PAGE_TIME_BUDGET_MS / 1000} s and ${PAGE_HEAP_MB} MB a page`, counted: 'process', past: `422 naming the cap; ${tooMany(pagePool.share)}` },
    { call: 'POST /food-logs/batch', limit: `${rate(BATCH_WRITE_RATE)} (100 entries each), checked before the body is read`, counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'POST /food-logs/copy', limit: `${rate(COPY_WRITE_RATE)}, at most ${MAX_COPY_ENTRIES} entries a copy (a bigger day is copied a meal at a time); a replayed Idempotency-Key is not counted`, counted: 'database', past: '429, Retry-After until the window ends; 422 naming the cap' },
    { call: 'POST /saved-meals', limit: `${MAX_SAVED_MEALS_PER_USER} saved meals per user, ${MAX_SAVED_MEAL_ITEMS} foods each (the user's row locked while counting)`, counted: 'database', past: '422 naming the cap' },
    { call: 'POST /saved-meals/{id}/log', limit: `multiplier at most ${MAX_SAVED_MEAL_MULTIPLIER}, and no entry over ${MAX_SERVINGS_PER_LOG} servings`, counted: 'process', past: '422 naming the cap' },
    { call: 'Writes with an Idempotency-Key (POST /food-logs, /food-logs/batch, /food-logs/copy, /saved-meals, /saved-meals/{id}/log, health-metrics and favorites)', limit: `one key per request, 1 to 255 visible ASCII characters, kept ${IDEMPOTENCY_KEY_DAYS} days; a repeat while the first runs waits up to ${IDEMPOTENCY_WAIT_MS / 1000} s`, counted: 'database', past: '409 idempotency_key_in_progress, Retry-After 1 s; 422 idempotency_key_reused for another body or route' },
    { call: 'POST /food-logs/parse', limit: rate(PARSE_RATE), counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'POST /food-logs/parse', limit: `${share(parseShare, 'sentences')}; at most ${FOOD_PARSE_MAX_TEXT.toLocaleString('en-US')} characters and ${MAX_PARSE_PARTS} foods a sentence; ${PARSE_TIME_BUDGET_MS / 1000} s a sentence`, counted: 'process', past: `${tooMany(parseShare)}; 422 naming the cap; past the time budget 503` },
    { call: 'GET /food-logs/download/{days}', limit: rate(CSV_EXPORT_RATE), counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'GET /food-logs/download/{days}', limit: `${share(csvExportShare, 'exports')}; streamed ${CSV_PAGE_ROWS.toLocaleString('en-US')} rows a page`, counted: 'process', past: tooMany(csvExportShare) },
    { call: 'POST /health-metrics/sync-status', limit: `${SYNC_LIMITS.writesPerHour} writes per user per hour, checked before the body is read`, counted: 'database', past: '429, Retry-After until the window ends' },
    { call: 'POST /health-metrics/sync-status', limit: `${SYNC_LIMITS.sourcesPerUser} sources per user; details at most ${SYNC_LIMITS.detailsBytes / 1024} KB of JSON, ${SYNC_LIMITS.depth} levels, ${SYNC_LIMITS.keys} keys of ${SYNC_LIMITS.keyLength} characters, texts of ${SYNC_LIMITS.textLength.toLocaleString('en-US')} characters, lists of ${SYNC_LIMITS.arrayItems}`, counted: 'database', past: '422 naming the cap' },
  ];
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The table as Markdown (docs/limits.md and the OpenAPI description). */
export function limitsTable(): string {
  const head = '| call | limit | counted in | past it |\n|---|---|---|---|';
  return [head, ...limitRows().map((r) => `| ${cell(r.call)} | ${cell(r.limit)} | ${r.counted} | ${cell(r.past)} |`)].join('\n');
}
