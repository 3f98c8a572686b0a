export * from './meal-plan/index.js';
export * from './shopping-list.js';
export * from './placeholder-days.js';
export * from './mifflin.js';
export * from './portion.js';
export * from './analysis/index.js';
export * from './restaurant-menus.js';
export * from './restaurant-ranking.js';
