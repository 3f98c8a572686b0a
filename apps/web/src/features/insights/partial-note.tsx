import Alert from '@mui/material/Alert';

/**
 * What an insights screen left out (issue 42 §6): the server's sentence ("2 partial days left out: …"), shown on
 * every screen whose numbers read the days, so a half-logged day never silently moves an average.
 */
export function PartialNote({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return (
    <Alert severity="info" variant="outlined" data-testid="partial-note">
      {note} Mark a day complete or partial on the food log.
    </Alert>
  );
}
