import type { AuthSession, User } from '@app/contracts/auth';
import type { Message } from '@app/contracts/common';
import { api } from '../../lib/api';
export { useUserSettingsQuery, useUpdateUserSettingsMutation } from '../../lib/user-settings';

type Option = { id: string; label: string };

/** Settings and profile calls of spec §7 (GET/PUT /user-settings are in lib/user-settings: every screen reads the time zone). */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    /** Whether the account has a password (an account made by Google or Apple sign-in, or whose pending password was dropped, has none). */
    signInMethods: build.query<{ has_password: boolean }, void>({ query: () => '/auth/social', providesTags: ['User'] }),
    /**
     * A first password; the session stays as it is (adding a way to sign in revokes nothing). It needs a sign-in in the
     * last 10 minutes or the e-mailed `code` (requestSetPasswordCode); without either the answer is 403 reauthentication_required.
     */
    setPassword: build.mutation<Message, { new_password: string; code?: string }>({
      query: (body) => ({ url: '/settings/set-password', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    requestSetPasswordCode: build.mutation<Message, void>({ query: () => ({ url: '/settings/set-password/code', method: 'POST' }) }),
    deleteAccount: build.mutation<Message, { password: string }>({
      query: (body) => ({ url: '/profile', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useDietTypesQuery,
  useAllergiesQuery,
  useLazyCheckUsernameQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useSignInMethodsQuery,
  useSetPasswordMutation,
  useRequestSetPasswordCodeMutation,
  useDeleteAccountMutation,
} = settingsApi;
