import type { MapConfig, NearbyPlaces, RestaurantRecommendation } from '@app/contracts/places';
import type { Location } from '@app/contracts/locations';
import type { MealType } from '@app/contracts/constants';
import { CACHE_SECONDS } from '@app/contracts/constants';
import { api } from '../../lib/api';

export interface NearbyArgs {
  latitude: number;
  longitude: number;
  radius: number;
  opennow?: boolean;
  keyword?: string;
}
export interface RestaurantArgs {
  place_id: string;
  restaurant_name: string;
  user_id: number;
}
export interface LogOptionBody {
  food_id: string;
  serving: { id: string };
  meal_type: MealType;
}

/** Restaurant Finder calls (spec §7 Locations and places, POST /recommendations/restaurant). */
export const restaurantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    nearbyPlaces: build.query<NearbyPlaces, NearbyArgs>({
      query: ({ opennow, keyword, ...rest }) => ({ url: '/places/nearby', params: { ...rest, ...(opennow ? { opennow: 'true' } : {}), ...(keyword ? { keyword } : {}) } }),
      keepUnusedDataFor: CACHE_SECONDS.nearbyPlaces,
    }),
    // The server's tile settings (MAP_TILE_URL): fixed while it runs.
    mapConfig: build.query<MapConfig, void>({ query: () => '/places/map', keepUnusedDataFor: 3600 }),
    // A POST that only reads: a query, so opening the same place again is served from the cache.
    restaurantOptions: build.query<RestaurantRecommendation, RestaurantArgs>({
      query: (body) => ({ url: '/recommendations/restaurant', method: 'POST', body }),
      providesTags: ['DailySummary'],
    }),
    recordLocation: build.mutation<Location, { latitude: number; longitude: number; accuracy?: number }>({
      query: (body) => ({ url: '/locations', method: 'POST', body }),
    }),
    deleteLocationHistory: build.mutation<{ deleted: number }, void>({ query: () => ({ url: '/locations', method: 'DELETE' }) }),
    logOption: build.mutation<unknown, LogOptionBody>({
      query: (body) => ({ url: '/food-logs', method: 'POST', body }),
      invalidatesTags: ['FoodLog', 'DailySummary'],
    }),
  }),
});

export const { useMapConfigQuery, useNearbyPlacesQuery, useRestaurantOptionsQuery, useRecordLocationMutation, useDeleteLocationHistoryMutation, useLogOptionMutation } = restaurantsApi;
