import { Link as RouterLink } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { COMPACT_MENU } from './nav-model';

/** The logged-out phone menu; a separate chunk so the public first page does not carry Menu/Popover. */
export default function CompactMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {COMPACT_MENU.map((e) => (
        <MenuItem key={e.key} component={RouterLink} to={e.to!}>
          {e.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
