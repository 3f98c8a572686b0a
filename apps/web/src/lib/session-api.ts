import type { User } from '@app/contracts/auth';
import { api } from './api';
import { profileFailed, profileLoaded, profileRequested } from './session';

/**
 * GET /auth/me: the profile fetched at start and after sign-in (spec §4). Each fetch reports to the
 * session slice (lib/session.ts): a 401 ends the session, another failure leaves it 'offline'.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User, void>({
      query: () => '/auth/me',
      providesTags: ['User'],
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        dispatch(profileRequested());
        try {
          dispatch(profileLoaded((await queryFulfilled).data));
        } catch (e) {
          dispatch(profileFailed((e as { error?: { status?: number | string } }).error?.status));
        }
      },
    }),
  }),
});
export const { useMeQuery } = sessionApi;
