import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { CONTENT_MAX_WIDTH, MOBILE_BOTTOM_BAR_HEIGHT } from '@app/contracts/constants';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { selectUser } from '../../lib/session';
import { useTimeZoneFromBrowser } from '../../lib/user-settings';
import { BellButton } from '../../features/notifications/notification-center';
import { useLatch } from '../../lib/use-latch';
import { AccountMenu } from './account-menu';
import { BottomBar } from './bottom-bar';
import { ColorModeButton } from './color-mode-button';
import { Footer } from './footer';
import { Logo } from './logo';
import { drawerGroups, logoTarget } from './nav-model';
import { NavList } from './nav-list';
import { useCloseOnNavigate } from './use-close-on-navigate';
import { FocusRing, SkipLink } from './skip-link';

const DRAWER_WIDTH = 264;

// On demand, not with every signed-in page: the notification center (Popover or Drawer, the panel) on
// the first tap on the bell or Alerts, and the signed-out phone menu on the first tap on its button.
const NotificationCenter = lazy(() => import('../../features/notifications/notification-popup'));
const NavDrawer = lazy(() => import('./nav-drawer'));

/** The signed-in shell: permanent drawer on desktop, bottom bar on phones, header with bell and account. */
export function MainLayout() {
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [alerts, setAlerts] = useState<{ open: boolean; anchor: HTMLElement | null }>({ open: false, anchor: null });
  useCloseOnNavigate(() => {
    setMenuOpen(false);
    setAlerts({ open: false, anchor: null });
  });
  const alertsMounted = useLatch(alerts.open);
  const menuMounted = useLatch(menuOpen);
  // A signed-in phone never shows the permanent drawer: skip drawing its hidden list (part of the first
  // render's long task). Signed-out pages keep it, as they are pre-rendered and hydrated.
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  const groups = drawerGroups(user);
  const nav = <NavList groups={groups} onPick={() => setMenuOpen(false)} label="Main navigation" />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <TimeZoneFromBrowser />
      <SkipLink />
      <FocusRing />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ gap: 1 }}>
          {!user && (
            <IconButton aria-label="Open navigation menu" edge="start" onClick={() => setMenuOpen(true)} sx={{ display: { md: 'none' } }}>
              <MenuIcon />
            </IconButton>
          )}
          <Logo to={logoTarget(pathname, !!user)} compact />
          <Box sx={{ flex: 1 }} />
          <ColorModeButton />
          {user ? (
            <>
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <BellButton onOpen={(anchor) => setAlerts({ open: true, anchor })} />
              </Box>
              <AccountMenu />
            </>
          ) : (
            <Button component={RouterLink} to={paths.login} variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              Log in
            </Button>
          )}
        </Toolbar>
      </AppBar>
      {/* What MUI's permanent Drawer draws (a fixed, full-height paper), without importing Drawer and Modal. */}
      <Box sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0 }}>
        <Paper square elevation={0} sx={{ position: 'fixed', top: 0, left: 0, height: '100%', width: DRAWER_WIDTH, display: 'flex', flexDirection: 'column', overflowY: 'auto', zIndex: (t) => t.zIndex.drawer, borderRight: 1, borderColor: 'divider' }}>
          <Toolbar />
          <Box sx={{ overflowY: 'auto', py: 1 }}>{(wide || !user) && nav}</Box>
        </Paper>
      </Box>
      {menuMounted && (
        <Suspense fallback={null}>
          <NavDrawer open={menuOpen} onClose={() => setMenuOpen(false)} width={DRAWER_WIDTH}>
            {nav}
          </NavDrawer>
        </Suspense>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* The header's spacer and the page fill at least the viewport, so the footer starts below the fold
            and a page growing as its data arrives never pushes a visible footer down (layout shift, CLS). */}
        <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
            <Outlet />
          </Box>
        </Box>
        <Footer />
        {user && <Box sx={{ height: MOBILE_BOTTOM_BAR_HEIGHT, display: { md: 'none' } }} />}
      </Box>
      {user && <BottomBar alertsOpen={alerts.open} onAlerts={() => setAlerts({ open: true, anchor: null })} />}
      {user && alertsMounted && (
        <Suspense fallback={null}>
          <NotificationCenter open={alerts.open} anchorEl={alerts.anchor} onClose={() => setAlerts({ open: false, anchor: null })} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * Draws nothing. The settings query it reads answers while the first page is being drawn, and react-redux
 * re-renders a query's readers synchronously, in one task: here that is this component, not the whole layout
 * (header, footer, bottom bar), which used to take that task on a phone (issue 9, blocking time).
 */
function TimeZoneFromBrowser() {
  useTimeZoneFromBrowser();
  return null;
}

/** Lazy route module (React Router `lazy`). */
export { MainLayout as Component };
