import { paths } from '../../lib/paths';

/**
 * The navigation of spec §2 as data, so the drawer, the bottom bar and the tests agree.
 * Only pages that exist are listed; later features add their entries here with their pages.
 */
export type NavKey =
  | 'dashboard'
  | 'health'
  | 'insights'
  | 'assessment'
  | 'foodLog'
  | 'myRecipes'
  | 'importRecipe'
  | 'buildRecipe'
  | 'restaurants'
  | 'suggestions'
  | 'mealPlan'
  | 'settings'
  | 'subscription'
  | 'premiumFeatures'
  | 'admin'
  | 'documentation'
  | 'releaseNotes'
  | 'feedback'
  | 'team'
  | 'science'
  | 'privacyPolicy'
  | 'termsOfService'
  | 'eula'
  | 'login';

export interface NavEntry {
  key: NavKey;
  label: string;
  /** Absent for Feedback, which opens a mail instead of a page. */
  to?: string;
}
export interface NavGroup {
  title?: string;
  entries: NavEntry[];
}

const e = (key: NavKey, label: string, to?: string): NavEntry => ({ key, label, to });

export const FOOD_ENTRIES: NavEntry[] = [e('foodLog', 'Food Log', paths.foodLog), e('myRecipes', 'My Recipes', paths.myRecipes), e('importRecipe', 'Import Recipe', paths.recipes), e('buildRecipe', 'Build Recipe', paths.buildRecipe), e('restaurants', 'Restaurant Finder', paths.restaurants)];
export const AI_ENTRIES: NavEntry[] = [
  e('insights', 'Analysis', paths.insights),
  e('assessment', 'AI Assessment', paths.assessment),
  e('suggestions', 'AI Suggestions', paths.suggestions),
  e('mealPlan', 'Meal Planning', paths.mealPlan),
];
export const ABOUT_ENTRIES: NavEntry[] = [
  e('team', 'Team', paths.team),
  e('science', 'Science', paths.science),
  e('privacyPolicy', 'Privacy Policy', paths.privacyPolicy),
  e('termsOfService', 'Terms of Service', paths.termsOfService),
  e('eula', 'EULA', paths.eula),
];
export const HELP_ENTRIES: NavEntry[] = [e('documentation', 'Documentation', paths.documentation), e('releaseNotes', 'Release Notes', paths.releaseNotes)];
export const FEEDBACK_ENTRY = e('feedback', 'Feedback');

/** Desktop drawer groups (spec §2 Navigation). */
export function drawerGroups(user: { is_superuser: boolean } | null): NavGroup[] {
  if (!user) return [{ entries: [e('login', 'Login', paths.login)] }, { title: 'About', entries: ABOUT_ENTRIES }];
  return [
    { entries: [e('dashboard', 'Dashboard', paths.dashboard), e('health', 'Health', paths.health)] },
    { title: 'Food', entries: FOOD_ENTRIES },
    { title: 'AI', entries: AI_ENTRIES },
    { entries: [e('subscription', 'Subscription', paths.subscription), e('premiumFeatures', 'Premium Features', paths.premiumFeatures), e('settings', 'Settings', paths.settings)] },
    { title: 'Help', entries: HELP_ENTRIES },
    { entries: [FEEDBACK_ENTRY] },
    { title: 'About', entries: ABOUT_ENTRIES },
    ...(user.is_superuser ? [{ entries: [e('admin', 'Admin', paths.admin)] }] : []),
  ];
}

/** The More menu of the mobile bottom bar (spec §2). */
export function moreGroups(user: { is_superuser: boolean } | null = null): NavGroup[] {
  const admin = user?.is_superuser ? [e('admin', 'Admin', paths.admin)] : [];
  return [
    { title: 'Account', entries: [e('subscription', 'Subscription', paths.subscription), e('health', 'Health', paths.health), e('settings', 'Settings', paths.settings), ...admin] },
    { title: 'Help', entries: [...HELP_ENTRIES, e('science', 'Science', paths.science), FEEDBACK_ENTRY] },
    {
      title: 'Legal',
      entries: [e('privacyPolicy', 'Privacy Policy', paths.privacyPolicy), e('termsOfService', 'Terms of Service', paths.termsOfService), e('eula', 'EULA', paths.eula)],
    },
    { title: 'About', entries: [e('team', 'Team', paths.team)] },
  ];
}

/** Entries of the compact logged-out mobile menu on / and /login. */
export const COMPACT_MENU: NavEntry[] = [
  e('team', 'Team', paths.team),
  e('privacyPolicy', 'Privacy Policy', paths.privacyPolicy),
  e('termsOfService', 'Terms of Service', paths.termsOfService),
  e('eula', 'EULA', paths.eula),
];

export type BottomTab = 'dashboard' | 'food' | 'ai' | 'alerts' | 'more';

const FOOD_PAGES = [paths.foodLog, paths.myRecipes, paths.recipes, paths.buildRecipe, '/recipe/', paths.restaurants];
const AI_PAGES = [paths.insights, paths.proInsights, paths.assessment, paths.suggestions, paths.mealPlan, '/meal-plans/'];
const MORE_PAGES = [
  paths.health,
  paths.settings,
  paths.subscription,
  paths.premiumFeatures,
  paths.documentation,
  paths.releaseNotes,
  paths.science,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.eula,
  paths.team,
  paths.admin,
];

const matches = (pathname: string, page: string) => (page.endsWith('/') ? pathname.startsWith(page) : pathname === page || pathname.startsWith(`${page}/`));

/** Which bottom tab is highlighted for a path (spec §2: Food on food pages and /restaurants, AI on AI pages). */
export function activeTab(pathname: string): BottomTab | null {
  if (matches(pathname, paths.dashboard)) return 'dashboard';
  if (FOOD_PAGES.some((p) => matches(pathname, p))) return 'food';
  if (AI_PAGES.some((p) => matches(pathname, p))) return 'ai';
  if (MORE_PAGES.some((p) => matches(pathname, p))) return 'more';
  return null;
}

/** Spec §2: the header logo leads to /verify-email on that page, else /dashboard when logged in, else /. */
export function logoTarget(pathname: string, loggedIn: boolean): string {
  if (pathname === paths.verifyEmail) return paths.verifyEmail;
  return loggedIn ? paths.dashboard : paths.home;
}

/** Whether a drawer entry is the current page (sub-pages of a list count, e.g. /meal-plan/3). */
export function isCurrent(pathname: string, entry: NavEntry): boolean {
  if (!entry.to) return false;
  if (entry.to === paths.mealPlan) return pathname === entry.to || pathname.startsWith('/meal-plan/') || pathname.startsWith('/meal-plans/');
  return pathname === entry.to;
}
