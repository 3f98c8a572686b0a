import { CACHE_SECONDS } from '@app/contracts/constants';
import type { InsightsNutrients } from '@app/contracts/insights';
import { api } from '../../lib/api';
import type { FoodLogCreate } from '../../lib/foods-api';
import type {
  CustomFoodInput,
  DailySummary,
  FavoriteFood,
  FavoriteManualInput,
  FoodDetail,
  FoodLogEntry,
  FoodLogUpdate,
  FavoriteFromFood,
  ManualFood,
} from './types';

/**
 * Barcode, custom food, food log and favorites calls (spec §7 "Foods and food log"). Search, a food's detail
 * and logging one food are shared with other features: lib/foods-api.ts.
 */
export const foodLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The day's vitamins and minerals against the DRI (the same rules as /insights, for one day).
    dayNutrients: build.query<InsightsNutrients, string>({
      query: (date) => `/insights/nutrients?days=1&end_date=${date}`,
      keepUnusedDataFor: 0,
      providesTags: ['Insights', { type: 'FoodLog', id: 'LIST' }, 'Settings'],
    }),
    lookupBarcode: build.query<FoodDetail, string>({
      query: (code) => `/barcode/lookup/${encodeURIComponent(code)}`,
      keepUnusedDataFor: CACHE_SECONDS.barcode,
      providesTags: (_r, _e, code) => [{ type: 'Food', id: `barcode-${code}` }],
    }),
    createCustomFood: build.mutation<FoodDetail, CustomFoodInput>({
      query: (body) => ({ url: '/foods/custom', method: 'POST', body }),
      // A food made for an unknown barcode must be found by the next look-up of that code.
      invalidatesTags: (_r, _e, body) => (body.barcode ? [{ type: 'Food', id: `barcode-${body.barcode}` }] : []),
    }),
    getDailySummary: build.query<DailySummary, string>({
      query: (date) => `/food-logs/daily-summary/${date}`,
      providesTags: (_r, _e, date) => [{ type: 'DailySummary', id: date }, { type: 'FoodLog', id: 'LIST' }],
    }),
    createFoodLogs: build.mutation<FoodLogEntry[], FoodLogCreate[]>({
      query: (body) => ({ url: '/food-logs/batch', method: 'POST', body }),
      invalidatesTags: ['DailySummary', { type: 'FoodLog', id: 'LIST' }, { type: 'ManualFood', id: 'LIST' }],
    }),
    updateFoodLog: build.mutation<FoodLogEntry, { id: number; date: string; patch: FoodLogUpdate }>({
      query: ({ id, patch }) => ({ url: `/food-logs/${id}`, method: 'PUT', body: patch }),
      invalidatesTags: () => [
        // Every day: an edit may move the entry to another date.
        'DailySummary',
        { type: 'FoodLog', id: 'LIST' },
        { type: 'ManualFood', id: 'LIST' },
      ],
    }),
    deleteFoodLog: build.mutation<void, { id: number; date: string }>({
      query: ({ id }) => ({ url: `/food-logs/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, a) => [{ type: 'DailySummary', id: a.date }, { type: 'FoodLog', id: 'LIST' }],
    }),
    getManualFoods: build.query<ManualFood[], void>({
      query: () => '/food-logs/manual-foods',
      providesTags: [{ type: 'ManualFood', id: 'LIST' }],
    }),
    getFavorites: build.query<FavoriteFood[], void>({
      query: () => '/favorite-foods/',
      providesTags: [{ type: 'Favorite', id: 'LIST' }],
    }),
    addFavorite: build.mutation<FavoriteFood, FavoriteFromFood>({
      query: (body) => ({ url: '/favorite-foods/existing', method: 'POST', body }),
      invalidatesTags: [{ type: 'Favorite', id: 'LIST' }],
    }),
    addManualFavorite: build.mutation<FavoriteFood, FavoriteManualInput>({
      query: (body) => ({ url: '/favorite-foods/manual', method: 'POST', body }),
      invalidatesTags: [{ type: 'Favorite', id: 'LIST' }],
    }),
    removeFavorite: build.mutation<void, number>({
      query: (id) => ({ url: `/favorite-foods/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Favorite', id: 'LIST' }],
    }),
  }),
});

export const {
  useDayNutrientsQuery,
  useLazyLookupBarcodeQuery,
  useCreateCustomFoodMutation,
  useGetDailySummaryQuery,
  useCreateFoodLogsMutation,
  useUpdateFoodLogMutation,
  useDeleteFoodLogMutation,
  useGetManualFoodsQuery,
  useGetFavoritesQuery,
  useAddFavoriteMutation,
  useAddManualFavoriteMutation,
  useRemoveFavoriteMutation,
} = foodLogApi;
