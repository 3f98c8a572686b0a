import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

// Temporary: replaced by the settings page in the next commit.
export function Component() {
  return (
    <>
      <Typography variant="h2" component="h1" gutterBottom>Settings</Typography>
      <Alert severity="info">Settings are not available yet.</Alert>
    </>
  );
}
