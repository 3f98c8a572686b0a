import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { isIos } from '../../lib/platform';
import { useAppDispatch } from '../../lib/hooks';
import { api } from '../../lib/api';
import { useSettingsTimeZone } from '../../lib/user-settings';
import { countOf } from '../../lib/format';
import { browserTimeZone } from '../../lib/today';
import { usePostMetricMutation } from './api';
import { syncHealthKit, type SyncReport } from './healthkit-sync';
import { PageTitle } from '../../components/layout/page-title';

/**
 * /healthkit-test (superuser only). In the iOS app: reads the last 30 days of weights, workouts and sleep
 * from Apple Health (HealthKit, through @capgo/capacitor-health) and syncs them with the health-metrics
 * routes. HealthKit exists only inside the iOS app, so a browser says so.
 */
export function Component() {
  const [post] = usePostMetricMutation();
  const dispatch = useAppDispatch();
  const settingsZone = useSettingsTimeZone();
  const [state, setState] = useState<{ busy: boolean; report?: SyncReport; error?: string }>({ busy: false });

  async function sync() {
    setState({ busy: true });
    try {
      const { Health } = await import('@capgo/capacitor-health');
      const report = await syncHealthKit(
        Health,
        async (path, body) => {
          const res = await post({ path, body });
          if ('error' in res && res.error) throw new Error((res.error as { data?: { detail?: { msg?: string } } }).data?.detail?.msg ?? 'The server refused it.');
        },
        { timeZone: settingsZone ?? browserTimeZone() ?? 'UTC', days: 30 },
      );
      dispatch(api.util.invalidateTags([{ type: 'HealthMetric', id: 'LIST' }, 'Insights']));
      setState({ busy: false, report });
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  const r = state.report;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <PageTitle>
        HealthKit test
      </PageTitle>
      {!isIos() ? (
        <Alert severity="info">HealthKit is only available in the iOS app.</Alert>
      ) : (
        <>
          <Typography>Reads the last 30 days of weight, workouts and sleep from Apple Health and saves them here. Running it again updates the same entries instead of adding copies.</Typography>
          <Box>
            <Button variant="contained" onClick={sync} disabled={state.busy}>
              Sync from Apple Health
            </Button>
          </Box>
          {state.busy && <LinearProgress aria-label="Syncing from Apple Health" />}
          {state.error && <Alert severity="error">{state.error}</Alert>}
          {r && (
            <Alert severity={r.failed.length ? 'warning' : 'success'}>
              Synced {countOf(r.weights, 'weight')}, {countOf(r.workouts, 'workout')} and {countOf(r.sleep, 'night')} of sleep
              {r.skipped ? `; ${countOf(r.skipped, 'sample')} skipped as implausible` : ''}
              {r.failed.length ? `; ${r.failed.length} refused: ${r.failed.slice(0, 3).map((f) => `${f.what} (${f.message})`).join('; ')}` : ''}.
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
