import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { catalogueText } from '../../lib/errors';
import { formatWeight } from '../../lib/units';
import { useUserSettingsQuery } from '../../lib/user-settings';
import { useOverallAnalysisQuery } from './api';
import { FindingsList } from './findings-list';
import { RangePicker } from '../../components/range-picker';
import { PageTitle } from '../../components/layout/page-title';
import { PartialNote } from './partial-note';
import { formatDay } from '../../lib/format';

/** /assessment ("AI Assessment"): the overall analysis as a readable report, every finding with its evidence. */
export function Component() {
  const [days, setDays] = useState(30);
  const { data, error, isFetching } = useOverallAnalysisQuery(days);
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle>
        Assessment
      </PageTitle>
      <RangePicker value={days} onChange={setDays} options={[14, 30, 90]} />
      {error && <Alert severity="error">{catalogueText(error, 'Failed to fetch insights')}</Alert>}
      {!data && isFetching && <Skeleton variant="rounded" height={300} />}
      {data && (
        <>
          <Typography>{data.statement}</Typography>
          <PartialNote note={data.partial_note} />
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                Energy expenditure
              </Typography>
              <Typography>{data.expenditure.statement}</Typography>
              {data.weight.latest && (
                // The one trend (issue 42 §7): the dashboard and Health show the same weight and weekly rate.
                <Typography color="text.secondary" data-testid="assessment-weight-trend">
                  Trend {formatWeight(data.weight.latest.trend_kg, units)} on {formatDay(data.weight.latest.date)}
                  {data.weight.weekly_rate_kg !== null && ` · ${formatWeight(data.weight.weekly_rate_kg, units, { signed: true, digits: 2 })} a week over the last 28 days`}.
                </Typography>
              )}
            </CardContent>
          </Card>
          <FindingsList findings={data.findings} notEnough={data.not_enough_data} units={units} />
        </>
      )}
    </Box>
  );
}
