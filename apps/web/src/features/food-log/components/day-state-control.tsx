import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DayState, DayStateSaved, DayStateValue } from '@app/contracts/day-states';
import { api } from '../../../lib/api';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';

/**
 * The day's state (issue 42 §6): complete days count in every average, pattern and estimate; partial ones are left
 * out. The user decides with one tap; without a choice the server infers it (far below the usual day = partial).
 * Saving refreshes every insight (tag 'Insights'), so the notes on the insights screens follow at once.
 */
export const dayStateApi = api.injectEndpoints({
  endpoints: (build) => ({
    foodLogDayState: build.query<DayState | null, string>({
      query: (date) => `/food-logs/day-states?start_date=${date}&end_date=${date}`,
      transformResponse: (list: DayState[]) => list[0] ?? null,
      providesTags: ['Insights', { type: 'FoodLog', id: 'LIST' }],
    }),
    setFoodLogDayState: build.mutation<DayStateSaved, { date: string; state: DayStateValue | null }>({
      query: ({ date, state }) => ({ url: `/food-logs/day-state/${date}`, method: 'PUT', body: { state } }),
      invalidatesTags: ['Insights'],
    }),
  }),
});

export function DayStateControl({ date }: { date: string }) {
  const { data } = dayStateApi.useFoodLogDayStateQuery(date);
  const [save, { isLoading }] = dayStateApi.useSetFoodLogDayStateMutation();
  // Nothing logged and no choice: not a logged day, nothing to say.
  if (!data || (data.kcal <= 0 && !data.set_by_user)) return null;
  const set = (state: DayStateValue | null) =>
    save({ date, state })
      .unwrap()
      .catch((e: unknown) => notify.error(catalogueText(e, 'Failed to save the day')));
  const partial = data.state === 'partial';
  const text = partial
    ? data.set_by_user
      ? 'Partial day: left out of your averages, patterns and estimates.'
      : 'Looks partial (far below your usual day): left out of your averages until you complete it.'
    : data.set_by_user
      ? 'Complete day: it counts in your averages.'
      : 'Counts as a complete day in your averages.';
  return (
    <Box component="section" aria-label="Day state" data-testid="day-state" data-state={data.state} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 14rem' }}>
        {text}
      </Typography>
      <Button size="small" variant={partial ? 'contained' : 'text'} disabled={isLoading} onClick={() => set(partial ? 'complete' : 'partial')}>
        {partial ? 'Complete this day' : 'Mark as partial'}
      </Button>
      {data.set_by_user && (
        <Button size="small" disabled={isLoading} onClick={() => set(null)}>
          Let the app decide
        </Button>
      )}
    </Box>
  );
}
