import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Drawer from '@mui/material/Drawer';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

interface Props {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Extra controls next to the close button (e.g. the favorite toggle). */
  headerAction?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  titleId: string;
}

/**
 * A dialog on desktop and a bottom sheet on phones, where a thumb reaches the bottom of the screen. `actions` sit in a
 * footer outside the scrolling content: always in view.
 */
export function ResponsiveSheet({ open, onClose, title, headerAction, actions, children, titleId }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const header = (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, pr: 1, pl: 3, pt: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, pt: 0.5, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {headerAction}
      <IconButton aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
  if (phone) {
    return (
      <Drawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92vh' },
          } as object,
        }}
      >
        <Box sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mt: 1 }} aria-hidden />
        {header}
        {/* The content scrolls and the actions stay below it, in view however long the content is (issue 41 item 5). */}
        <Box sx={{ px: 3, pb: 1, pt: 1, overflowY: 'auto', flex: '1 1 auto', minHeight: 0 }}>{children}</Box>
        {actions && (
          <Box
            sx={{
              display: 'flex', gap: 1, justifyContent: 'flex-end', px: 3, pt: 1.5, flexShrink: 0,
              pb: 'max(16px, env(safe-area-inset-bottom))', borderTop: 1, borderColor: 'divider',
            }}
          >
            {actions}
          </Box>
        )}
      </Drawer>
    );
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle component="div" sx={{ p: 0 }}>
        {header}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
      {actions && (
        <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          {actions}
        </DialogActions>
      )}
    </Dialog>
  );
}
