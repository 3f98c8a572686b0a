import type { User } from '@app/contracts/auth';
import { api } from './api';
import { profileFailed, profileLoaded, profileRequested } from './session';
import { clearStoredToken } from './token';

/**
 * GET /auth/me: the profile fetched at start and after sign-in (spec §4). Each fetch reports to the
 * session slice (lib/session.ts): a 401 ends the session and deletes the stored token, another failure
 * leaves it 'offline'.
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
          const status = (e as { error?: { status?: number | string } }).error?.status;
          // The server rejected the token (bad signature, revoked, user gone): delete it (spec §4), or
          // every start would try it again. Other failures keep it for a retry.
          if (status === 401) clearStoredToken();
          dispatch(profileFailed(status));
        }
      },
    }),
  }),
});
export const { useMeQuery } = sessionApi;
