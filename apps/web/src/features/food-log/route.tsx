import { lazy, memo, Suspense, useCallback, useDeferredValue, useRef, useState, type RefObject } from 'react';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { offerFromState } from '../../lib/food-log-offer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { useEventCallback } from '@mui/material/utils';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { LazyAlert } from '../../components/lazy-alert';
import { WhenVisible } from '../../components/when-visible';
import { WaterQuickAdd } from '../../components/health/water-quick-add';
import { MEAL_TYPES, type MealType } from '@app/contracts/constants';
import { notify } from '../../components/feedback/notify';
import { MEAL_LABELS } from '../../lib/format';
import { mealForTime } from '../../lib/meal-by-time';
import { useLatch } from '../../lib/use-latch';
import { useSettingsTimeZone, useToday } from '../../lib/user-settings';
import { useCreateFoodLogsMutation, useDeleteFoodLogMutation, useGetDailySummaryQuery } from './api';
import { copyEntries } from './copy-entries';
import { isIsoDate, shiftIso } from './dates';
import { catalogueText } from '../../lib/errors';
import type { FoodLogEntry } from './types';
import type { LastServing } from './serving-math';
import { DateSwitcher } from './components/date-switcher';
import { DayTotals } from './components/day-totals';
import { DayStateControl } from './components/day-state-control';
import { FoodSearch } from '../../components/food-search';
import { MealCard } from './components/meal-card';
import { QuickAdd } from './components/quick-add';
import { DescribeMeal } from './components/describe-meal';
import { LogAgain } from './components/log-again';
import { RecentFoods } from './components/recent-foods';
import { useCopyFoodLogsMutation } from './fast-log-api';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { PageTitle } from '../../components/layout/page-title';

// The dialogs and sheets load when first opened, not with the page (their forms, Dialog, Drawer,
// Tooltip and the barcode decoders stay out of the first load).
const BarcodeDialog = lazy(() => import('./components/barcode-dialog').then((m) => ({ default: m.BarcodeDialog })));
const CustomFoodDialog = lazy(() => import('./components/custom-food-dialog').then((m) => ({ default: m.CustomFoodDialog })));
const EntryEditDialog = lazy(() => import('./components/entry-edit-dialog').then((m) => ({ default: m.EntryEditDialog })));
const FoodDetailSheet = lazy(() => import('./components/food-detail-sheet').then((m) => ({ default: m.FoodDetailSheet })));
// The nutrients card sits below the meals: its accordion loads when it scrolls into view.
const DayNutrientsCard = lazy(() => import('./components/day-nutrients-card').then((m) => ({ default: m.DayNutrientsCard })));
const OfferDialog = lazy(() => import('./components/offer-dialog').then((m) => ({ default: m.OfferDialog })));
const ManualEntryDialog = lazy(() => import('./components/manual-entry-dialog').then((m) => ({ default: m.ManualEntryDialog })));
const SaveMealDialog = lazy(() => import('./components/saved-meal-dialogs').then((m) => ({ default: m.SaveMealDialog })));

/**
 * What the page shows for the one frame before its body is drawn: the add-food card's and the meals'
 * places, as while the day loads.
 */
