import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { formatKcal, MEAL_LABELS } from '../../../lib/format';
import { useLazyGetFoodQuery } from '../../../lib/foods-api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLogFoodsOnceMutation } from '../fast-log-api';
import { amountSaid, batchOf, gramsOf, readyToLog, reviewTotals, rowNutrients, swapTo, withGrams, type Review, type ReviewRow } from '../parse-review';
import type { ParsedAlternative } from '../fast-log-types';
import { macroLine } from './meal-card';
import { MealSelect } from './meal-select';

interface Props {
  review: Review;
  onChange: Dispatch<SetStateAction<Review | null>>;
  date: string;
  meal: MealType;
  onMealChange: (m: MealType) => void;
  onSearch: (words: string) => void;
  onCreate: () => void;
  onDone: () => void;
}

/** The foods found in a sentence, to check and correct before one "Log all". */
export function ParsedReview({ review, onChange, date, meal, onMealChange, onSearch, onCreate, onDone }: Props) {
  const mealId = useId();
  const [logAll, logState] = useLogFoodsOnceMutation();
  const [getFood] = useLazyGetFoodQuery();
  const { rows, unmatched } = review;
  const totals = reviewTotals(rows);
  const ready = readyToLog(rows);

  /** Any change to what would be logged is another action: a new key. Functional: a food's values may arrive after further edits. */
  const updateRows = (f: (rows: ReviewRow[]) => ReviewRow[]) =>
    onChange((prev) => (prev ? { ...prev, rows: f(prev.rows), idempotencyKey: newIdempotencyKey() } : prev));

  async function swap(row: ReviewRow, alt: ParsedAlternative) {
    updateRows((rs) => rs.map((r) => (r.key === row.key ? swapTo(r, alt) : r)));
    try {
      const p = (await getFood(alt.id, true).unwrap()).per_100g;
      const per100 = { calories: p.calories, protein: p.protein, carbs: p.carbs, fat: p.fat, fiber: p.fiber };
      updateRows((rs) => rs.map((r) => (r.key === row.key && r.foodId === alt.id ? { ...r, per100 } : r)));
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to get food details'));
      updateRows((rs) => rs.map((r) => (r.key === row.key && r.foodId === alt.id ? row : r)));
    }
  }

  async function log() {
    if (!ready) return;
    try {
      const entries = await logAll({ entries: batchOf(rows, meal, date), idempotencyKey: review.idempotencyKey }).unwrap();
      const n = entries.length;
      notify.success(`Logged ${n} ${n === 1 ? 'food' : 'foods'} to ${MEAL_LABELS[meal].toLowerCase()}`);
      onDone();
    } catch (e) {
      // The key stays: Log all again is the same action, logged at most once.
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  }

  return (
    <Box component="section" aria-label="Foods found" sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {unmatched.length > 0 ? 'No foods found in that description.' : 'Every food was removed.'}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label="Foods to log">
          {rows.map((row) => (
            <ReviewLine
              key={row.key}
              row={row}
              onGrams={(t) => updateRows((rs) => rs.map((r) => (r.key === row.key ? withGrams(r, t) : r)))}
              onSwap={(alt) => void swap(row, alt)}
              onRemove={() => updateRows((rs) => rs.filter((r) => r.key !== row.key))}
            />
          ))}
        </Box>
      )}
      {unmatched.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="parse-unmatched">
          Not found: {unmatched.map((w, i) => (
            <span key={`${w}-${i}`}>
              {i > 0 && ', '}
              <Link component="button" type="button" variant="body2" onClick={() => onSearch(w)} sx={{ verticalAlign: 'baseline' }} aria-label={`Look up “${w}”`}>
                {w}
              </Link>
            </span>
          ))}
          {' · '}
          <Link component="button" type="button" variant="body2" onClick={onCreate} sx={{ verticalAlign: 'baseline' }}>
            Create a food
          </Link>
        </Typography>
      )}
      {rows.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }} aria-live="polite">
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="parse-total">
            Total {formatKcal(totals.calories)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {macroLine(totals)}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1.5 }}>
        {rows.length > 0 && (
          <>
            <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 140px' }, minWidth: 140 }}>
              <MealSelect id={mealId} value={meal} onChange={onMealChange} size="small" />
            </Box>
            <Button variant="contained" onClick={() => void log()} disabled={!ready || logState.isLoading} sx={{ flex: '1 1 auto' }}>
              Log all
            </Button>
          </>
        )}
        <Button onClick={onDone} color="inherit">
          {rows.length > 0 ? 'Cancel' : 'Close'}
        </Button>
      </Box>
    </Box>
  );
}

function ReviewLine({ row, onGrams, onSwap, onRemove }: { row: ReviewRow; onGrams: (text: string) => void; onSwap: (alt: ParsedAlternative) => void; onRemove: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const grams = gramsOf(row);
  const said = amountSaid(row);
  const kcal = rowNutrients(row).calories;
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1, rowGap: 0.5, alignItems: 'center' }} data-testid="parse-row">
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {row.foodName}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          “{row.text}”{said ? ` · ${said}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex' }}>
        <IconButton
          aria-label={`Swap ${row.foodName}`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          disabled={row.alternatives.length === 0}
          size="small"
        >
          <SwapHorizIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Remove ${row.foodName}`} onClick={onRemove} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <TextField
          size="small"
          label="Amount"
          value={row.gramsText}
          onChange={(e) => onGrams(e.target.value)}
          error={grams === null}
          helperText={grams === null ? 'More than 0, at most 10000 g' : undefined}
          sx={{ width: 130 }}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'aria-label': `Grams of ${row.foodName}` },
            input: { endAdornment: <InputAdornment position="end">g</InputAdornment> },
          }}
        />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="parse-row-kcal">
          {row.per100 ? formatKcal(kcal) : 'Loading…'}
        </Typography>
      </Box>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {row.alternatives.map((alt) => (
          <MenuItem
            key={alt.id}
            onClick={() => {
              setAnchor(null);
              onSwap(alt);
            }}
          >
            {alt.name}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
