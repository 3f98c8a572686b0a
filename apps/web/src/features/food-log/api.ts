import { CACHE_SECONDS } from '@app/contracts/constants';
import type { InsightsNutrients } from '@app/contracts/insights';
import { api } from '../../lib/api';
import type {
  CustomFoodInput,
  DailySummary,
  FavoriteFood,
  FavoriteManualInput,
  FoodDetail,
  FoodLogCreate,
  FoodLogEntry,
  FoodLogUpdate,
  FavoriteFromFood,
  FoodSearchResponse,
  ManualFood,
} from './types';

/** Food search, food detail, barcode, food log and favorites calls (spec §7 "Foods and food log"). */
export const foodLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFoods: build.query<FoodSearchResponse, { query: string; page?: number; page_size?: number }>({
      query: ({ query, page = 1, page_size = 20 }) => ({ url: '/foods/search', params: { query, page, page_size } }),
      keepUnusedDataFor: CACHE_SECONDS.foodSearch,
    }),
    // The day's vitamins and minerals against the DRI (the same rules as /insights, for one day).
    dayNutrients: build.query<InsightsNutrients, string>({
      query: (date) => `/insights/nutrients?days=1&end_date=${date}`,
      keepUnusedDataFor: 0,
      providesTags: ['Insights', { type: 'FoodLog', id: 'LIST' }, 'Settings'],
    }),
    getFood: build.query<FoodDetail, string>({
      query: (id) => `/foods/food/${encodeURIComponent(id)}`,
      keepUnusedDataFor: CACHE_SECONDS.foodDetail,
      providesTags: (_r, _e, id) => [{ type: 'Food', id }],
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
    createFoodLog: build.mutation<FoodLogEntry, FoodLogCreate>({
      query: (body) => ({ url: '/food-logs', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [
        'DailySummary',
        { type: 'FoodLog', id: 'LIST' },
        { type: 'Favorite', id: 'LIST' }, // consumption counts of favorites move
        ...('food_name' in body ? [{ type: 'ManualFood' as const, id: 'LIST' }] : []),
      ],
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
  useSearchFoodsQuery,
  useGetFoodQuery,
  useDayNutrientsQuery,
  useLazyLookupBarcodeQuery,
  useCreateCustomFoodMutation,
  useGetDailySummaryQuery,
  useCreateFoodLogMutation,
  useCreateFoodLogsMutation,
  useUpdateFoodLogMutation,
  useDeleteFoodLogMutation,
  useGetManualFoodsQuery,
  useGetFavoritesQuery,
  useAddFavoriteMutation,
  useAddManualFavoriteMutation,
  useRemoveFavoriteMutation,
} = foodLogApi;
