import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { dismissNotice, type Notice } from './notify';

/** Bottom centre, above the mobile bottom bar; errors and notices with an action (Undo) stay longer. */
export default function NoticeSnackbar({ current }: { current: Notice }) {
  const { action } = current;
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={current.severity === 'error' ? 8000 : action ? 8000 : 4000}
      onClose={(_, reason) => reason !== 'clickaway' && dismissNotice(current.id)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 72, md: 24 } }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismissNotice(current.id)}
        sx={{ width: '100%', alignItems: 'center' }}
        action={
          action ? (
            <Button
              color="inherit"
              size="small"
              sx={{ fontWeight: 700 }}
              onClick={() => {
                dismissNotice(current.id);
                action.onClick();
              }}
            >
              {action.label}
            </Button>
          ) : undefined
        }
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
