import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { useAppSelector } from '../lib/hooks';
import { paths } from '../lib/paths';
import { selectSession } from '../lib/session';
import { RouteErrorPage } from '../components/route-error';
import { BootShell } from './boot-shell';
import { pageTitle } from './page-titles';
import { PublicLayout } from '../components/layout/public-layout';

/**
 * The profile fetch, loaded only when a token is held: a signed-out visitor's first page never downloads
 * RTK Query (lib/store.ts).
 */
const FetchProfile = lazy(async () => {
  const { useMeQuery } = await import('../lib/session-api');
  return {
    default: function FetchProfile() {
      useMeQuery();
      return null;
    },
  };
});

/** Fetches the profile whenever a token is held (at start, and after sign-in resets the cache); names the page. */
function Root() {
  const { token } = useAppSelector(selectSession);
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      {token && (
        <Suspense fallback={null}>
          <FetchProfile />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}

/** /login and /register are pointless once signed in: go where the guard would have sent the user. */
function SignedOutOnly() {
  const { user } = useAppSelector(selectSession);
  if (user?.email_validated) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    // Shown while the first route's lazy code loads. An element (not null) also keeps React Router
    // from warning "No HydrateFallback element provided" on every fresh load.
    HydrateFallback: BootShell,
    children: [
      {
        // The public layout ships with the first chunk. The pages are lazy, the login page too: the public
        // pages arrive pre-rendered and paint before any script (scripts/prerender.mjs), so a page's code
        // no longer holds its paint back, and / and /register need not download the login form. The main
        // layout stays lazy, so public pages never download the drawer, bottom bar or notification center.
        element: <PublicLayout />,
        children: [
          { path: paths.home, lazy: () => import('../features/public/home-route') },
          {
            element: <SignedOutOnly />,
            children: [
              { path: paths.login, lazy: () => import('../features/auth/login-route') },
              { path: paths.register, lazy: () => import('../features/auth/register-route') },
            ],
          },
          { path: paths.requestPasswordReset, lazy: () => import('../features/auth/request-password-reset-route') },
          { path: paths.resetPassword, lazy: () => import('../features/auth/reset-password-route') },
        ],
      },
      {
        lazy: () => import('../components/layout/main-layout'),
        children: [
          {
            lazy: () => import('../components/guards'),
            children: [
              { path: paths.dashboard, lazy: () => import('../features/dashboard/route') },
              { path: paths.foodLog, lazy: () => import('../features/food-log/route') },
              { path: paths.recipes, lazy: () => import('../features/recipes/import-route') },
              { path: paths.myRecipes, lazy: () => import('../features/recipes/my-recipes-route') },
              { path: paths.buildRecipe, lazy: () => import('../features/recipes/build-route') },
              { path: '/recipe/:id', lazy: () => import('../features/recipes/recipe-route') },
              { path: paths.restaurants, lazy: () => import('../features/restaurants/route') },
              { path: paths.settings, lazy: () => import('../features/settings/route') },
              { path: paths.suggestions, lazy: () => import('../features/meal-plans/suggestions-route') },
              { path: paths.mealPlan, lazy: () => import('../features/meal-plans/list-route') },
              { path: '/meal-plan/:id', lazy: () => import('../features/meal-plans/view-route') },
              { path: '/meal-plans/task/:taskId', lazy: () => import('../features/meal-plans/task-route') },
              { path: paths.documentation, lazy: () => import('../features/public/documentation-route') },
              { path: paths.releaseNotes, lazy: () => import('../features/public/release-notes-route') },
              { path: paths.health, lazy: () => import('../features/health/route') },
              { path: paths.insights, lazy: () => import('../features/insights/insights-route') },
              { path: paths.assessment, lazy: () => import('../features/insights/assessment-route') },
              { path: paths.proInsights, lazy: () => import('../features/insights/pro-insights-route') },
              { path: paths.subscription, lazy: () => import('../features/subscriptions/subscription-route') },
              { path: paths.premiumFeatures, lazy: () => import('../features/subscriptions/premium-features-route') },
            ],
          },
          {
            lazy: async () => {
              const { RequireAuth } = await import('../components/guards');
              return { Component: () => <RequireAuth superuserOnly /> };
            },
            children: [
              { path: paths.healthkitTest, lazy: () => import('../features/insights/healthkit-test-route') },
              { path: paths.admin, lazy: () => import('../features/admin/route') },
            ],
          },
          // Superuser-only pages above: /healthkit-test and /admin.
          { path: paths.privacyPolicy, lazy: () => import('../features/public/privacy-policy-route') },
          { path: paths.termsOfService, lazy: () => import('../features/public/terms-of-service-route') },
          { path: paths.eula, lazy: () => import('../features/public/eula-route') },
          { path: paths.team, lazy: () => import('../features/public/team-route') },
          { path: paths.science, lazy: () => import('../features/public/science-route') },
          { path: paths.verifyEmail, lazy: () => import('../features/auth/verify-email-route') },
        ],
      },
      // Spec §2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
