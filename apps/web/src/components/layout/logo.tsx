import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The brand mark: the favicon's leaf plus the product name (hidden on the narrowest screens if asked). */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Nutrition Tracker home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none', borderRadius: 1 }}
    >
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: 32, height: 32, flexShrink: 0 }}>
        <circle cx="32" cy="32" r="30" fill="#2e7d32" />
        <path d="M32 14c-8 6-12 14-12 22a12 12 0 0 0 24 0c0-8-4-16-12-22z" fill="#fff" />
        <path d="M32 22v26" stroke="#2e7d32" strokeWidth="3" strokeLinecap="round" />
      </Box>
      <Typography component="span" variant="h6" sx={{ fontWeight: 750, display: compact ? { xs: 'none', sm: 'inline' } : 'inline', whiteSpace: 'nowrap' }}>
        Nutrition Tracker
      </Typography>
    </Box>
  );
}
