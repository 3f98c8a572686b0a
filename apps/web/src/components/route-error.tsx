import { Link as RouterLink } from 'react-router';
import type { FallbackProps } from 'react-error-boundary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * Spec §8: unexpected failures while showing a page (a screen that throws, its code failing to download)
 * show a generic page with the error's message. Shown by app/router.tsx's error boundary, which logs the error.
 */
export function RouteErrorPage({ error }: Pick<FallbackProps, 'error'>) {
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 3, py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }} data-testid="route-error-detail">
        {detail}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/" reloadDocument>
        Back to the start page
      </Button>
    </Box>
  );
}
