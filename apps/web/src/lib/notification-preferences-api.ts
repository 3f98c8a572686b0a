import type { DeviceToken, DeviceTokenCreate, NotificationPreferences, NotificationPreferencesUpdate } from '@app/contracts/reminders';
import { CACHE_SECONDS } from '@app/contracts/constants';
import { api } from './api';

/**
 * Reminder preferences (GET/PUT /notifications/preferences), the VAPID key and device tokens: the settings page's
 * reminders and the notification center's native push (features/notifications) both use them.
 */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/notifications/preferences',
      keepUnusedDataFor: CACHE_SECONDS.notificationPreferences,
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesUpdate>({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      // The answer is the saved state: put it in the cache instead of refetching.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(preferencesApi.util.upsertQueryData('notificationPreferences', undefined, data));
      },
    }),
    vapidPublicKey: build.query<{ public_key: string }, void>({
      query: () => '/notifications/vapid-public-key',
    }),
    registerDeviceToken: build.mutation<DeviceToken, DeviceTokenCreate>({
      query: (body) => ({ url: '/device-tokens', method: 'POST', body }),
    }),
  }),
});

export const { useNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation, useRegisterDeviceTokenMutation } = preferencesApi;
