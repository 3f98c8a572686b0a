/** Meal-plan and recommendation calls (spec §7 Meal plans, Recommendations). */
import type { FavoriteFood } from '@app/contracts/favorites';
import type { FoodLogCreate } from '@app/contracts/food-logs';
import type { DailySummary } from '@app/contracts';
import type { UserSettings } from '@app/contracts/settings';
import { MEAL_PLAN_LIST_PAGE_SIZE } from '@app/contracts/constants';
import { api } from '../../lib/api';
import type {
  CreateMultiDayPlanBody,
  DailyMealPlan,
  DailyPlanStatus,
  MealOptions,
  MealPlan,
  MealPlanList,
  MealPlanTask,
  MealType,
} from './types';

export interface ListArgs {
  status?: string;
  page?: number;
  per_page?: number;
}

export interface ExportArgs {
  id: number;
  email: string;
  include_shopping_list: boolean;
  test_mode?: boolean;
}

/** A swap of one plan food (its id in the slot) for one of its alternatives; the server recomputes the meal's totals. */
export interface SwapFoodBody {
  day_number: number;
  meal_type: MealType;
  plan_food_id: string;
  alternative_food_id: string;
}

/** The latest daily plan comes wrapped in its status record. */
const asDailyPlan = (x: unknown): DailyMealPlan | null => (x as DailyPlanStatus | null)?.plan ?? null;

export const mealPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMealPlans: build.query<MealPlanList, ListArgs>({
      query: ({ status = 'active', page = 1, per_page = MEAL_PLAN_LIST_PAGE_SIZE }) => ({ url: '/meal-plans', params: { status, page, per_page } }),
      providesTags: (r) => [{ type: 'MealPlan', id: 'LIST' }, ...(r?.meal_plans ?? []).map((p) => ({ type: 'MealPlan' as const, id: p.id }))],
    }),
    getMealPlan: build.query<MealPlan, number>({
      query: (id) => `/meal-plans/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'MealPlan', id }],
    }),
    createMultiDayPlan: build.mutation<MealPlan, CreateMultiDayPlanBody>({
      query: (body) => ({ url: '/meal-plans/multi-day', method: 'POST', body }),
      invalidatesTags: [{ type: 'MealPlan', id: 'LIST' }],
    }),
    renameMealPlan: build.mutation<MealPlan, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/meal-plans/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'MealPlan', id }, { type: 'MealPlan', id: 'LIST' }],
    }),
    swapPlanFood: build.mutation<MealPlan, { id: number; swap: SwapFoodBody }>({
      query: ({ id, swap }) => ({ url: `/meal-plans/${id}`, method: 'PUT', body: { swap } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        // The answer is the updated plan: put it in the cache instead of refetching.
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(mealPlansApi.util.upsertQueryData('getMealPlan', id, data));
      },
    }),
    deleteMealPlan: build.mutation<void, number>({
      query: (id) => ({ url: `/meal-plans/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'MealPlan', id }, { type: 'MealPlan', id: 'LIST' }],
    }),
    getMealPlanTask: build.query<MealPlanTask, string>({
      query: (taskId) => `/meal-plan-tasks/${encodeURIComponent(taskId)}`,
      providesTags: (_r, _e, id) => [{ type: 'MealPlanTask', id }],
    }),
    cancelMealPlanTask: build.mutation<MealPlanTask, string>({
      query: (taskId) => ({ url: `/meal-plan-tasks/${encodeURIComponent(taskId)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'MealPlan', id: 'LIST' }],
    }),
    regeneratePlanPart: build.mutation<MealPlanTask, { id: number; day_number: number; meal_type?: MealType }>({
      query: ({ id, ...body }) => ({ url: `/meal-plans/${id}/tasks`, method: 'POST', body }),
    }),
    getPlanPartTask: build.query<MealPlanTask, { id: number; taskId: number | string }>({
      query: ({ id, taskId }) => `/meal-plans/${id}/tasks/${taskId}`,
    }),
    exportMealPlan: build.mutation<{ message?: string }, ExportArgs>({
      query: ({ id, test_mode = false, ...body }) => ({
        url: `/meal-plans/${id}/export`,
        method: 'POST',
        params: { format: 'email' },
        body: { ...body, test_mode },
      }),
    }),

    // What a new plan starts from (spec §7: fetched before creating one).
    getPlanSettings: build.query<UserSettings, void>({ query: () => '/user-settings', providesTags: ['Settings'] }),
    getPlanFavorites: build.query<FavoriteFood[], void>({ query: () => '/favorite-foods/', providesTags: [{ type: 'Favorite', id: 'LIST' }] }),

    requestDailyPlan: build.mutation<DailyPlanStatus, { timestamp: string; current_time: string; meal_times?: Partial<Record<MealType, string>> }>({
      query: ({ timestamp, current_time, meal_times }) => ({
        url: '/recommendations/daily-meal-plan/request',
        method: 'POST',
        params: { timestamp, current_time },
        body: { meal_times: meal_times ?? {} },
      }),
    }),
    getDailyPlanStatus: build.query<DailyPlanStatus, number | string>({
      query: (id) => `/recommendations/daily-meal-plan/status/${id}`,
      keepUnusedDataFor: 0,
    }),
    /** Spec §7: null on error, and a 404 (no plan yet) is silent. */
    getLatestDailyPlan: build.query<DailyMealPlan | null, void>({
      // No plan yet is the page's normal empty state, not an error worth logging.
      extraOptions: { expectedStatuses: [404] },
      async queryFn(_arg, _api, _extra, baseQuery) {
        const r = await baseQuery('/recommendations/daily-meal-plan/latest');
        return { data: r.error ? null : asDailyPlan(r.data) };
      },
      providesTags: [{ type: 'DailyPlan', id: 'LATEST' }],
    }),
    whatToEat: build.mutation<MealOptions, { meal_type?: MealType }>({
      query: (body) => ({ url: '/recommendations/what-to-eat', method: 'POST', body }),
    }),
    /** The day's food log, to mark plan meals that are already logged (same cache tags as the food log's). */
    getLoggedDay: build.query<DailySummary, string>({
      query: (date) => `/food-logs/daily-summary/${date}`,
      providesTags: (_r, _e, date) => [{ type: 'DailySummary', id: date }, { type: 'FoodLog', id: 'LIST' }],
    }),
    logPlanFoods: build.mutation<unknown, FoodLogCreate[]>({
      query: (entries) => ({ url: '/food-logs/batch', method: 'POST', body: entries }),
      invalidatesTags: [{ type: 'FoodLog', id: 'LIST' }, 'FoodLog', 'DailySummary'],
    }),
  }),
});

export const {
  useGetMealPlansQuery,
  useGetMealPlanQuery,
  useCreateMultiDayPlanMutation,
  useRenameMealPlanMutation,
  useSwapPlanFoodMutation,
  useDeleteMealPlanMutation,
  useRegeneratePlanPartMutation,
  useCancelMealPlanTaskMutation,
  useExportMealPlanMutation,
  useGetPlanSettingsQuery,
  useGetPlanFavoritesQuery,
  useRequestDailyPlanMutation,
  useGetLatestDailyPlanQuery,
  useWhatToEatMutation,
  useLogPlanFoodsMutation,
  useGetLoggedDayQuery,
} = mealPlansApi;
