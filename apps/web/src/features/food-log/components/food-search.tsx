import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchFoodsQuery } from '../api';
import { failureText } from '../errors';
import { round } from '../serving-math';
import type { FoodSearchResult } from '../types';
import { useDebouncedValue } from '../use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 250;
const PAGE = 20;

interface Props {
  query: string;
  onQueryChange: (q: string) => void;
  onPick: (foodId: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}

export function resultLine(f: FoodSearchResult) {
  return [f.brand_name, f.serving_description, `${round(f.calories)} kcal`].filter(Boolean).join(' · ');
}

/** Search as you type; results show name, brand, serving and calories. */
export function FoodSearch({ query, onQueryChange, onPick, inputRef }: Props) {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [size, setSize] = useState(PAGE);
  const { data, error, isFetching } = useSearchFoodsQuery({ query: settled, page: 1, page_size: size }, { skip: settled.length < 2 });
  const waiting = query.trim() !== settled || isFetching;
  const foods = data?.foods ?? [];
  return (
    <Box>
      <TextField
        label="Search foods"
        placeholder="e.g. banana, oatmeal, greek yogurt"
        value={query}
        type="search"
        onChange={(e) => {
          onQueryChange(e.target.value);
          setSize(PAGE);
        }}
        inputRef={inputRef}
        autoComplete="off"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {settled.length >= 2 && (
        <Box sx={{ mt: 1 }} aria-busy={waiting}>
          {error ? (
            <Alert severity="error">{failureText(error, 'Food search failed')}</Alert>
          ) : waiting && foods.length === 0 ? (
            [0, 1, 2, 3].map((i) => <Skeleton key={i} height={56} />)
          ) : foods.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No foods match “{settled}”. Try another word, scan the barcode, or add it manually.
            </Typography>
          ) : (
            <>
              <List aria-label="Search results" dense sx={{ opacity: waiting ? 0.6 : 1, transition: 'opacity .15s' }}>
                {foods.map((f) => (
                  <ListItemButton key={f.id} onClick={() => onPick(f.id)} sx={{ borderRadius: 2 }}>
                    <ListItemText primary={f.name} secondary={resultLine(f)} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
                  </ListItemButton>
                ))}
              </List>
              {data && data.total > foods.length && size < 50 && (
                <Button onClick={() => setSize(50)} disabled={isFetching}>
                  Show more results ({data.total} found)
                </Button>
              )}
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
