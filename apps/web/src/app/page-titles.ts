import { matchPath } from 'react-router';
import { paths } from '../lib/paths';

export const APP_NAME = 'Nutrition Tracker';

/**
 * document.title per route ("Food log · Nutrition Tracker"), so tabs, history and screen readers
 * name the page. Kept beside the router instead of in each route object so that adding a screen
 * stays a one-line router change; a path missing here gets the app's name.
 */
const TITLES: [pattern: string, title: string][] = [
  [paths.home, 'Eat well without the guesswork'],
  [paths.login, 'Log in'],
  [paths.register, 'Create your account'],
  [paths.requestPasswordReset, 'Reset your password'],
  [paths.resetPassword, 'Choose a new password'],
  [paths.verifyEmail, 'Verify your e-mail'],
  [paths.dashboard, 'Dashboard'],
  [paths.onboarding, 'Set up your plan'],
  [paths.foodLog, 'Food log'],
  [paths.health, 'Health'],
  [paths.settings, 'Settings'],
  [paths.assessment, 'AI assessment'],
  [paths.suggestions, 'AI suggestions'],
  [paths.mealPlan, 'Meal plans'],
  ['/meal-plan/:id', 'Meal plan'],
  ['/meal-plans/task/:taskId', 'Building your meal plan'],
  [paths.insights, 'Analysis'],
  [paths.proInsights, 'Pro insights'],
  [paths.recipes, 'Import a recipe'],
  [paths.myRecipes, 'My recipes'],
  [paths.buildRecipe, 'Build a recipe'],
  ['/recipe/:id', 'Recipe'],
  [paths.restaurants, 'Restaurant finder'],
  [paths.subscription, 'Subscription'],
  [paths.premiumFeatures, 'Premium features'],
  [paths.admin, 'Admin'],
  [paths.documentation, 'Documentation'],
  [paths.releaseNotes, 'Release notes'],
  [paths.healthkitTest, 'HealthKit test'],
  [paths.privacyPolicy, 'Privacy policy'],
  [paths.termsOfService, 'Terms of service'],
  [paths.eula, 'End-user licence agreement'],
  [paths.team, 'Team'],
  [paths.science, 'The science'],
];

export function pageTitle(pathname: string): string {
  const hit = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return hit ? `${hit[1]} · ${APP_NAME}` : APP_NAME;
}
