import { useNavigate } from 'react-router';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { signOut } from '../../lib/session';

/** The account menu's list, loaded on the first tap on the avatar (Menu, Popover and Modal stay out of the first page). */
export default function AccountMenuPopup({ anchor, email, onClose }: { anchor: HTMLElement | null; email: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1, maxWidth: 260 }} noWrap>
        {email}
      </Typography>
      <Divider />
      <MenuItem onClick={() => navigate(paths.settings)}>
        <ListItemIcon><SettingsIcon fontSize="small" /></ListItemIcon>
        Settings
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          dispatch(signOut());
          navigate(paths.login);
        }}
      >
        <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
        Log out
      </MenuItem>
    </Menu>
  );
}
