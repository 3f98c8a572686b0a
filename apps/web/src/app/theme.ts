import { createTheme, type Theme } from '@mui/material/styles';
import { TOOLTIP_ENTER_DELAY_MS } from '@app/contracts/constants';

let theme: Theme | undefined;

/**
 * The one theme: brand green, light and dark schemes (system by default, switchable), rounded
 * cards and the system font stack (no web-font download on the first page). Created on first use, not
 * while the modules are evaluated: it is ~15 ms of CPU (~60 ms on a phone), and app/main.tsx gives it a
 * task of its own so the evaluation's task stays short (issue 9, blocking time).
 */
export const appTheme = (): Theme => (theme ??= createAppTheme());

const createAppTheme = () =>
  createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#ffffff' },
        secondary: { main: '#00796b' },
        // MUI's orange (#ed6c02) is 2.9:1 on this page: a darker amber reads at 4.7:1 as text, and white on it at 5:1 (app/theme.test.ts).
        warning: { main: '#b45309', light: '#d97706', dark: '#92400e', contrastText: '#ffffff' },
        background: { default: '#f6f8f6', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#66bb6a', light: '#81c784', dark: '#388e3c', contrastText: '#0b1f0c' },
        secondary: { main: '#4db6ac' },
        // A filled success toast is success.dark in this scheme: MUI's #388e3c under white text is 4.1:1, this is 5.1:1.
        success: { main: '#66bb6a', light: '#81c784', dark: '#2e7d32' },
        background: { default: '#0f1411', paper: '#171d19' },
      },
    },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2.5rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.6rem', fontWeight: 700 },
    h4: { fontSize: '1.35rem', fontWeight: 650 },
    h5: { fontSize: '1.15rem', fontWeight: 650 },
    h6: { fontSize: '1rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 10 } } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16 } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTooltip: { defaultProps: { enterDelay: TOOLTIP_ENTER_DELAY_MS, arrow: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
  },
});
