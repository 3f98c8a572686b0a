import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from 'react-error-boundary';
import { useAppSelector } from '../lib/hooks';
import { paths } from '../lib/paths';
import { selectSession } from '../lib/session';
import { RouteErrorPage } from '../components/route-error';
import { BootShell } from './boot-shell';
import { pageTitle } from './page-titles';
import { logger } from '../lib/logger';
import { PublicLayout } from '../components/layout/public-layout';
import { afterSignIn } from '../components/guard-model';
import { forgetFailedRoutes, lazyRoute, type LazyRouteHandle } from './lazy-route';
import { ScrollRestoration } from './scroll-restoration';

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
  const location = useLocation();
  // The same target as the login form's: this redirect renders as soon as the user is stored, and would
  // otherwise overtake the form's navigation to the remembered page while that page's chunk loads.
  if (user?.email_validated) return <Navigate to={afterSignIn(location.state)} replace />;
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        // The public layout ships with the first chunk. The pages are lazy, the login page too: the public
        // pages arrive pre-rendered and paint before any script (scripts/prerender.mjs), so a page's code
        // no longer holds its paint back, and / and /register need not download the login form. The main
        // layout stays lazy, so public pages never download the drawer, bottom bar or notification center.
        element: <PublicLayout />,
        children: [
          { path: paths.home, ...lazyRoute(() => import('../features/public/home-route')) },
          {
            element: <SignedOutOnly />,
            children: [
              { path: paths.login, ...lazyRoute(() => import('../features/auth/login-route')) },
              { path: paths.register, ...lazyRoute(() => import('../features/auth/register-route')) },
            ],
          },
          { path: paths.requestPasswordReset, ...lazyRoute(() => import('../features/auth/request-password-reset-route')) },
          { path: paths.resetPassword, ...lazyRoute(() => import('../features/auth/reset-password-route')) },
        ],
      },
      {
        ...lazyRoute(() => import('../components/layout/main-layout')),
        children: [
          {
            ...lazyRoute(() => import('../components/guards')),
            children: [
              { path: paths.dashboard, ...lazyRoute(() => import('../features/dashboard/route')) },
              { path: paths.onboarding, ...lazyRoute(() => import('../features/onboarding/route')) },
              { path: paths.foodLog, ...lazyRoute(() => import('../features/food-log/route')) },
              { path: paths.recipes, ...lazyRoute(() => import('../features/recipes/import-route')) },
              { path: paths.myRecipes, ...lazyRoute(() => import('../features/recipes/my-recipes-route')) },
              { path: paths.buildRecipe, ...lazyRoute(() => import('../features/recipes/build-route')) },
              { path: '/recipe/:id', ...lazyRoute(() => import('../features/recipes/recipe-route')) },
              { path: paths.restaurants, ...lazyRoute(() => import('../features/restaurants/route')) },
              { path: paths.settings, ...lazyRoute(() => import('../features/settings/route')) },
              { path: paths.suggestions, ...lazyRoute(() => import('../features/meal-plans/suggestions-route')) },
              { path: paths.mealPlan, ...lazyRoute(() => import('../features/meal-plans/list-route')) },
              { path: '/meal-plan/:id', ...lazyRoute(() => import('../features/meal-plans/view-route')) },
              { path: '/meal-plans/task/:taskId', ...lazyRoute(() => import('../features/meal-plans/task-route')) },
              { path: paths.documentation, ...lazyRoute(() => import('../features/public/documentation-route')) },
              { path: paths.releaseNotes, ...lazyRoute(() => import('../features/public/release-notes-route')) },
              { path: paths.health, ...lazyRoute(() => import('../features/health/route')) },
              { path: paths.insights, ...lazyRoute(() => import('../features/insights/insights-route')) },
              { path: paths.assessment, ...lazyRoute(() => import('../features/insights/assessment-route')) },
              { path: paths.proInsights, ...lazyRoute(() => import('../features/insights/pro-insights-route')) },
              { path: paths.subscription, ...lazyRoute(() => import('../features/subscriptions/subscription-route')) },
              { path: paths.premiumFeatures, ...lazyRoute(() => import('../features/subscriptions/premium-features-route')) },
            ],
          },
          {
            ...lazyRoute(async () => {
              const { RequireAuth } = await import('../components/guards');
              return { Component: () => <RequireAuth superuserOnly /> };
            }),
            children: [
              { path: paths.healthkitTest, ...lazyRoute(() => import('../features/health/healthkit-test-route')) },
              { path: paths.admin, ...lazyRoute(() => import('../features/admin/route')) },
            ],
          },
          // Superuser-only pages above: /healthkit-test and /admin.
          { path: paths.privacyPolicy, ...lazyRoute(() => import('../features/public/privacy-policy-route')) },
          { path: paths.termsOfService, ...lazyRoute(() => import('../features/public/terms-of-service-route')) },
          { path: paths.eula, ...lazyRoute(() => import('../features/public/eula-route')) },
          { path: paths.team, ...lazyRoute(() => import('../features/public/team-route')) },
          { path: paths.science, ...lazyRoute(() => import('../features/public/science-route')) },
          { path: paths.verifyEmail, ...lazyRoute(() => import('../features/auth/verify-email-route')) },
        ],
      },
      // Spec §2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/**
 * Starts loading the code of every route `pathname` matches (layouts, guard and screen) at once, and
 * resolves when all has arrived: app/main.tsx awaits it before hydrating a pre-rendered page, and the
 * pre-renderer before rendering one, so neither renders a fallback in place of the page.
 */
export function preloadRoutes(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map(({ route }) => (route.handle as LazyRouteHandle | undefined)?.preload()));
}

/**
 * The app's routes, under BrowserRouter (app/main.tsx) or StaticRouter (app/prerender.tsx). React
 * Router's declarative mode, not its data router: the app loads no route data through the router, and
 * the data router was ~16 KiB of the ~170 KiB of JS every first page downloads (issue 9).
 * - While a screen's code loads on a first visit that renders afresh (`boot`), the boot shell shows (the
 *   static header of index.html). Hydration and the pre-render have no Suspense boundary here: the page's
 *   code is loaded before either runs, and React hydrates a boundary's content in a pass of its own that
 *   does not yield to the browser (one ~35 ms task instead of slices; Lighthouse's blocking time on /login
 *   went from ~110 to ~250 ms with it). Later navigations run in a transition (React Router's default), so
 *   the old screen stays until the new one is ready, with or without a boundary.
 * - Any error a screen throws while rendering, or a chunk that fails to download, shows the route error
 *   page (spec §8) until the next navigation, which also downloads a failed chunk afresh.
 * `Wrap` goes around the routes (app/main.tsx's adoption of what was typed before hydration).
 */
export function AppRoutes({ Wrap, boot = false }: { Wrap?: ComponentType<{ children: ReactNode }>; boot?: boolean }) {
  const { key, pathname } = useLocation();
  // Every lazy route of the new URL starts downloading now, together: rendering alone would discover the
  // layout, then the guard, then the screen, one round trip each. Once per path, not per render (each route
  // loads once anyway); a failure is left to the rendering route, which shows it.
  useMemo(() => preloadRoutes(pathname).catch(() => undefined), [pathname]);
  const element = useRoutes(routes);
  const screen = Wrap ? <Wrap>{element}</Wrap> : element;
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[key]} onReset={forgetFailedRoutes} onError={(error) => logger.error('Route error', error)}>
      {boot ? <Suspense fallback={<BootShell />}>{screen}</Suspense> : screen}
    </ErrorBoundary>
  );
}
