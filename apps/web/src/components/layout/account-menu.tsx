import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useAppSelector } from '../../lib/hooks';
import { selectUser } from '../../lib/session';
import { useLatch } from '../../lib/use-latch';
import { useCloseOnNavigate } from './use-close-on-navigate';

const AccountMenuPopup = lazy(() => import('./account-menu-popup'));

export function AccountMenu() {
  const user = useAppSelector(selectUser);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useLatch(!!anchor);
  useCloseOnNavigate(() => setAnchor(null));
  if (!user) return null;
  const initial = (user.username ?? user.email).charAt(0).toUpperCase();
  return (
    <>
      <IconButton aria-label="Account menu" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 16 }}>{initial}</Avatar>
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <AccountMenuPopup anchor={anchor} email={user.email} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
