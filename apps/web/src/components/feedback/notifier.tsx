import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissNotice, subscribeNotices, type Notice } from './notify';

/** Shows the queued notices one at a time, bottom centre, above the mobile bottom bar. */
export function Notifier() {
  const [queue, setQueue] = useState<readonly Notice[]>([]);
  useEffect(() => subscribeNotices(setQueue), []);
  const current = queue[0];
  return (
    <Snackbar
      key={current?.id}
      open={!!current}
      autoHideDuration={current?.severity === 'error' ? 8000 : 4000}
      onClose={(_, reason) => reason !== 'clickaway' && current && dismissNotice(current.id)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 72, md: 24 } }}
    >
      {current ? (
        <Alert severity={current.severity} variant="filled" onClose={() => dismissNotice(current.id)} sx={{ width: '100%' }}>
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
