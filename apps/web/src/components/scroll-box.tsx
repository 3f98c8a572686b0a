import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls sideways inside its card rather than being cut off. The box is a
 * named region that takes focus, so a keyboard user can scroll it with the arrow keys too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      {children}
    </Box>
  );
}
