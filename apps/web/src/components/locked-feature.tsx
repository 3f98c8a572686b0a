import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ENTITLEMENTS, hasEntitlement, tierOf, TIER_LABELS, type EntitlementKey } from '@app/contracts/entitlements';
import { useAppSelector } from '../lib/hooks';
import { paths } from '../lib/paths';
import { selectUser } from '../lib/session';

/**
 * The API said 403 for a tier gate. Decided by the server's answer, not by the session's flags, so a
 * tier granted or ended since sign-in is never shown wrongly.
 */
export const isLocked = (error: unknown): boolean => (error as { status?: unknown } | undefined)?.status === 403;

/**
 * Whether the signed-in user's plan includes a feature, from the session's tier flags, to say so before a request
 * (the server still decides: a plan bought since sign-in works at once). True while the session is unknown.
 */
export function useMayUse(feature: EntitlementKey): boolean {
  const user = useAppSelector(selectUser);
  return !user || hasEntitlement(tierOf(user), feature);
}

/** "Unlock deeper insights with Pro": no verb to agree with a plural label ("Deeper insights comes with Pro"). */
export function lockedTitle(feature: EntitlementKey): string {
  const e = ENTITLEMENTS[feature];
  return `Unlock ${e.label.charAt(0).toLowerCase()}${e.label.slice(1)} with ${TIER_LABELS[e.tier]}`;
}

/** A feature the user's tier does not include: what it is, which tier unlocks it, and the way to upgrade. */
export function LockedFeature({ feature }: { feature: EntitlementKey }) {
  const e = ENTITLEMENTS[feature];
  const tier = TIER_LABELS[e.tier];
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to={paths.subscription} color="inherit" size="small">
          See plans
        </Button>
      }
    >
      <AlertTitle>{lockedTitle(feature)}</AlertTitle>
      {e.description} Included in {tier} and every higher plan.
    </Alert>
  );
}
