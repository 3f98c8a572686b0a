import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, test } from 'vitest';
import { appTheme } from './theme';

type Scheme = { palette: Record<string, any> };
const schemes = () => (appTheme() as unknown as { colorSchemes: Record<'light' | 'dark', Scheme> }).colorSchemes;

/**
 * WCAG AA (4.5:1) for the colours the app writes text in: a status colour as text on the page or a card ('! 231 kcal
 * over' under a goal bar), and a filled toast's text on its colour. The default warning orange (#ed6c02) was 2.9:1 on
 * the light page: the placeholder plan's toast and the 'over' lines were hard to read.
 */
describe('theme contrast (WCAG AA)', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const status of ['success', 'warning', 'error'] as const) {
      test(`${mode}: ${status} as text on the page and the card, and a filled ${status} toast`, () => {
        const p = schemes()[mode].palette;
        expect(getContrastRatio(p[status].main, p.background.default)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(p[status].main, p.background.paper)).toBeGreaterThanOrEqual(4.5);
        // A filled Alert (the toasts) is the main colour in light mode and the dark one in dark mode (MUI's Alert).
        const toast = p[status][mode === 'light' ? 'main' : 'dark'];
        expect(getContrastRatio(p.Alert[`${status}FilledColor`], toast)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
