/**
 * Build-time rendering of the public pages (vite SSR build, run by scripts/prerender.mjs): the HTML a
 * signed-out visitor's first render produces, plus the emotion (MUI) CSS it needs, so the page paints
 * before any script runs; app/main.tsx then hydrates it.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './providers';
import { AppRoutes, preloadRoutes } from './router';
import { createEmotionCache } from './emotion-cache';
import { makeStore, type AppStore } from '../lib/store';
import type { EmotionCache } from '@emotion/react';
import type { SessionState } from '../lib/session';
import { SIGNED_IN_FOOD, signedInStore } from './prerender-signed-in';
import { RenderWholeContext } from '../lib/use-deferred-mount';
import { pageTitle } from './page-titles';

const SIGNED_OUT: SessionState = { token: null, user: null, status: 'anonymous' };

/** Renders `children` inside the app's providers; the styles it needs land in `cache`. */
function renderInApp(children: ReactNode, { store, cache, hydrating }: { store: AppStore; cache: EmotionCache; hydrating: boolean }): string {
  return renderToString(
    <StrictMode>
      <AppProviders store={store} cache={cache} hydrating={hydrating}>
        {children}
      </AppProviders>
    </StrictMode>,
  );
}

/** Renders `children` for a signed-out visitor, with the emotion CSS the render needed. */
function renderWithStyles(children: ReactNode, hydrating: boolean): { html: string; styles: string } {
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderInApp(children, { store: makeStore(SIGNED_OUT), cache, hydrating });
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

export async function render(path: string): Promise<{ html: string; styles: string; title: string }> {
  // The page's code first: renderToString cannot wait for it, and would write the boot shell instead.
  await preloadRoutes(path);
  const { html, styles } = renderWithStyles(
    <StaticRouter location={path}>
      <AppRoutes />
    </StaticRouter>,
    true,
  );
  if (html.includes('id="boot-header"')) throw new Error(`${path}: rendered the boot shell, not the page`);
  return { html, styles, title: pageTitle(path) };
}

/**
 * The SPA shell's (dist/index.html: every signed-in page) global CSS: MUI's theme variables for both colour
 * schemes and the baseline. Rendered here, emotion writes them as `<style data-emotion="mui-global …">` tags;
 * on the phone emotion's Global finds each tag by its name and adopts it instead of compiling and inserting
 * the same CSS again (about 200 ms of the signed-in page's first commit under a 4× slower CPU, issue 9).
 * Same providers and theme as app/main.tsx's first render (not hydrating), so the names (hashes of the CSS) agree.
 */
export function renderShellStyles(): string {
  // Only the global sheets: the providers render no component styles (emotion still writes an empty tag for them).
  return renderWithStyles(null, false).styles.replace(/<style data-emotion="mui "[^>]*><\/style>/g, '').trim();
}

/**
 * The component CSS of the signed-in pages a user opens first (the layout, /dashboard and /food-log as a
 * phone draws them, with a day of data), for the SPA shell. MUI styles every component through emotion,
 * which compiles each style (stylis), prefixes it and inserts it rule by rule inside React's commit: on a
 * signed-in page's first load that was most of the commits' time (~60–140 ms of blocking time under a 4×
 * slower CPU, bench/profile.mjs). The shell carries the same rules as one `<style data-emotion="mui …">`
 * tag naming their ids; emotion's cache adopts the tag on start and skips every style it names. A style
 * whose CSS differs (other data, another screen, a wider window) gets its own name and is inserted as
 * before: this only saves work, it cannot change what a page looks like.
 */
export async function renderSignedInStyles(pathnames: string[]): Promise<string> {
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  let html = '';
  for (const pathname of pathnames) {
    await preloadRoutes(pathname);
    const page = renderInApp(
      <RenderWholeContext.Provider value>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </RenderWholeContext.Provider>,
      { store: await signedInStore(), cache, hydrating: false },
    );
    if (page.includes('id="boot-header"') || !page.includes(SIGNED_IN_FOOD)) throw new Error(`${pathname}: rendered a loading shell, not the page with its day`);
    html += page;
  }
  const chunks = extractCriticalToChunks(html);
  // The component styles only: the global ones (theme variables, baseline) are the shell's already.
  return constructStyleTagsFromChunks({ ...chunks, styles: chunks.styles.filter((s) => s.key === 'mui' && s.ids.length > 0) });
}
