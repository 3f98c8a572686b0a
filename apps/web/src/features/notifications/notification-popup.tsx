import Drawer from '@mui/material/Drawer';
import Popover from '@mui/material/Popover';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { NOTIFICATION_PANEL_MAX_HEIGHT, NOTIFICATION_PANEL_WIDTH } from '@app/contracts/constants';
import { NotificationPanel } from './notification-panel';

/**
 * Popover (360×480) on wide layouts, a full-height panel otherwise (spec §2, §9). Loaded when first
 * opened (the bell or the Alerts tab), not with every signed-in page.
 */
export default function NotificationCenter({ open, anchorEl, onClose }: { open: boolean; anchorEl: HTMLElement | null; onClose: () => void }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  if (wide && anchorEl) {
    return (
      <Popover
        open={open}
        anchorEl={anchorEl}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { 'aria-label': 'Notifications', sx: { width: NOTIFICATION_PANEL_WIDTH, height: NOTIFICATION_PANEL_MAX_HEIGHT, maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT, display: 'flex' } } }}
      >
        {open && <NotificationPanel onClose={onClose} />}
      </Popover>
    );
  }
  return (
    <Drawer anchor="right" open={open} onClose={onClose} sx={{ zIndex: (t) => t.zIndex.modal }} slotProps={{ paper: { 'aria-label': 'Notifications', sx: { width: '100%', maxWidth: 480, height: '100%' } } }}>
      {open && <NotificationPanel onClose={onClose} />}
    </Drawer>
  );
}
