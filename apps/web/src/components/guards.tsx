import { Navigate, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../lib/hooks';
import { selectSession } from '../lib/session';
import { useMeQuery } from '../lib/session-api';
import { guardDecision } from './guard-model';

export function PageSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading">
      <Skeleton variant="text" width="40%" height={48} />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={220} />
    </Stack>
  );
}

function Offline() {
  const { refetch } = useMeQuery();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Failed to connect to server
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Unable to reach the server. Please check your connection and try again.
      </Typography>
      <Button variant="contained" onClick={() => refetch()}>
        Try again
      </Button>
    </Box>
  );
}

/** Guarded pages (login and a validated e-mail required; optionally superuser only). */
export function RequireAuth({ superuserOnly = false }: { superuserOnly?: boolean }) {
  const session = useAppSelector(selectSession);
  const location = useLocation();
  const decision = guardDecision(session, location, { superuserOnly });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={decision.state} />;
  if (decision.kind === 'wait') return <PageSkeleton />;
  if (decision.kind === 'offline') return <Offline />;
  return <Outlet />;
}

/** Lazy route module: the guarded branch of the router. */
export { RequireAuth as Component };
