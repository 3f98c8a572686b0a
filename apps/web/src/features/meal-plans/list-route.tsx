import Box from '@mui/material/Box';
import { Page } from './components/page';
import { PlanCreateForm } from './components/plan-create-form';
import { PlanList } from './components/plan-list';

/** /meal-plan: the user's plans (10 a page) beside the create form. */
export function Component() {
  return (
    <Page title="Meal planning" subtitle="Plans of up to two weeks that hit your calorie and macro goals every day.">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'start' }}>
        <PlanCreateForm />
        <PlanList />
      </Box>
    </Page>
  );
}
