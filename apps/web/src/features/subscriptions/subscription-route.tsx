import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { StripePrice, Subscription, SubscriptionPlans } from '@app/contracts';
import { APP_STORE_SUBSCRIPTIONS_URL } from '@app/contracts/subscriptions';
import { ENTITLEMENTS, entitlementsOf, TIER_LABELS, type Tier } from '@app/contracts/entitlements';
import { catalogueText } from '../../lib/errors';
import { formatDate, formatRecurringPrice } from '../../lib/format';
import { paths } from '../../lib/paths';
import { isIos } from '../../lib/platform';
import { useCheckoutMutation, useDeactivateSubscriptionMutation, useSubscriptionPlansQuery, useSubscriptionStatusQuery } from './api';
import { RestorePurchases } from './restore-purchases';
import { PageTitle } from '../../components/layout/page-title';

const PERIOD_NAME: Record<StripePrice['interval'], string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };
const SOURCE: Record<Subscription['platform'], string> = { apple: 'App Store', stripe: 'Paid on the web (Stripe)', admin: 'Granted by an administrator' };

/** /subscription: current plan and its renewal, the plans with their prices, and how to buy, restore or cancel. */
export function Component() {
  const status = useSubscriptionStatusQuery();
  const plans = useSubscriptionPlansQuery();
  const [checkout, checkoutState] = useCheckoutMutation();
  const active = status.data?.active_subscription ?? null;
  const buy = async (tier: Tier, price_id?: string) => {
    const res = await checkout({ tier, ...(price_id ? { price_id } : {}) }).unwrap().catch(() => null);
    if (res) window.location.assign(res.url);
  };
  const p = plans.data;
  const purchasesOff = p && !p.apple_enabled && !p.stripe_enabled;
  const ios = isIos();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle>
        Subscription
      </PageTitle>
      {status.error && <Alert severity="error">{catalogueText(status.error, 'Failed to fetch subscription status')}</Alert>}
      {status.data && <CurrentPlan tier={status.data.tier} active={active} portalUrl={p?.stripe_portal_url ?? null} />}
      {p?.apple_enabled && <RestorePurchases />}
      {plans.error && <Alert severity="error">{catalogueText(plans.error, 'Failed to fetch subscriptions')}</Alert>}
      {purchasesOff && <Alert severity="info">Purchases are not enabled on this server.</Alert>}
      {p?.stripe_prices_error && (
        <Alert severity="warning">Prices could not be loaded from Stripe just now. The checkout page shows the price before you pay.</Alert>
      )}
      {checkoutState.error && <Alert severity="error">{catalogueText(checkoutState.error, 'Failed to create subscription')}</Alert>}
      <Box component="section" aria-label="Plans" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {p?.plans.map((plan) => (
          <PlanCard key={plan.tier} plan={plan} ios={ios} appleEnabled={p.apple_enabled} current={status.data?.tier === plan.tier} busy={checkoutState.isLoading} onBuy={buy} />
        ))}
      </Box>
      <Button component={RouterLink} to={paths.premiumFeatures} sx={{ justifySelf: 'start' }}>
        What each plan unlocks
      </Button>
    </Box>
  );
}

