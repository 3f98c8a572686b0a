// Every table of the product, one file per feature. drizzle-kit reads this folder.
export * from './users.ts';
export * from './notifications.ts';
export * from './foods.ts';
export * from './food-logs.ts';
export * from './meal-plans.ts';
export * from './limits.ts';
export * from './health-metrics.ts';
export * from './micronutrients.ts';
export * from './recipes.ts';
export * from './locations.ts';
export * from './reminders.ts';
export * from './subscriptions.ts';
export * from './admin.ts';
export * from './idempotency.ts';
export * from './saved-meals.ts';
