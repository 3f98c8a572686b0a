import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { logger } from '../lib/logger';

/** Spec §8: unexpected routing failures show a generic page with the status and text, or the message. */
export function RouteErrorPage() {
  const error = useRouteError();
  logger.error('Route error', error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : 'Unknown error';
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
