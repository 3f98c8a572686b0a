import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { paths } from '../lib/paths';
import { useUserSettingsQuery } from '../lib/user-settings';

/**
 * The dashboard's nudge for an account that has not finished (or skipped) the onboarding (issue 42 §1): a link, not a
 * redirect, so every page stays reachable. Nothing but a card and a link: /dashboard's first-load budget holds.
 * In components/ rather than features/onboarding because features never import each other.
 */
export function FinishSetupCard() {
  const { data } = useUserSettingsQuery();
  if (!data || data.onboarded) return null;
  return (
    <Card component="section" aria-labelledby="finish-setup-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <div>
        <Typography id="finish-setup-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
          Finish setting up (2 minutes)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A few questions about you, and we suggest a calorie and macro plan for your goal.
        </Typography>
      </div>
      <Button component={RouterLink} to={paths.onboarding} variant="contained">
        Finish setting up
      </Button>
    </Card>
  );
}
