import { useEffect, useRef } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { BADGE_FETCH_SIZE, BADGE_LOG_THROTTLE_MS, BADGE_POLL_INTERVAL_MS } from '@app/contracts/constants';
import { useAppSelector } from '../../lib/hooks';
import { selectIsAuthenticated } from '../../lib/session';
import { logger } from '../../lib/logger';
import { useNotificationsQuery } from './api';
import { badgeText } from './model';
import { useNativePush } from './use-native-push';

/** Unread count for the badge: polled every 30 s and refetched on focus/reconnect (spec §9). */
export function useUnreadCount(): number {
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const { data, refetch } = useNotificationsQuery(
    { skip: 0, limit: BADGE_FETCH_SIZE },
    { skip: !loggedIn, pollingInterval: BADGE_POLL_INTERVAL_MS, refetchOnFocus: true, refetchOnReconnect: true },
  );
  useNativePush(() => loggedIn && void refetch());
  const unread = data?.unread_count ?? 0;
  const lastLog = useRef(0);
  useEffect(() => {
    // Badge changes are worth a debug line, but at most one per 10 s.
    const now = Date.now();
    if (now - lastLog.current >= BADGE_LOG_THROTTLE_MS) {
      lastLog.current = now;
      logger.debug('Unread notifications', unread);
    }
  }, [unread]);
  return unread;
}

export function UnreadBadge({ children }: { children: React.ReactNode }) {
  const text = badgeText(useUnreadCount());
  return (
    <Badge badgeContent={text} color="error" invisible={text === null} data-testid="unread-badge">
      {children}
    </Badge>
  );
}

export function BellButton({ onOpen }: { onOpen: (anchor: HTMLElement) => void }) {
  const text = badgeText(useUnreadCount());
  return (
    <IconButton aria-label={text ? `Notifications, ${text} unread` : 'Notifications'} onClick={(e) => onOpen(e.currentTarget)}>
      <Badge badgeContent={text} color="error" invisible={text === null} data-testid="unread-badge">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
