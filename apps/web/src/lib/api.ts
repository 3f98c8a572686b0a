import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CACHE_SECONDS } from '@app/contracts/constants';

/**
 * The one RTK Query API of the app (spec §7). Features add endpoints with `api.injectEndpoints`.
 * Every tag type is declared here; lists use the id 'LIST'.
 */
export const tagTypes = [
  'User',
  'Settings',
  'Notification',
  'NotificationPreferences',
  'FoodLog',
  'DailySummary',
  'Favorite',
  'ManualFood',
  'Food',
  'MealPlan',
  'MealPlanTask',
  'DailyPlan',
] as const;

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api/v1' });

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extra) =>
  rawBaseQuery(args, api, extra);

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  keepUnusedDataFor: CACHE_SECONDS.default,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
