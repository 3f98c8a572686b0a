import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import MicIcon from '@mui/icons-material/Mic';
import type { MealType } from '@app/contracts/constants';
import { LazyAlert } from '../../../components/lazy-alert';
import { catalogueText } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useSpeechInput } from '../../../lib/use-speech-input';
import { useParseFoodTextMutation } from '../fast-log-api';
import { rowsFromParse, type Review } from '../parse-review';

// The review (rows, swap menu, totals) loads with the first answer, not with the page.
const ParsedReview = lazy(() => import('./parsed-review').then((m) => ({ default: m.ParsedReview })));

export const DESCRIBE_LABEL = 'Describe what you ate';
export const DESCRIBE_PLACEHOLDER = 'e.g. 2 eggs, toast with butter, coffee';
/** The longest sentence the parser reads (FOOD_PARSE_MAX_TEXT of the contracts; its module would bring zod to the first load). */
const MAX_TEXT = 1000;

interface Props {
  date: string;
  meal: MealType;
  onMealChange: (m: MealType) => void;
  /** Search the food database for words the parser did not find. */
  onSearch: (words: string) => void;
  onCreate: () => void;
}

let parseCount = 0;
/** Nothing heard, or stopped on purpose: nothing to explain. */
const QUIET_SPEECH_ERRORS = new Set(['no-speech', 'aborted']);

/**
 * "Describe it, we log it" (issue 41 item 1): a sentence, typed or spoken, becomes foods with amounts to review
 * and log in one batch. Enter finds the foods; Log all logs them.
 */
export function DescribeMeal({ date, meal, onMealChange, onSearch, onCreate }: Props) {
  const fieldId = useId();
  const helpId = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [parse, parseState] = useParseFoodTextMutation();
  const inputRef = useRef<HTMLInputElement>(null);

  const find = useCallback(
    async (sentence: string) => {
      const t = sentence.trim();
      if (!t) {
        setMissing(true);
        inputRef.current?.focus();
        return;
      }
      setMissing(false);
      try {
        const res = await parse({ text: t.slice(0, MAX_TEXT), meal_type: meal, date }).unwrap();
        setReview({ rows: rowsFromParse(res, `p${++parseCount}-`), unmatched: res.unmatched, idempotencyKey: newIdempotencyKey() });
      } catch {
        setReview(null); // the error shows under the box (parseState.error)
      }
    },
    [parse, meal, date],
  );

  const speech = useSpeechInput(
    useCallback((spoken: string) => setText(spoken.slice(0, MAX_TEXT)), []),
    undefined,
    useCallback((spoken: string) => void find(spoken), [find]),
  );

  const done = useCallback(() => {
    setReview(null);
    setText('');
  }, []);

  return (
    <Box>
      <Box
        component="form"
        noValidate
        aria-label="Describe a meal"
        onSubmit={(e) => {
          e.preventDefault();
          void find(text);
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', justifyContent: 'flex-end' }}
      >
        <FormControl variant="outlined" fullWidth error={missing}>
          {/* Shrunk from the start: the example in the placeholder shows what to write. */}
          <InputLabel htmlFor={fieldId} shrink>
            {DESCRIBE_LABEL}
          </InputLabel>
          <OutlinedInput
            id={fieldId}
            notched
            label={DESCRIBE_LABEL}
            placeholder={DESCRIBE_PLACEHOLDER}
            value={text}
            inputRef={inputRef}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value.slice(0, MAX_TEXT));
              if (missing) setMissing(false);
            }}
            inputProps={{ enterKeyHint: 'search', ...(missing ? { 'aria-describedby': helpId } : {}) }}
            endAdornment={
              speech.supported ? (
                <InputAdornment position="end">
                  <IconButton
                    aria-label="Speak what you ate"
                    aria-pressed={speech.listening}
                    color={speech.listening ? 'error' : 'default'}
                    onClick={() => (speech.listening ? speech.stop() : speech.start())}
                    edge="end"
                  >
                    <MicIcon />
                  </IconButton>
                </InputAdornment>
              ) : undefined
            }
          />
          {missing && <FormHelperText id={helpId}>Type what you ate first, e.g. “2 eggs and toast”.</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" disabled={parseState.isLoading} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          Find foods
        </Button>
      </Box>
      {speech.listening && (
        <Box role="status" sx={{ typography: 'body2', color: 'text.secondary', mt: 1 }}>
          Listening… say what you ate, e.g. “a bowl of oatmeal and a banana”.
        </Box>
      )}
      {speech.error && !QUIET_SPEECH_ERRORS.has(speech.error) && (
        <LazyAlert severity="info" sx={{ mt: 1 }}>
          {speech.error === 'not-allowed' || speech.error === 'service-not-allowed'
            ? 'The microphone is blocked for this site. Allow it in the browser’s settings, or type what you ate.'
            : 'Voice input did not work this time. Try again, or type what you ate.'}
        </LazyAlert>
      )}
      {parseState.error && !review && (
        <LazyAlert severity="error" sx={{ mt: 1 }}>
          {catalogueText(parseState.error, 'Failed to find foods')}
        </LazyAlert>
      )}
      {review && (
        <Suspense fallback={null}>
          <ParsedReview
            review={review}
            onChange={setReview}
            date={date}
            meal={meal}
            onMealChange={onMealChange}
            onSearch={onSearch}
            onCreate={onCreate}
            onDone={done}
          />
        </Suspense>
      )}
    </Box>
  );
}
