import type { Config } from '../../config.ts';

/**
 * Which push services are configured. Android native push stays off (spec §4: registration was for
 * iOS only; Android users get Web Push in the browser instead, see docs/decisions/0103-reminders.md).
 */
export function pushAvailability(c: Config) {
  return {
    ios: !!(c.APNS_KEY_ID && c.APNS_TEAM_ID && c.APNS_KEY_PATH && c.APNS_BUNDLE_ID),
    android: false,
    web: !!(c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && c.VAPID_SUBJECT),
  };
}
