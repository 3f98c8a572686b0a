import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { MEAL_PLAN_LIST_PAGE_SIZE } from '@app/contracts/constants';
import { paths } from '../../../lib/paths';
import { notify } from '../../../components/feedback/notify';
import { errorText } from '../../../lib/errors';
import { useDeleteMealPlanMutation, useGetMealPlansQuery } from '../api';
import type { MealPlanSummary } from '../types';
import { dateRange, whole } from './format';
import { StatusChip } from './status-chip';

/** A plan still being generated opens on its progress page; any other on the plan itself. */
const planLink = (p: MealPlanSummary) => (p.status === 'processing' && p.task_id != null ? paths.mealPlanTask(p.task_id) : paths.mealPlanView(p.id));

export function PlanList() {
  const [page, setPage] = useState(1);
  const [showAll, setShowAll] = useState(false);
  const list = useGetMealPlansQuery({ page, per_page: MEAL_PLAN_LIST_PAGE_SIZE, status: showAll ? 'all' : 'active' });
  const [remove, removal] = useDeleteMealPlanMutation();
  const [toDelete, setToDelete] = useState<MealPlanSummary | null>(null);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / MEAL_PLAN_LIST_PAGE_SIZE));

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      notify.success(`Deleted “${toDelete.name}”`);
      // Deleting the last plan of the last page would leave an empty page.
      if (list.data && list.data.meal_plans.length === 1 && page > 1) setPage(page - 1);
    } catch (e) {
      notify.error(errorText(e, 'Failed to delete meal plan'));
    } finally {
      setToDelete(null);
    }
  }

  return (
    <Box component="section" aria-labelledby="plans-title" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="plans-title" variant="h5" component="h2" sx={{ flex: 1 }}>
          Your plans
        </Typography>
        <FormControlLabel
          control={<Switch checked={showAll} onChange={(e) => { setShowAll(e.target.checked); setPage(1); }} />}
          label="Include failed and cancelled"
        />
      </Box>

      {list.isLoading ? (
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={88} />)
      ) : list.error ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => list.refetch()}>Retry</Button>}>
          {errorText(list.error, 'Failed to load meal plans')}
        </Alert>
      ) : list.data && list.data.meal_plans.length === 0 ? (
        <Card>
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography variant="h6" component="p">No meal plans yet</Typography>
            <Typography variant="body2" color="text.secondary">Create your first plan and it will appear here.</Typography>
          </Box>
        </Card>
      ) : (
        <Box component="ul" aria-label="Meal plans" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {list.data?.meal_plans.map((p) => (
            <Box component="li" key={p.id}>
              <Card sx={{ display: 'flex', alignItems: 'stretch' }}>
                <CardActionArea component={RouterLink} to={planLink(p)} sx={{ flex: 1, p: 2 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650, mr: 'auto', overflowWrap: 'anywhere' }}>
                      {p.name}
                    </Typography>
                    <StatusChip status={p.status} />
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {dateRange(p.start_date, p.days)} · {p.days} {p.days === 1 ? 'day' : 'days'} · {whole(p.goals?.calories)} kcal a day
                    {p.status === 'processing' ? ` · ${p.result.days_completed} of ${p.result.total_days} days ready` : ''}
                  </Typography>
                </CardActionArea>
                <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
                  <IconButton aria-label={`Delete ${p.name}`} onClick={() => setToDelete(p)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
              </Card>
            </Box>
          ))}
        </Box>
      )}

      {pages > 1 ? (
        <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} color="primary" sx={{ alignSelf: 'center' }} aria-label="Meal plan pages" />
      ) : null}

      <Dialog open={!!toDelete} onClose={() => setToDelete(null)}>
        <DialogTitle>Delete this plan?</DialogTitle>
        <DialogContent>
          <DialogContentText>“{toDelete?.name}” and all its days will be removed. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>Keep it</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={removal.isLoading}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
