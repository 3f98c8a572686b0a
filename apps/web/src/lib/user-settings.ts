/**
 * GET/PUT /user-settings live here rather than in features/settings because every screen needs the
 * settings time zone to know what "today" is (issue 10 item 5), and features never import each other.
 */
import { useEffect } from 'react';
import type { UserSettings, UserSettingsUpdate } from '@app/contracts/settings';
import { api } from './api';
import { useAppSelector } from './hooks';
import { selectUser } from './session';
import { browserTimeZone, useTodayIn } from './today';

export const userSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userSettings: build.query<UserSettings, void>({ query: () => '/user-settings', providesTags: ['Settings'] }),
    updateUserSettings: build.mutation<UserSettings, UserSettingsUpdate>({
      query: (body) => ({ url: '/user-settings', method: 'PUT', body }),
      // Goals feed the dashboard and the daily summary; diet and allergies feed plans; the zone moves "today".
      invalidatesTags: ['Settings', 'DailySummary'],
    }),
  }),
});
export const { useUserSettingsQuery, useUpdateUserSettingsMutation } = userSettingsApi;

/** The settings time zone (undefined while loading: callers show the browser's day until then). */
export function useSettingsTimeZone(): string | undefined {
  return useUserSettingsQuery().data?.timezone;
}

/** Today's YYYY-MM-DD in the settings time zone. */
export function useToday(): string {
  return useTodayIn(useSettingsTimeZone());
}

/** Accounts younger than this still get their zone from the browser; older ones chose theirs. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
const doneKey = (userId: number) => `timezone-from-browser:${userId}`;

/**
 * Every account starts in UTC (spec §3). Right after sign-up, while the setting is still that default,
 * the browser's zone replaces it once, so a new user in Auckland sees Auckland's today. A user who
 * sets UTC on purpose later keeps it: this runs once per account and browser, and only for new accounts.
 */
export function useTimeZoneFromBrowser(): void {
  const user = useAppSelector(selectUser);
  const { data } = useUserSettingsQuery(undefined, { skip: !user });
  const [update] = useUpdateUserSettingsMutation();
  useEffect(() => {
    if (!user || !data) return;
    const key = doneKey(user.id);
    try {
      if (localStorage.getItem(key)) return;
    } catch {
      return;
    }
    const zone = browserTimeZone();
    const young = Date.now() - Date.parse(user.created_at) < NEW_ACCOUNT_MS;
    const mark = () => {
      try {
        localStorage.setItem(key, '1');
      } catch {
        /* private mode: the next page load tries again, harmlessly */
      }
    };
    if (!young || data.timezone !== 'UTC' || !zone || zone === 'UTC' || zone === 'Etc/UTC') {
      mark();
      return;
    }
    update({ timezone: zone })
      .unwrap()
      .then(mark)
      .catch(() => {
        /* an unknown zone name is refused by the API: UTC stays, the user can pick one in Settings */
        mark();
      });
  }, [user, data, update]);
}
