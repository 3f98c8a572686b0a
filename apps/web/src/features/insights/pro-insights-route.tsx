import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { catalogueText } from '../../lib/errors';
import { useUserSettingsQuery } from '../../lib/user-settings';
import { isLocked, LockedFeature } from '../../components/locked-feature';
import { usePatternAnalysisQuery } from './api';
import { FindingsList } from './findings-list';
import { RangePicker } from '../../components/range-picker';
import { PageTitle } from '../../components/layout/page-title';
import { PartialNote } from './partial-note';

/** /pro-insights: the deeper pattern analysis (Pro: entitlement pro_insights). */
export function Component() {
  const [days, setDays] = useState(14);
  const { data, error, isFetching } = usePatternAnalysisQuery(days);
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle>
        Pro insights
      </PageTitle>
      {/* Locked: no range to pick (each pick asked the server again and drew another 403). */}
      {!(error && isLocked(error)) && <RangePicker value={days} onChange={setDays} options={[14, 30, 90]} />}
      {error && (isLocked(error) ? <LockedFeature feature="pro_insights" /> : <Alert severity="error">{catalogueText(error, 'Failed to fetch insights')}</Alert>)}
      {!data && isFetching && <Skeleton variant="rounded" height={300} />}
      {data && (
        <>
          <Typography>{data.statement}</Typography>
          <PartialNote note={data.partial_note} />
          {data.weekday_weekend.statement && <Typography>{data.weekday_weekend.statement}</Typography>}
          <FindingsList findings={data.findings} notEnough={data.not_enough_data} units={units} />
        </>
      )}
    </Box>
  );
}
