import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { FOOD_SEARCH_MAX_PAGE_SIZE } from '@app/contracts/constants';
import type { FoodSearchResult } from '@app/contracts/foods';
import { LazyAlert } from './lazy-alert';
import { catalogueText } from '../lib/errors';
import { formatKcal, formatNumber } from '../lib/format';
import { useSearchFoodsQuery } from '../lib/foods-api';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { servingDescriptionText, type Units } from '../lib/units';
import { useUserSettingsQuery } from '../lib/user-settings';

export const SEARCH_DEBOUNCE_MS = 250;
const PAGE = 20;
const MAX_PAGE = FOOD_SEARCH_MAX_PAGE_SIZE;

interface Props {
  query: string;
  onQueryChange: (q: string) => void;
  onPick: (foodId: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** `units`: the serving's weight in ounces when imperial (issue 42 §2): "1 breast (6.1 oz) · 284 kcal". */
export function resultLine(f: FoodSearchResult, units: Units = 'metric') {
  return [f.brand_name, servingDescriptionText(f.serving_description, units), formatKcal(f.calories)].filter(Boolean).join(' · ');
}

/** Search as you type; results show name, brand, serving and calories. */
/** Examples that find foods in the bundled database ("greek yogurt" found nothing: issue 10 item 4). */
export const SEARCH_PLACEHOLDER = 'e.g. chicken breast, banana';

/**
 * Search as you type; results show name, brand, serving and calories. The results are a listbox
 * (issue 10 item 12): ArrowDown from the box moves into them, arrows move between them, Enter picks,
 * Escape or ArrowUp from the first goes back to the box. Shared: the food log's search and the recipe
 * importer's "Choose the food" dialog.
 */
export function FoodSearch({ query, onQueryChange, onPick, inputRef }: Props) {
  const fieldId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const boxRef = useRef<HTMLInputElement | null>(null);
  const options = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
  const focusOption = (i: number) => options()[i]?.focus();
  const setInput = (el: HTMLInputElement | null) => {
    boxRef.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) (inputRef as React.MutableRefObject<HTMLInputElement | null>).current = el;
  };

  function onOptionKey(e: React.KeyboardEvent, index: number, id: string) {
    const count = options().length;
    if (e.key === 'ArrowDown') focusOption(Math.min(count - 1, index + 1));
    else if (e.key === 'ArrowUp') (index === 0 ? boxRef.current?.focus() : focusOption(index - 1));
    else if (e.key === 'Home') focusOption(0);
    else if (e.key === 'End') focusOption(count - 1);
    else if (e.key === 'Escape') boxRef.current?.focus();
    else if (e.key === 'Enter' || e.key === ' ') onPick(id);
    else return;
    e.preventDefault();
  }

  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const [size, setSize] = useState(PAGE);
  const { data, error, isFetching } = useSearchFoodsQuery({ query: settled, page: 1, page_size: size }, { skip: settled.length < 2 });
  const waiting = query.trim() !== settled || isFetching;
  const foods = data?.foods ?? [];
  // The results list and its hint exist only while there are results; an id reference to a missing
  // element is an invalid ARIA value (Lighthouse aria-valid-attr-value).
  const listed = settled.length >= 2 && !error && foods.length > 0;
  return (
    <Box>
      {/* What TextField draws, from its parts: TextField also brings Select (Menu, Popover, Modal) to the first load. */}
      {/* fullWidth: the theme's default for TextField. */}
      <FormControl variant="outlined" fullWidth>
        <InputLabel htmlFor={fieldId}>Search foods</InputLabel>
        <OutlinedInput
          id={fieldId}
          fullWidth
          label="Search foods"
          placeholder={SEARCH_PLACEHOLDER}
          value={query}
          type="search"
          onChange={(e) => {
            onQueryChange(e.target.value);
            setSize(PAGE);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && options().length > 0) {
              e.preventDefault();
              focusOption(0);
            }
          }}
          inputRef={setInput}
          autoComplete="off"
          inputProps={listed ? { 'aria-controls': 'food-search-results', 'aria-describedby': 'food-search-hint' } : {}}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
        />
      </FormControl>
      {settled.length >= 2 && (
        <Box sx={{ mt: 1 }} aria-busy={waiting}>
          {error ? (
            <LazyAlert severity="error">{catalogueText(error, 'Food search failed')}</LazyAlert>
          ) : waiting && foods.length === 0 ? (
            [0, 1, 2, 3].map((i) => <Skeleton key={i} height={56} />)
          ) : foods.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No foods match “{settled}”. Try another word, scan the barcode, or add it manually.
            </Typography>
          ) : (
            <>
              {data?.match === 'partial' && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 1, pt: 1 }}>
                  No food matches every word of “{settled}”. The closest matches:
                </Typography>
              )}
              <Box
                component="ul"
                role="listbox"
                id="food-search-results"
                aria-label="Search results"
                ref={listRef}
                sx={{ listStyle: 'none', p: 0, my: 1, opacity: waiting ? 0.6 : 1, transition: 'opacity .15s' }}
              >
                {foods.map((f, i) => (
                  <ListItemButton
                    key={f.id}
                    component="li"
                    role="option"
                    aria-selected={false}
                    tabIndex={-1}
                    dense
                    onClick={() => onPick(f.id)}
                    onKeyDown={(e) => onOptionKey(e, i, f.id)}
                    sx={{ borderRadius: 2 }}
                  >
                    <ListItemText primary={f.name} secondary={resultLine(f, units)} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
                  </ListItemButton>
                ))}
              </Box>
              <Typography id="food-search-hint" variant="caption" color="text.secondary" sx={{ display: 'block', px: 1 }}>
                Arrow keys move through the results; Enter opens one.
              </Typography>
              {data && data.total > foods.length && size < MAX_PAGE && (
                <Button onClick={() => setSize(MAX_PAGE)} disabled={isFetching}>
                  Show more results ({formatNumber(data.total)} found)
                </Button>
              )}
              {/* The most one answer holds: say so rather than let the button vanish with results still unseen. */}
              {data && data.total > foods.length && size >= MAX_PAGE && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
                  Showing the first {formatNumber(foods.length)} of {formatNumber(data.total)} matches. Add a word to narrow the search.
                </Typography>
              )}
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
