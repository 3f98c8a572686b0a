import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../../components/layout/page-title';

/**
 * Heading block of the meal-plan screens: title, optional subtitle and actions. The main layout
 * already gives the content its width (spec §9, 1200 px) and padding, so none is added here.
 */
export function Page({ title, subtitle, actions, children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <PageTitle sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
            {title}
          </PageTitle>
          {subtitle ? (
            <Typography component="div" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {/* Buttons keep their labels on one line; the row wraps between buttons, never inside one. */}
        {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', width: { xs: '100%', sm: 'auto' }, '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}>{actions}</Box> : null}
      </Box>
      {children}
    </Box>
  );
}
