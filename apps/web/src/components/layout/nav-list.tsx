import { Fragment } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Divider from '@mui/material/Divider';
import { tapFeedback } from '../../lib/platform';
import { openFeedbackMail } from './feedback';
import { NAV_ICONS } from './nav-icons';
import { isCurrent, type NavEntry, type NavGroup } from './nav-model';

/** One destination: a link (or the feedback button). NavList puts each in a list item. */
export function NavEntryButton({ entry, onPick, dense = false }: { entry: NavEntry; onPick?: () => void; dense?: boolean }) {
  const { pathname } = useLocation();
  const Icon = NAV_ICONS[entry.key];
  const current = isCurrent(pathname, entry);
  const common = { dense, sx: { borderRadius: 2, mx: 1 } } as const;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}><Icon fontSize="small" /></ListItemIcon>
      <ListItemText primary={entry.label} />
    </>
  );
  if (!entry.to) {
    return (
      <ListItemButton
        {...common}
        onClick={() => {
          tapFeedback();
          onPick?.();
          void openFeedbackMail();
        }}
      >
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton {...common} component={RouterLink} to={entry.to} selected={current} aria-current={current ? 'page' : undefined} onClick={onPick}>
      {content}
    </ListItemButton>
  );
}

/** Grouped navigation entries, used by the drawer and the mobile More menu. */
export function NavList({ groups, onPick, label }: { groups: NavGroup[]; onPick?: () => void; label: string }) {
  return (
    <nav aria-label={label}>
      {groups.map((g, i) => (
        <Fragment key={g.title ?? `g${i}`}>
          {i > 0 && <Divider sx={{ my: 1 }} />}
          <List dense disablePadding subheader={g.title ? <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>{g.title}</ListSubheader> : undefined}>
            {g.entries.map((e) => (
              <li key={e.key}>
                <NavEntryButton entry={e} onPick={onPick} />
              </li>
            ))}
          </List>
        </Fragment>
      ))}
    </nav>
  );
}
