import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { CONTENT_MAX_WIDTH, MOBILE_BOTTOM_BAR_HEIGHT } from '@app/contracts/constants';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { selectIsAuthenticated } from '../../lib/session';
import { ColorModeButton } from './color-mode-button';
import { Footer } from './footer';
import { Logo } from './logo';
import { logoTarget } from './nav-model';
import { useCloseOnNavigate } from './use-close-on-navigate';

const CompactMenu = lazy(() => import('./compact-menu'));

/** Compact bottom bar for logged-out phones on / and /login (spec §2): menu, logo, login button. */
function CompactBar({ onLogin }: { onLogin: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useCloseOnNavigate(() => setAnchor(null));
  return (
    <Paper elevation={8} square sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (t) => t.zIndex.appBar, display: { md: 'none' }, pb: 'env(safe-area-inset-bottom)' }}>
      <Box component="nav" aria-label="Site" sx={{ height: MOBILE_BOTTOM_BAR_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1 }}>
        <IconButton aria-label="Open site menu" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <MenuIcon />
        </IconButton>
        <Logo to={paths.home} />
        {/* On /login it marks where the user is, like a selected tab, instead of inviting a no-op tap. */}
        <Button component={RouterLink} to={paths.login} variant={onLogin ? 'outlined' : 'contained'} size="small" aria-current={onLogin ? 'page' : undefined}>
          Log in
        </Button>
      </Box>
      {anchor && (
        <Suspense fallback={null}>
          <CompactMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </Paper>
  );
}

/**
 * Public pages: one header (logo, theme toggle, account buttons) on every size, centred content and
 * the footer; logged-out phones on / and /login also get the compact bottom bar of spec §2.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const compact = !loggedIn && (pathname === paths.home || pathname === paths.login);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ gap: 1, maxWidth: CONTENT_MAX_WIDTH, width: '100%', mx: 'auto' }}>
          <Logo to={logoTarget(pathname, loggedIn)} compact />
          <Box sx={{ flex: 1 }} />
          <ColorModeButton />
          {loggedIn ? (
            <Button component={RouterLink} to={paths.dashboard} variant="contained">
              Open dashboard
            </Button>
          ) : (
            <>
              {pathname !== paths.login && (
                <Button component={RouterLink} to={paths.login} sx={{ display: { xs: pathname === paths.register ? 'inline-flex' : 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}>
                  Log in
                </Button>
              )}
              {pathname !== paths.register && (
                <Button component={RouterLink} to={paths.register} variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  Sign up
                </Button>
              )}
            </>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" id="main" sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Outlet />
      </Box>
      <Footer />
      {compact && (
        <>
          <Box sx={{ height: MOBILE_BOTTOM_BAR_HEIGHT, display: { md: 'none' } }} />
          <CompactBar onLogin={pathname === paths.login} />
        </>
      )}
    </Box>
  );
}

/** Lazy route module (React Router `lazy`). */
export { PublicLayout as Component };
