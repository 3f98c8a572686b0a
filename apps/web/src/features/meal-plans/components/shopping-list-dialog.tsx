import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintIcon from '@mui/icons-material/Print';
import { notify } from '../../../components/feedback/notify';
import { itemCount, quantityText, SHOPPING_CATEGORIES, shoppingListFor, shoppingListHtml, shoppingListText, type ShoppingList } from '../logic/shopping';
import type { PlanDay } from '../types';
import { useUserSettingsQuery } from '../../../lib/user-settings';

const FAILED = 'Failed to generate shopping list. Please try again.';

function derive(days: PlanDay[]): ShoppingList | null {
  try {
    return shoppingListFor(days);
  } catch {
    return null;
  }
}

/** Prints through a hidden iframe so the page's own layout (drawer, bars) is not printed. */
function printHtml(html: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(html);
  doc.close();
  frame.contentWindow!.focus();
  frame.contentWindow!.print();
  setTimeout(() => frame.remove(), 1000);
}

export function ShoppingListDialog({ title, days, open, onClose }: { title: string; days: PlanDay[]; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const list = useMemo(() => (open ? derive(days) : null), [open, days]);
  const count = list ? itemCount(list) : 0;
  const units = useUserSettingsQuery().data?.units ?? 'metric';

  async function copy() {
    if (!list) return;
    try {
      await navigator.clipboard.writeText(shoppingListText(title, list, units));
      notify.success('Shopping list copied');
    } catch {
      notify.error('Could not copy: your browser blocked the clipboard');
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="shopping-title">
      <DialogTitle id="shopping-title">Shopping list</DialogTitle>
      <DialogContent dividers>
        {!list ? (
          <Typography color="error">{FAILED}</Typography>
        ) : count === 0 ? (
          <Typography color="text.secondary">Nothing to buy yet — this plan has no foods.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
            {SHOPPING_CATEGORIES.filter((c) => list[c].length > 0).map((c) => (
              <Box component="section" key={c} aria-label={c}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                  {c}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {list[c].map((item) => (
                    <Box component="li" key={item.name} sx={{ display: 'flex', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                      <Typography variant="body2" sx={{ flex: 1 }}>
                        {item.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {quantityText(item, units)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
          {count} {count === 1 ? 'item' : 'items'}
        </Typography>
        <Button startIcon={<ContentCopyIcon />} onClick={copy} disabled={!count}>
          Copy
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => list && printHtml(shoppingListHtml(title, list, units))} disabled={!count}>
          Print
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
