import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { FoodSearch } from '../../components/food-search';

interface Props {
  /** The ingredient line being fixed ("1 cup milk"). */
  line: string;
  /** The search's first words: the line's food words. */
  initialQuery: string;
  onPick: (foodId: string) => void;
  onClose: () => void;
}

/** Choose another food for one ingredient line: the food search (labelled box, listbox of results) in a dialog. */
export function SwapFoodDialog({ line, initialQuery, onPick, onClose }: Props) {
  const [query, setQuery] = useState(initialQuery);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="swap-food-title"
      // Focus the search box once the dialog has opened (the dialog's own focus handling runs before that).
      slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
    >
      <DialogTitle id="swap-food-title">Choose the food</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          For “{line}”
        </Typography>
        <FoodSearch query={query} onQueryChange={setQuery} onPick={onPick} inputRef={input} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
