import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { MOBILE_BOTTOM_BAR_HEIGHT } from '@app/contracts/constants';
import { paths } from '../../lib/paths';
import { useLatch } from '../../lib/use-latch';
import { tapFeedback } from '../../lib/platform';
import { UnreadBadge } from '../../features/notifications/notification-center';
import type { Popup } from './bottom-bar-popups';
import { activeTab, FOOD_ENTRIES } from './nav-model';
import { useCloseOnNavigate } from './use-close-on-navigate';
import { useKeyboardVisible } from './use-keyboard-visible';

const BottomBarPopups = lazy(() => import('./bottom-bar-popups'));

/** Mobile bottom bar (spec §2): Dashboard, Food, AI, Alerts, More; hidden while the keyboard is open. */
export function BottomBar({ onAlerts, alertsOpen }: { onAlerts: () => void; alertsOpen: boolean }) {
  const { pathname } = useLocation();
  const keyboard = useKeyboardVisible();
  const [popup, setPopup] = useState<{ which: Popup; anchor: HTMLElement | null }>({ which: null, anchor: null });
  const [moreOpen, setMoreOpen] = useState(false);
  const popupsMounted = useLatch(popup.which !== null || moreOpen);
  useCloseOnNavigate(() => {
    setPopup({ which: null, anchor: null });
    setMoreOpen(false);
  });
  if (keyboard) return null;
  const value = alertsOpen ? 'alerts' : moreOpen ? 'more' : (popup.which ?? activeTab(pathname));
  const close = () => setPopup({ which: null, anchor: null });

  return (
    <>
      <Paper
        elevation={8}
        square
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (t) => t.zIndex.appBar, pb: 'env(safe-area-inset-bottom)', display: { md: 'none' } }}
      >
        <BottomNavigation
          value={value}
          showLabels
          // MUI's 80 px minimum per tab is 400 px for five: at 360 px "Dashboard" and "More" were cut off. Tabs share
          // the width instead, and the selected label keeps its size (MUI enlarges it, which would not fit either).
          sx={{
            height: MOBILE_BOTTOM_BAR_HEIGHT,
            '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 },
            '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: '0.75rem' },
          }}
          component="nav"
          aria-label="Main"
        >
          <BottomNavigationAction value="dashboard" label="Dashboard" icon={<DashboardIcon />} component={RouterLink} to={paths.dashboard} onClick={tapFeedback} />
          {/* A tab with one destination goes there in one tap; the menu is for tabs with several. */}
          {FOOD_ENTRIES.length === 1 ? (
            <BottomNavigationAction value="food" label="Food" icon={<RestaurantMenuIcon />} component={RouterLink} to={FOOD_ENTRIES[0].to!} onClick={tapFeedback} />
          ) : (
            <BottomNavigationAction
              value="food"
              label="Food"
              icon={<RestaurantMenuIcon />}
              aria-haspopup="menu"
              onClick={(e) => {
                tapFeedback();
                setPopup({ which: 'food', anchor: e.currentTarget });
              }}
            />
          )}
          <BottomNavigationAction
            value="ai"
            label="AI"
            icon={<AutoAwesomeIcon />}
            aria-haspopup="menu"
            onClick={(e) => {
              tapFeedback();
              setPopup({ which: 'ai', anchor: e.currentTarget });
            }}
          />
          <BottomNavigationAction
            value="alerts"
            label="Alerts"
            icon={<UnreadBadge><NotificationsIcon /></UnreadBadge>}
            onClick={() => {
              tapFeedback();
              onAlerts();
            }}
          />
          <BottomNavigationAction
            value="more"
            label="More"
            icon={<MoreHorizIcon />}
            onClick={() => {
              tapFeedback();
              setMoreOpen(true);
            }}
          />
        </BottomNavigation>
      </Paper>
      {popupsMounted && (
        <Suspense fallback={null}>
          <BottomBarPopups popup={popup} onClosePopup={close} moreOpen={moreOpen} onCloseMore={() => setMoreOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
