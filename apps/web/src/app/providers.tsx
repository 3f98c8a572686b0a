import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Notifier } from '../components/feedback/notifier';
import type { AppStore } from '../lib/store';
import { theme } from './theme';

/** Everything the app needs above the router: store, theme (light/dark), baseline CSS, snackbars. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme} defaultMode="system" noSsr>
        <CssBaseline enableColorScheme />
        {children}
        <Notifier />
      </ThemeProvider>
    </Provider>
  );
}
