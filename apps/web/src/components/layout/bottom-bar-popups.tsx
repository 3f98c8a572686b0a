import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Menu from '@mui/material/Menu';
import { useAppSelector } from '../../lib/hooks';
import { selectSession } from '../../lib/session';
import { NavEntryButton, NavList } from './nav-list';
import { AI_ENTRIES, FOOD_ENTRIES, moreGroups, type NavEntry } from './nav-model';

export type Popup = 'food' | 'ai' | null;

/**
 * The bottom bar's Food/AI menu and its "More" sheet, loaded on the first tap on one of those tabs
 * (Menu, Drawer and Modal stay out of the first page).
 */
export default function BottomBarPopups({ popup, onClosePopup, moreOpen, onCloseMore }: { popup: { which: Popup; anchor: HTMLElement | null }; onClosePopup: () => void; moreOpen: boolean; onCloseMore: () => void }) {
  const { user } = useAppSelector(selectSession);
  const popupEntries: NavEntry[] = popup.which === 'food' ? FOOD_ENTRIES : AI_ENTRIES;
  return (
    <>
      <Menu
        open={popup.which !== null}
        anchorEl={popup.anchor}
        onClose={onClosePopup}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ list: { 'aria-label': popup.which === 'food' ? 'Food pages' : 'AI pages' } }}
      >
        {popupEntries.map((e) => (
          <NavEntryButton key={e.key} entry={e} onPick={onClosePopup} dense />
        ))}
      </Menu>
      <Drawer anchor="bottom" open={moreOpen} onClose={onCloseMore} sx={{ zIndex: (t) => t.zIndex.modal }} slotProps={{ paper: { sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '85dvh' } } }}>
        <Box sx={{ py: 2, pb: 'calc(16px + env(safe-area-inset-bottom))' }}>
          <NavList groups={moreGroups(user)} onPick={onCloseMore} label="More" />
        </Box>
      </Drawer>
    </>
  );
}
