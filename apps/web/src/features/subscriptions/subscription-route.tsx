import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ENTITLEMENTS, entitlementsOf, TIER_LABELS, type Tier } from '@app/contracts/entitlements';
import { errorDetail } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useCheckoutMutation, useDeactivateSubscriptionMutation, useSubscriptionPlansQuery, useSubscriptionStatusQuery } from './api';

/** /subscription: current tier and renewal date, the plans, and how to buy or cancel. */
export function Component() {
  const status = useSubscriptionStatusQuery();
  const plans = useSubscriptionPlansQuery();
  const [checkout, checkoutState] = useCheckoutMutation();
  const [deactivate] = useDeactivateSubscriptionMutation();
  const active = status.data?.active_subscription;
  const buy = async (tier: Tier) => {
    const res = await checkout(tier).unwrap().catch(() => null);
    if (res) window.location.assign(res.url);
  };
  const purchasesOff = plans.data && !plans.data.apple_enabled && !plans.data.stripe_enabled;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Subscription
      </Typography>
      {status.error && <Alert severity="error">{errorDetail(status.error, 'Failed to fetch subscription status').msg}</Alert>}
      {status.data && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" data-testid="current-tier">
              {status.data.tier ? `${TIER_LABELS[status.data.tier]} plan` : 'Free plan'}
            </Typography>
            {active?.expires_at && (
              <Typography color="text.secondary">
                {active.auto_renew ? 'Renews' : 'Ends'} on {new Date(active.expires_at).toLocaleDateString()}
              </Typography>
            )}
          </CardContent>
          {active && (
            <CardActions>
              {active.platform === 'apple' && (
                <Button href="https://apps.apple.com/account/subscriptions" target="_blank" rel="noreferrer">
                  Manage in the App Store
                </Button>
              )}
              <Button color="error" onClick={() => deactivate(active.id)}>
                Cancel now
              </Button>
            </CardActions>
          )}
        </Card>
      )}
      {purchasesOff && <Alert severity="info">Purchases are not enabled on this server.</Alert>}
      {checkoutState.error && <Alert severity="error">{errorDetail(checkoutState.error, 'Failed to create subscription').msg}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {plans.data?.plans.map((p) => (
          <Card key={p.tier} variant="outlined">
            <CardContent>
              <Typography variant="h6">{TIER_LABELS[p.tier]}</Typography>
              <ul>
                {entitlementsOf(p.tier).map((k) => (
                  <li key={k}>{ENTITLEMENTS[k].label}</li>
                ))}
              </ul>
              {p.apple_product_ids.length > 0 && <Typography variant="body2">In the iOS app: {p.apple_product_ids.join(', ')}</Typography>}
            </CardContent>
            <CardActions>
              {p.stripe_available && (
                <Button variant="contained" disabled={checkoutState.isLoading} onClick={() => buy(p.tier)}>
                  Subscribe
                </Button>
              )}
            </CardActions>
          </Card>
        ))}
      </Box>
      <Button component={RouterLink} to={paths.premiumFeatures} sx={{ justifySelf: 'start' }}>
        What each plan unlocks
      </Button>
    </Box>
  );
}
