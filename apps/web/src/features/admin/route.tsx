import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useAppSelector } from '../../lib/hooks';
import { selectSession } from '../../lib/session';
import { ActivityTab, CodesTab, MetricsTab, WorkersTab } from './other-tabs';
import { UsersTab } from './users-tab';
import { PageTitle } from '../../components/layout/page-title';

const TABS = ['Metrics', 'Users', 'Activity', 'Registration codes', 'Workers'] as const;

/** /admin (superusers only; the router's guard sends everyone else to /dashboard). */
export function Component() {
  const [tab, setTab] = useState(0);
  const { user } = useAppSelector(selectSession);
  return (
    // minmax(0, 1fr): a column as wide as the screen, so a wide table scrolls in its box instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <PageTitle>
        Admin
      </PageTitle>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" aria-label="Admin sections">
        {TABS.map((t) => (
          <Tab key={t} label={t} />
        ))}
      </Tabs>
      {tab === 0 && <MetricsTab />}
      {tab === 1 && <UsersTab selfId={user?.id} />}
      {tab === 2 && <ActivityTab />}
      {tab === 3 && <CodesTab />}
      {tab === 4 && <WorkersTab />}
    </Box>
  );
}