function CurrentPlan({ tier, active, portalUrl }: { tier: Tier | null; active: Subscription | null; portalUrl: string | null }) {
  const [deactivate, deactivateState] = useDeactivateSubscriptionMutation();
  const [confirm, setConfirm] = useState(false);
  const stripeRenewing = active?.platform === 'stripe' && active.auto_renew;
  const end = async () => {
    if (!active) return;
    await deactivate(active.id)
      .unwrap()
      .catch(() => null);
    setConfirm(false);
  };
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="h6" component="h2" data-testid="current-tier">
          {tier ? `${TIER_LABELS[tier]} plan` : 'Free plan'}
        </Typography>
        {active && (
          <Typography variant="body2" color="text.secondary">
            {SOURCE[active.platform]}
          </Typography>
        )}
        {active?.expires_at && (
          <Typography data-testid="renewal">
            {active.auto_renew ? 'Renews' : 'Ends'} on {formatDate(active.expires_at)}
          </Typography>
        )}
        {active?.platform === 'stripe' && !active.auto_renew && (
          <Typography variant="body2" color="text.secondary">
            Cancelled at Stripe: you keep {TIER_LABELS[active.tier]} until then and are not charged again.
          </Typography>
        )}
        {active?.platform === 'apple' && (
          <Typography variant="body2" color="text.secondary">
            Apple lets only you cancel an App Store subscription: in the App Store settings, choose the subscription and Cancel Subscription.
          </Typography>
        )}
        {!active && (
          <Typography variant="body2" color="text.secondary">
            Everything outside the plans below is free.
          </Typography>
        )}
        {deactivateState.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {catalogueText(deactivateState.error, 'Failed to deactivate subscription')}
          </Alert>
        )}
      </CardContent>
      {active && (
        <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {active.platform === 'apple' && (
            <Button variant="outlined" href={APP_STORE_SUBSCRIPTIONS_URL} target="_blank" rel="noreferrer">
              Manage in the App Store
            </Button>
          )}
          {active.platform === 'stripe' && portalUrl && (
            <Button variant="outlined" href={portalUrl} target="_blank" rel="noreferrer">
              Manage billing
            </Button>
          )}
          {stripeRenewing && (
            <Button color="error" onClick={() => setConfirm(true)}>
              Cancel subscription
            </Button>
          )}
          {(active.platform === 'admin' || active.status === 'pending') && (
            <Button color="error" onClick={end} disabled={deactivateState.isLoading}>
              End now
            </Button>
          )}
        </CardActions>
      )}
      {active && (
        <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="cancel-title" maxWidth="xs" fullWidth>
          <DialogTitle id="cancel-title">Cancel your {TIER_LABELS[active.tier]} subscription?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Stripe will not charge you again. You keep {TIER_LABELS[active.tier]}
              {active.expires_at ? ` until ${formatDate(active.expires_at)}` : ' until the paid period ends'}.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirm(false)}>Keep it</Button>
            <Button color="error" variant="contained" onClick={end} disabled={deactivateState.isLoading}>
              {deactivateState.isLoading ? 'Cancelling…' : 'Cancel subscription'}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

function PlanCard(props: {
  plan: SubscriptionPlans['plans'][number];
  ios: boolean;
  appleEnabled: boolean;
  current: boolean;
  busy: boolean;
  onBuy: (tier: Tier, priceId?: string) => void;
}) {
  const { plan, ios, current, busy, onBuy } = props;
  const label = TIER_LABELS[plan.tier];
  const inApp = plan.apple_product_ids.length > 0;
  // In the iOS app, purchases go through the App Store (Apple's rules); Stripe is the web's store.
  const stripeHere = plan.stripe_available && !(ios && props.appleEnabled);
  return (
    <Card variant="outlined" data-testid={`plan-${plan.tier}`} sx={{ display: 'flex', flexDirection: 'column', ...(current ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}>
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {label}
          </Typography>
          {current && <Chip size="small" color="primary" label="Your plan" />}
        </Box>
        {stripeHere &&
          plan.stripe_prices.map((price) => (
            <Typography key={price.price_id} variant="h6" component="p" sx={{ fontWeight: 650 }} data-testid="price">
              {formatRecurringPrice(price)}
            </Typography>
          ))}
        {ios && inApp && (
          <Typography variant="body2" color="text.secondary">
            Price shown in the App Store
          </Typography>
        )}
        {!ios && inApp && !stripeHere && (
          <Typography variant="body2" color="text.secondary">
            Available in the iOS app
          </Typography>
        )}
        {!stripeHere && !inApp && (
          <Typography variant="body2" color="text.secondary">
            Not on sale right now
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {entitlementsOf(plan.tier).map((k) => (
            <li key={k}>
              <Typography variant="body2">{ENTITLEMENTS[k].label}</Typography>
            </li>
          ))}
        </Box>
      </CardContent>
      {stripeHere && !current && (
        <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {plan.stripe_prices.length > 1 ? (
            plan.stripe_prices.map((price) => (
              <Button key={price.price_id} variant="contained" disabled={busy} onClick={() => onBuy(plan.tier, price.price_id)} aria-label={`Subscribe to ${label} at ${formatRecurringPrice(price)}`}>
                {price.interval_count === 1 ? `Subscribe ${PERIOD_NAME[price.interval]}` : `Subscribe (${formatRecurringPrice(price)})`}
              </Button>
            ))
          ) : (
            <Button variant="contained" disabled={busy} onClick={() => onBuy(plan.tier, plan.stripe_prices[0]?.price_id)} aria-label={`Subscribe to ${label}`}>
              Subscribe
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
