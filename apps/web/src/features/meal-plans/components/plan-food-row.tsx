import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { PlanFood, PlanFoodBase } from '../types';
import { formatPortion, whole } from './format';
import { useUserSettingsQuery } from '../../../lib/user-settings';

interface Props {
  food: Pick<PlanFood, 'name' | 'serving_size' | 'serving_unit' | 'calories' | 'protein' | 'carbs' | 'fat'> & Partial<PlanFood>;
  onSwap?: (alternative: PlanFoodBase) => void;
  disabled?: boolean;
}

/** Non-breaking spaces keep "C 17 g" together when the line wraps on a phone. */
const nb = (s: string) => s.replace(/ /g, '\u00a0');
const macroLine = (f: Props['food']) =>
  [`${whole(f.calories)} kcal`, `P ${whole(f.protein)} g`, `C ${whole(f.carbs)} g`, `F ${whole(f.fat)} g`].map(nb).join(' · ');

/** One food of a meal: portion, macros, why it is there, and its alternatives to swap to. */
export function PlanFoodRow({ food, onSwap, disabled }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Portions in the user's units, as the plan e-mail writes them (issue 42 §2).
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const alternatives = food.alternatives ?? [];
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {food.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatPortion(food, units)} · {macroLine(food)}
        </Typography>
        {food.reasoning ? (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.25 }}>
            {food.reasoning}
          </Typography>
        ) : null}
      </Box>
      {onSwap && alternatives.length > 0 ? (
        <>
          <Tooltip title="Swap for an alternative">
            <span>
              <IconButton aria-label={`Swap ${food.name}`} disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)} size="small">
                <SwapHorizIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 'min(420px, calc(100vw - 32px))' } } }}>
            <MenuItem disabled dense>
              <Typography variant="caption">Swap {food.name} for</Typography>
            </MenuItem>
            {alternatives.map((alt) => (
              <MenuItem
                key={alt.food_id}
                // MenuItem does not wrap by default: on a phone the macros of a long name were cut off.
                sx={{ whiteSpace: 'normal' }}
                onClick={() => {
                  setAnchor(null);
                  onSwap(alt);
                }}
              >
                <ListItemText primary={alt.name} secondary={`${formatPortion(alt, units)} · ${macroLine(alt)}`} />
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Box>
  );
}
