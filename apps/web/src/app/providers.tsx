import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Notifier } from '../components/feedback/notifier';
import type { AppStore } from '../lib/store';
import { appTheme } from './theme';

/**
 * Everything the app needs above the router: store, emotion cache, theme (light/dark), baseline CSS,
 * snackbars. `hydrating`: the page's HTML was pre-rendered at build time (app/prerender.tsx), so the
 * first render must match it: the colour mode is read after hydration, not during it (the pre-paint
 * class set by public/theme-init.js keeps the colours right meanwhile).
 */
export function AppProviders({ store, cache, hydrating = false, children }: { store: AppStore; cache: EmotionCache; hydrating?: boolean; children: ReactNode }) {
  return (
    <Provider store={store}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={appTheme()} defaultMode="system" noSsr={!hydrating}>
          <CssBaseline enableColorScheme />
          {children}
          <Notifier />
        </ThemeProvider>
      </CacheProvider>
    </Provider>
  );
}
