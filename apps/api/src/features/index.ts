import type { FastifyInstance } from 'fastify';
import audit from '../plugins/audit.ts';
import inputGuard from '../plugins/input-guard.ts';
import idempotency from '../plugins/idempotency.ts';
import health from './health/routes.ts';
import maintenance from './maintenance/jobs.ts';
import auth from './auth/routes.ts';
import settings from './settings/routes.ts';
import notifications from './notifications/routes.ts';
import foods from './foods/routes.ts';
import foodLogs from './food-logs/routes.ts';
import dayStates from './day-states/routes.ts';
import foodParse from './food-parse/routes.ts';
import favorites from './favorites/routes.ts';
import savedMeals from './saved-meals/routes.ts';
import mealPlans from './meal-plans/routes.ts';
import recommendations from './recommendations/routes.ts';
import healthMetrics from './health-metrics/routes.ts';
import insights from './insights/routes.ts';
import recipes from './recipes/routes.ts';
import locations from './locations/routes.ts';
import places from './places/routes.ts';
import restaurants from './restaurants/routes.ts';
import deviceTokens from './device-tokens/routes.ts';
import reminders from './reminders/jobs.ts';
import subscriptions from './subscriptions/routes.ts';
import subscriptionJobs from './subscriptions/jobs.ts';
import admin from './admin/routes.ts';

/** Every feature's routes, mounted under /api/v1. A feature never imports another feature's routes. */
export default async function features(app: FastifyInstance) {
  await app.register(audit);
  // The API's routes only: the web app's pages and assets answer as before.
  await app.register(inputGuard);
  // Before the routes: `config.idempotent` routes answer a repeated Idempotency-Key once (plugins/idempotency.ts).
  await app.register(idempotency);
  await app.register(health);
  await app.register(maintenance);
  await app.register(auth);
  await app.register(settings);
  await app.register(notifications);
  await app.register(foods);
  await app.register(foodLogs);
  await app.register(dayStates);
  await app.register(foodParse);
  await app.register(favorites);
  await app.register(savedMeals);
  await app.register(mealPlans);
  await app.register(recommendations);
  await app.register(healthMetrics);
  await app.register(insights);
  await app.register(recipes);
  await app.register(locations);
  await app.register(places);
  await app.register(restaurants);
  await app.register(deviceTokens);
  await app.register(reminders);
  await app.register(subscriptions);
  await app.register(subscriptionJobs);
  await app.register(admin);
}
