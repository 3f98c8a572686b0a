import type { AuthSession, User } from '@app/contracts/auth';
import type { Message } from '@app/contracts/common';
import type { UserSettings, UserSettingsUpdate } from '@app/contracts/settings';
import { api } from '../../lib/api';

type Option = { id: string; label: string };

/** Settings and profile calls of spec §7. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userSettings: build.query<UserSettings, void>({ query: () => '/user-settings', providesTags: ['Settings'] }),
    updateUserSettings: build.mutation<UserSettings, UserSettingsUpdate>({
      query: (body) => ({ url: '/user-settings', method: 'PUT', body }),
      // Goals feed the dashboard and the daily summary; diet and allergies feed plans.
      invalidatesTags: ['Settings', 'DailySummary'],
    }),
    dietTypes: build.query<Option[], void>({ query: () => '/diet-types', keepUnusedDataFor: 3600 }),
    allergies: build.query<Option[], void>({ query: () => '/allergies', keepUnusedDataFor: 3600 }),
    checkUsername: build.query<{ available: boolean }, string>({ query: (u) => `/settings/check-username/${encodeURIComponent(u)}`, keepUnusedDataFor: 0 }),
    updateProfile: build.mutation<User, { username: string | null }>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<AuthSession, { current_password: string; new_password: string }>({
      query: (body) => ({ url: '/settings/password', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<Message, { password: string }>({
      query: (body) => ({ url: '/profile', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useUserSettingsQuery,
  useUpdateUserSettingsMutation,
  useDietTypesQuery,
  useAllergiesQuery,
  useLazyCheckUsernameQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} = settingsApi;
