import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { catalogueText } from '../../lib/errors';
import { isIos } from '../../lib/platform';
import { currentTransactions, storeKitAvailable } from '../../lib/store-kit';
import { useValidateReceiptMutation } from './api';

export type Outcome = { severity: 'success' | 'info' | 'warning' | 'error'; text: string };

/**
 * What a restore says: how many transactions were linked, and what each refused call threw. A refusal is
 * spec §8's 'Failed to validate receipt': with the server's reason when it gave one (a 4xx: 'This purchase
 * belongs to another account'), else 'Could not validate purchase receipt', never the server's internal text.
 */
export function restoreOutcome(restored: number, refusals: unknown[]): Outcome {
  if (!restored && !refusals.length) return { severity: 'info', text: 'The App Store has no active subscription for this Apple ID.' };
  const refused = [...new Set(refusals.map((e) => catalogueText(e, 'Failed to validate receipt', 'Could not validate purchase receipt')))];
  const done = restored ? `Restored ${restored === 1 ? 'your App Store subscription' : `${restored} App Store subscriptions`}.` : '';
  const why = refused.length ? ` Not restored: ${refused.join('; ')}.` : '';
  return { severity: refused.length ? (restored ? 'warning' : 'error') : 'success', text: `${done}${why}`.trim() };
}

/**
 * iOS only: sends every StoreKit 2 transaction this Apple ID holds now to the server, which verifies
 * each against Apple's certificate chain and links it to this account. Not shown in a browser.
 */
export function RestorePurchases() {
  const [validate] = useValidateReceiptMutation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!isIos()) return null;
  if (!storeKitAvailable()) {
    return <Alert severity="info">Restoring App Store purchases is not available in this version of the app.</Alert>;
  }

  async function restore() {
    setBusy(true);
    setOutcome(null);
    try {
      const transactions = await currentTransactions();
      let restored = 0;
      const refusals: unknown[] = [];
      for (const jws of transactions) {
        try {
          await validate(jws).unwrap();
          restored += 1;
        } catch (e) {
          refusals.push(e);
        }
      }
      setOutcome(restoreOutcome(restored, refusals));
    } catch {
      setOutcome({ severity: 'error', text: 'The App Store did not answer. Check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button variant="outlined" onClick={restore} disabled={busy}>
          {busy ? 'Restoring…' : 'Restore purchases'}
        </Button>
        <Typography variant="body2" color="text.secondary">
          Links the App Store subscriptions of this Apple ID to your account.
        </Typography>
      </Box>
      {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
    </Box>
  );
}
