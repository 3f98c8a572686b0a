/**
 * The food calls several features make (food-log, recipes): search, one food's detail and logging a food.
 * They live here rather than in features/food-log because features never import each other.
 */
import type { z } from 'zod';
import type { FoodDetail, FoodLogCreateSchema, FoodLogEntry, FoodSearchResponse } from '@app/contracts';
import { CACHE_SECONDS } from '@app/contracts/constants';
import { api } from './api';

/** POST /food-logs's body as the client writes it (fields with server defaults are optional). */
export type FoodLogCreate = z.input<typeof FoodLogCreateSchema>;

export const foodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFoods: build.query<FoodSearchResponse, { query: string; page?: number; page_size?: number }>({
      query: ({ query, page = 1, page_size = 20 }) => ({ url: '/foods/search', params: { query, page, page_size } }),
      keepUnusedDataFor: CACHE_SECONDS.foodSearch,
    }),
    getFood: build.query<FoodDetail, string>({
      query: (id) => `/foods/food/${encodeURIComponent(id)}`,
      keepUnusedDataFor: CACHE_SECONDS.foodDetail,
      providesTags: (_r, _e, id) => [{ type: 'Food', id }],
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
  }),
});

export const { useSearchFoodsQuery, useGetFoodQuery, useLazyGetFoodQuery, useCreateFoodLogMutation } = foodsApi;
