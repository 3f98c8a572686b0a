import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { NOTIFICATION_PAGE_SIZE } from '@app/contracts/constants';
import { notify } from '../../components/feedback/notify';
import { errorText } from '../../lib/errors';
import { clampPage, pageCount, pageLabel } from './model';
import { NotificationItem } from './notification-item';
import { useDeleteNotificationMutation, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation, useNotificationsQuery } from './api';

/** The list with paging, shared by the desktop popover and the mobile full-height panel. */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(0);
  const { data, currentData, isError, isFetching, refetch } = useNotificationsQuery({ skip: page * NOTIFICATION_PAGE_SIZE, limit: NOTIFICATION_PAGE_SIZE });
  const [markRead, readState] = useMarkNotificationReadMutation();
  const [markAll, allState] = useMarkAllNotificationsReadMutation();
  const [remove, removeState] = useDeleteNotificationMutation();
  const busy = readState.isLoading || allState.isLoading || removeState.isLoading;
  const total = data?.total ?? 0;
  const pages = pageCount(total, NOTIFICATION_PAGE_SIZE);
  const run = (p: Promise<unknown>, ok?: string) =>
    p.then(() => ok && notify.success(ok)).catch((e: unknown) => notify.error(errorText(e, 'Failed to update notifications')));

  // A deletion can leave the last page empty: step back rather than show nothing.
  const shown = data && data.notifications.length === 0 && page > 0 ? clampPage(page, total, NOTIFICATION_PAGE_SIZE) : page;
  if (shown !== page) setPage(shown);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%', height: '100%', minHeight: 0 }} role="region" aria-label="Notifications">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button size="small" onClick={() => run(markAll().unwrap(), 'All notifications marked as read')} disabled={busy || !data || data.unread_count === 0}>
          Mark all as read
        </Button>
        <IconButton aria-label="Close notifications" onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }} aria-busy={isFetching}>
        {/* currentData: while another page loads, show a skeleton rather than the previous page's items. */}
        {!currentData && !isError ? (
          <Stack spacing={1.5} sx={{ p: 2 }}>
            {[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={64} />)}
          </Stack>
        ) : isError ? (
          <Stack spacing={1} sx={{ p: 3, alignItems: 'center' }}>
            <Typography color="error">Failed to load notifications</Typography>
            <Button onClick={() => refetch()}>Try again</Button>
          </Stack>
        ) : !currentData || currentData.notifications.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
            No notifications
          </Typography>
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {currentData.notifications.map((n) => (
              <NotificationItem
                key={n.id}
                n={n}
                busy={busy}
                onRead={() => run(markRead(n.id).unwrap())}
                onDelete={() => run(remove(n.id).unwrap(), 'Notification deleted')}
              />
            ))}
          </Box>
        )}
      </Box>
      {/* Paging only when there is more than one page: "Previous 1/1 Next" on an empty list says nothing. */}
      {pages > 1 && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, borderTop: 1, borderColor: 'divider' }} data-testid="notification-pager">
          <Button size="small" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Previous
          </Button>
          <Typography variant="body2" aria-label="Page" data-testid="notification-page">
            {pageLabel(page, total, NOTIFICATION_PAGE_SIZE)}
          </Typography>
          <Button size="small" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1}>
            Next
          </Button>
        </Stack>
      )}
    </Box>
  );
}