function PagePlaceholder() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, gap: 3, alignItems: 'start' }} aria-busy="true" aria-label="Loading">
      <Skeleton variant="rounded" height={330} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        {MEAL_TYPES.map((m) => (
          <Skeleton key={m} variant="rounded" height={110} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * /food-log: the day's meals, and every way to add to them. `?food=` prefills the search (and, from a notification's
 * 'Log This Food', the navigation state carries the whole meal idea, offered in one confirm), `?food_id=` opens a
 * food, `?date=` picks the day.
 */
interface AddFoodCardProps {
  query: string;
  onQueryChange: (query: string) => void;
  onPick: (foodId: string) => void;
  onPickRecent: (foodId: string, last: LastServing) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  date: string;
  today: string;
  meal: MealType;
  onMealChange: (meal: MealType) => void;
  onScan: () => void;
  onManual: () => void;
  onCreate: () => void;
}

/**
 * Search (with the recent foods before the first keystroke), a meal described in words, the last meals of this
 * type to log again, the three ways to add what search does not find, and quick add. Memoised like the meal cards.
 */
const AddFoodCard = memo(function AddFoodCard({ query, onQueryChange, onPick, onPickRecent, inputRef, date, today, meal, onMealChange, onScan, onManual, onCreate }: AddFoodCardProps) {
  const searchFor = useCallback(
    (words: string) => {
      onQueryChange(words);
      const box = (inputRef as RefObject<HTMLInputElement | null>).current;
      box?.focus();
      box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    },
    [onQueryChange, inputRef],
  );
  return (
    // Not sticky while it is taller than the screen (the describe review and the lists below it grow it).
    <Card sx={{ p: 2 }} component="section" aria-label="Add food">
      <FoodSearch query={query} onQueryChange={onQueryChange} onPick={onPick} inputRef={inputRef} />
      {!query.trim() && <RecentFoods date={date} meal={meal} onPick={onPickRecent} />}
      <Box sx={{ mt: 2 }}>
        <DescribeMeal date={date} meal={meal} onMealChange={onMealChange} onSearch={searchFor} onCreate={onCreate} />
      </Box>
      {date === today && <LogAgain date={date} today={today} meal={meal} onMealChange={onMealChange} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={onScan}>
          Scan barcode
        </Button>
        <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={onManual}>
          Manual entry
        </Button>
        <Button variant="outlined" startIcon={<RestaurantIcon />} onClick={onCreate}>
          Create food
        </Button>
      </Box>
      <Box sx={{ mt: 2 }}>
        <QuickAdd date={date} meal={meal} />
      </Box>
    </Card>
  );
});

export function Component() {
  const [params, setParams] = useSearchParams();
  const timeZone = useSettingsTimeZone();
  const today = useToday();
  const date = isIsoDate(params.get('date')) ? params.get('date')! : today;
  const location = useLocation();
  // ?food=<name> searches for it; with a whole option offered (a notification's 'Log This Food'), the offer is the
  // answer and the search stays empty (searching its first food invited logging that food alone).
  const [query, setQuery] = useState(() => (offerFromState(location.state) ? '' : (params.get('food') ?? '')));
  const [meal, setMeal] = useState<MealType>(() => mealForTime(timeZone));
  // ?food_id= (a notification's meal idea): that food's sheet opens at once, ready to log.
  const [foodId, setFoodId] = useState<string | null>(() => params.get('food_id') || null);
  // A food opened from the recent list starts at the serving last logged.
  const [lastServing, setLastServing] = useState<LastServing | null>(null);
  const pickFood = useCallback((id: string) => {
    setLastServing(null);
    setFoodId(id);
  }, []);
  const pickRecent = useCallback((id: string, last: LastServing) => {
    setLastServing(last);
    setFoodId(id);
  }, []);
  const navigate = useNavigate();
  const [offer, setOffer] = useState(() => offerFromState(location.state));
  /** Closing the offer also drops it from the history entry, so Back/reload does not offer it again. */
  const closeOffer = useCallback(() => {
    setOffer(null);
    navigate({ search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [navigate, location.search, location.hash]);
  const [editing, setEditing] = useState<FoodLogEntry | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [scanOpen, setScanOpen] = useState(false);
  const [customBarcode, setCustomBarcode] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const detailMounted = useLatch(foodId !== null);
  const editMounted = useLatch(editing !== null);
  const manualMounted = useLatch(manualOpen);
  const scanMounted = useLatch(scanOpen);
  const customMounted = useLatch(customBarcode !== null);
  // The heading first (the page's largest element on a phone, Lighthouse's LCP): the first commit draws
  // the heading, the day switcher and a placeholder; the search, quick add and meals follow in a deferred
  // render. Drawn together they made one ~650 ms task (4× CPU throttle) that the heading waited for.
  const full = useDeferredMount();
  const summary = useGetDailySummaryQuery(date);
  // The meals are the page's longest render on a phone: deferred, React draws them in interruptible
  // slices after the skeleton instead of in one block (Lighthouse TBT).
  const day = useDeferredValue(summary.data);
  const previousMeals = useGetDailySummaryQuery(shiftIso(date, -1), { selectFromResult: ({ data }) => ({ meals: data?.meals }) }).meals;
  const [deleteLog] = useDeleteFoodLogMutation();
  const [createLogs] = useCreateFoodLogsMutation();
  const [copyLogs] = useCopyFoodLogsMutation();
  const [savingMeal, setSavingMeal] = useState<MealType | null>(null);

  // Stable handlers (MUI's useEventCallback) and memoised cards: each answer that arrives re-renders this page
  // synchronously, in one task (react-redux); the cards and the add-food card whose props did not change
  // are then skipped (issue 9, blocking time on a phone).
  const copyPrevious = useEventCallback(async (m: MealType) => {
    const entries = previousMeals?.[m].foods ?? [];
    try {
      await createLogs(copyEntries(entries, m, date)).unwrap();
      notify.success(`Copied ${entries.length} ${entries.length === 1 ? 'food' : 'foods'} to ${MEAL_LABELS[m].toLowerCase()}`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  });

  /** A past day's meal (or the whole day) logged again today: one POST /food-logs/copy, one key per tap. */
  const copyToToday = useEventCallback(async (m?: MealType) => {
    try {
      const entries = await copyLogs({ from_date: date, to_date: today, ...(m ? { meal_type: m } : {}), idempotencyKey: newIdempotencyKey() }).unwrap();
      const what = m ? MEAL_LABELS[m].toLowerCase() : 'the day';
      notify.success(`Copied ${what} to today (${entries.length} ${entries.length === 1 ? 'food' : 'foods'})`, { label: 'Show today', onClick: () => setDate(today) });
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  });
  const copyMealToToday = useCallback((m: MealType) => void copyToToday(m), [copyToToday]);

  const setDate = (d: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (d === today) next.delete('date');
        else next.set('date', d);
        return next;
      },
      { replace: true },
    );

  /** Deletes at once and offers Undo, which logs the same food again (issue 10 item 7). */
  const remove = useEventCallback(async (entry: FoodLogEntry): Promise<boolean> => {
    try {
      await deleteLog({ id: entry.id, date: entry.date }).unwrap();
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to delete food log'));
      return false;
    }
    notify.success(`Deleted ${entry.food_name}`, {
      label: 'Undo',
      onClick: () => {
        createLogs(copyEntries([entry], entry.meal_type, entry.date))
          .unwrap()
          .then(() => notify.success(`Restored ${entry.food_name}`))
          .catch((e: unknown) => notify.error(catalogueText(e, 'Failed to create food log')));
      },
    });
    return true;
  });

  const addTo = useCallback((m: MealType) => {
    setMeal(m);
    searchRef.current?.focus();
    searchRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  const openScan = useCallback(() => setScanOpen(true), []);
  const openManual = useCallback(() => setManualOpen(true), []);
  const openCreate = useCallback(() => setCustomBarcode(''), []);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <PageTitle>
          Food log
        </PageTitle>
        <DateSwitcher date={date} today={today} onChange={setDate} />
      </Box>
      {/* A past day with food: copy it whole, at the top where a phone sees it before the add-food card. */}
      {full && date < today && day?.date === date && MEAL_TYPES.some((m) => day.meals[m].foods.length > 0) && (
        <Box sx={{ mb: 2 }}>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyToToday()}>
            Copy day to today
          </Button>
        </Box>
      )}

      {!full ? (
        <PagePlaceholder />
      ) : (
        // minmax(0, …): a track may be narrower than its widest content, so a wide table scrolls inside its card
        // (ScrollBox) instead of widening the page past a phone's screen.
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: 3, alignItems: 'start' }}>
          <AddFoodCard
            query={query}
            onQueryChange={setQuery}
            onPick={pickFood}
            onPickRecent={pickRecent}
            inputRef={searchRef}
            date={date}
            today={today}
            meal={meal}
            onMealChange={setMeal}
            onScan={openScan}
            onManual={openManual}
            onCreate={openCreate}
          />

          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
            {summary.error ? (
              <LazyAlert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => summary.refetch()}>
                    Retry
                  </Button>
                }
              >
                {catalogueText(summary.error, 'Failed to fetch meal summary')}
              </LazyAlert>
            ) : !day || day.date !== date ? (
              <>
                <Skeleton variant="rounded" height={120} />
                {MEAL_TYPES.map((m) => (
                  <Skeleton key={m} variant="rounded" height={110} />
                ))}
              </>
            ) : (
              <>
                <DayTotals summary={day} />
                {date <= today && <DayStateControl date={date} />}
                {MEAL_TYPES.map((m) => (
                  <MealCard
                    key={m}
                    meal={day.meals[m]}
                    onAdd={addTo}
                    onEdit={setEditing}
                    onDelete={remove}
                    onCopyPrevious={copyPrevious}
                    previousCount={previousMeals?.[m].foods.length ?? 0}
                    onCopyToToday={date < today ? copyMealToToday : undefined}
                    onSave={setSavingMeal}
                  />
                ))}
                <WaterQuickAdd date={date} today={today} />
                <WhenVisible fallback={<Skeleton variant="rounded" height={48} />}>
                  <DayNutrientsCard date={date} />
                </WhenVisible>
              </>
            )}
          </Box>
        </Box>
      )}

      {/* One Suspense each: a second dialog loading never hides one already open. */}
      {offer && (
        <Suspense fallback={null}>
          <OfferDialog offer={offer} date={date} defaultMeal={meal} onClose={closeOffer} />
        </Suspense>
      )}
      {detailMounted && (
        <Suspense fallback={null}>
          <FoodDetailSheet foodId={foodId} last={lastServing} date={date} meal={meal} onMealChange={setMeal} onClose={() => setFoodId(null)} />
        </Suspense>
      )}
      {savingMeal && day && (
        <Suspense fallback={null}>
          <SaveMealDialog date={date} meal={savingMeal} foods={day.meals[savingMeal].foods} onClose={() => setSavingMeal(null)} />
        </Suspense>
      )}
      {editMounted && (
        <Suspense fallback={null}>
          <EntryEditDialog entry={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {manualMounted && (
        <Suspense fallback={null}>
          <ManualEntryDialog open={manualOpen} date={date} meal={meal} onMealChange={setMeal} onClose={() => setManualOpen(false)} />
        </Suspense>
      )}
      {scanMounted && (
        <Suspense fallback={null}>
          <BarcodeDialog
            open={scanOpen}
            onClose={() => setScanOpen(false)}
            onFound={(id) => {
              setScanOpen(false);
              pickFood(id);
            }}
            onCreate={(code) => {
              setScanOpen(false);
              setCustomBarcode(code);
            }}
          />
        </Suspense>
      )}
      {customMounted && (
        <Suspense fallback={null}>
          <CustomFoodDialog
            barcode={customBarcode}
            onClose={() => setCustomBarcode(null)}
            onCreated={(id) => {
              setCustomBarcode(null);
              pickFood(id);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
