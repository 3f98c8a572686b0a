import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';

/** The phone's slide-in navigation for signed-out visitors of the main layout; loaded on the first tap on the menu button. */
export default function NavDrawer({ open, onClose, width, children }: { open: boolean; onClose: () => void; width: number; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} sx={{ display: { md: 'none' }, zIndex: (t) => t.zIndex.modal }} slotProps={{ paper: { sx: { width } } }}>
      <Box sx={{ py: 2 }}>{children}</Box>
    </Drawer>
  );
}
