import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isIos } from '../../lib/platform';

/**
 * /healthkit-test (superuser only). HealthKit exists only inside the iOS app; the Capacitor health plugin that
 * reads its samples is not part of this build yet, so the iOS app says that too instead of pretending to sync.
 */
export function Component() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        HealthKit test
      </Typography>
      {isIos() ? (
        <Alert severity="warning">This build has no HealthKit plugin yet, so no samples can be read or synced.</Alert>
      ) : (
        <Alert severity="info">HealthKit is only available in the iOS app.</Alert>
      )}
    </Box>
  );
}
