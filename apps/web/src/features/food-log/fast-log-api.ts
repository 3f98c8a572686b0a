import { api } from '../../lib/api';
import type { FoodLogCreate } from '../../lib/foods-api';
import type { MealType } from '@app/contracts/constants';
import type {
  CopyRequest,
  FoodLogEntry,
  ParseRequest,
  ParseResponse,
  RecentFood,
  RecentMeal,
  SavedMeal,
  SavedMealCreate,
  SavedMealLog,
} from './fast-log-types';

/** One user action's writes carry its Idempotency-Key: a retry with the same key never logs twice. */
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** What changes when entries are logged: the day, every list built from the log (recent foods and meals). */
const LOGGED = ['DailySummary', { type: 'FoodLog', id: 'LIST' }, { type: 'ManualFood', id: 'LIST' }] as const;
const SAVED_MEALS = { type: 'FoodLog', id: 'SAVED_MEALS' } as const;

/**
 * Issue 41's fast logging: describe it (parse), copy a day or meal, log a recent meal again, saved meals,
 * and the recent foods shown before the first keystroke.
 */
export const fastLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST that changes nothing: a mutation, so a sentence is sent once per submit and not cached.
    parseFoodText: build.mutation<ParseResponse, ParseRequest>({
      query: (body) => ({ url: '/food-logs/parse', method: 'POST', body }),
    }),
    logFoodsOnce: build.mutation<FoodLogEntry[], { entries: FoodLogCreate[]; idempotencyKey: string }>({
      query: ({ entries, idempotencyKey }) => ({ url: '/food-logs/batch', method: 'POST', body: entries, headers: keyed(idempotencyKey) }),
      invalidatesTags: [...LOGGED],
    }),
    copyFoodLogs: build.mutation<FoodLogEntry[], CopyRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: '/food-logs/copy', method: 'POST', body, headers: keyed(idempotencyKey) }),
      invalidatesTags: [...LOGGED],
    }),
    getRecentMeals: build.query<RecentMeal[], { meal_type?: MealType; limit?: number }>({
      query: ({ meal_type, limit = 5 }) => ({ url: '/food-logs/recent-meals', params: { limit, ...(meal_type ? { meal_type } : {}) } }),
      providesTags: [{ type: 'FoodLog', id: 'LIST' }],
    }),
    getRecentFoods: build.query<RecentFood[], { meal_type?: MealType; limit?: number }>({
      query: ({ meal_type, limit = 20 }) => ({ url: '/foods/recent', params: { limit, ...(meal_type ? { meal_type } : {}) } }),
      providesTags: [{ type: 'FoodLog', id: 'LIST' }],
    }),
    getSavedMeals: build.query<SavedMeal[], void>({
      query: () => '/saved-meals',
      providesTags: [SAVED_MEALS],
    }),
    createSavedMeal: build.mutation<SavedMeal, { body: SavedMealCreate; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/saved-meals', method: 'POST', body, headers: keyed(idempotencyKey) }),
      invalidatesTags: [SAVED_MEALS],
    }),
    renameSavedMeal: build.mutation<SavedMeal, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/saved-meals/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: [SAVED_MEALS],
    }),
    deleteSavedMeal: build.mutation<void, number>({
      query: (id) => ({ url: `/saved-meals/${id}`, method: 'DELETE' }),
      invalidatesTags: [SAVED_MEALS],
    }),
    logSavedMeal: build.mutation<FoodLogEntry[], { id: number; body: SavedMealLog; idempotencyKey: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/saved-meals/${id}/log`, method: 'POST', body, headers: keyed(idempotencyKey) }),
      invalidatesTags: [...LOGGED, SAVED_MEALS],
    }),
  }),
});

export const {
  useParseFoodTextMutation,
  useLogFoodsOnceMutation,
  useCopyFoodLogsMutation,
  useGetRecentMealsQuery,
  useGetRecentFoodsQuery,
  useGetSavedMealsQuery,
  useCreateSavedMealMutation,
  useRenameSavedMealMutation,
  useDeleteSavedMealMutation,
  useLogSavedMealMutation,
} = fastLogApi;
