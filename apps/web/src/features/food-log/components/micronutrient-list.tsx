import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MICRONUTRIENT_KEYS, MICRONUTRIENT_UNITS } from '@app/contracts/constants';
import type { Micronutrients } from '@app/contracts/foods';
import { nutrientName } from '@app/nutrition/analysis/micronutrients';
import { formatNumber } from '../../../lib/format';

/** Vitamins and minerals of `grams` of a food; what the source does not give reads "not known", never 0. */
export function MicronutrientList({ per100g, grams }: { per100g: Micronutrients | undefined; grams: number }) {
  if (!per100g) return null;
  return (
    <Box component="section" aria-label="Vitamins and minerals" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Vitamins and minerals
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25, m: 0 }}>
        {MICRONUTRIENT_KEYS.map((k) => {
          const v = per100g[k];
          const amount = v === null ? null : (v * grams) / 100;
          return (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {nutrientName(k)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }} data-testid={`micro-${k}`}>
                {amount === null ? 'not known' : `${formatNumber(amount, undefined, amount < 10 ? 1 : 0)}\u00a0${MICRONUTRIENT_UNITS[k]}`}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
