import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageSkeleton } from '../../components/guards';
import { catalogueText } from '../../lib/errors';
import { useUserSettingsQuery } from './api';
import { AccountCard } from './account-card';
import { DataCard } from './data-card';
import { ExerciseCard } from './exercise-card';
import { GoalsCard } from './goals-card';
import { PreferencesCard } from './preferences-card';
import { ProfileCard } from './profile-card';
import { ReminderSettings } from './reminder-settings';
import { PageTitle } from '../../components/layout/page-title';

export function Component() {
  const { data, error, isLoading, refetch } = useUserSettingsQuery();
  return (
    <Stack spacing={3}>
      <PageTitle>
        Settings
      </PageTitle>
      {isLoading ? (
        <PageSkeleton />
      ) : error || !data ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => refetch()}>Retry</Button>}>
          {catalogueText(error, 'Failed to fetch user settings')}
        </Alert>
      ) : (
        <>
          <GoalsCard settings={data} />
          <ExerciseCard settings={data} />
          <ProfileCard settings={data} />
          <PreferencesCard settings={data} />
        </>
      )}
      <ReminderSettings />
      <AccountCard />
      <DataCard />
    </Stack>
  );
}
