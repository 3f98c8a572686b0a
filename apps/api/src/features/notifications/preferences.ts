import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { MealReminderTimes, NotificationPreferences, NotificationPreferencesUpdate } from '@app/contracts';
import { pushAvailability } from '../device-tokens/push-config.ts';
import { listTokens } from '../device-tokens/repository.ts';
import { unprocessable } from '../../lib/http-error.ts';
import * as repo from './preferences-repository.ts';

/** Reminders are opt-in; these are the times offered when a user turns them on. */
export const DEFAULT_MEAL_REMINDER_TIMES: MealReminderTimes = { breakfast: '07:30', lunch: '12:00', snack: null, dinner: '18:00' };
export const DEFAULT_LOGGING_TIMES = ['10:00', '14:00', '20:00'];
const DEFAULT_QUIET = { start: '22:00', end: '07:00' };

type Stored = Omit<NotificationPreferences, 'push_available' | 'timezone'>;

export function storedPreferences(r: repo.PreferencesRow | undefined): Stored {
  if (!r) {
    return {
      logging_reminder: { enabled: false, times: [...DEFAULT_LOGGING_TIMES] },
      meal_reminder: { enabled: false, times: { ...DEFAULT_MEAL_REMINDER_TIMES } },
      quiet_hours: { ...DEFAULT_QUIET },
      channels: { in_app: true, push: false },
    };
  }
  const times = { ...DEFAULT_MEAL_REMINDER_TIMES, ...r.meal_reminder_times } as MealReminderTimes;
  return {
    logging_reminder: { enabled: r.logging_reminders_enabled, times: [...r.logging_reminder_times].sort() },
    meal_reminder: { enabled: r.meal_reminders_enabled, times },
    quiet_hours: r.quiet_hours_start && r.quiet_hours_end ? { start: r.quiet_hours_start, end: r.quiet_hours_end } : null,
    channels: { in_app: r.in_app_enabled, push: r.push_enabled },
  };
}

function toValues(p: Stored): repo.PreferencesValues {
  return {
    logging_reminders_enabled: p.logging_reminder.enabled,
    logging_reminder_times: [...p.logging_reminder.times].sort(),
    meal_reminders_enabled: p.meal_reminder.enabled,
    meal_reminder_times: p.meal_reminder.times,
    quiet_hours_start: p.quiet_hours?.start ?? null,
    quiet_hours_end: p.quiet_hours?.end ?? null,
    in_app_enabled: p.channels.in_app,
    push_enabled: p.channels.push,
  };
}

/**
 * Why push cannot be turned on for this user, or null when it can: a push service this server has configured
 * (APNs for iOS, Web Push) and a device of the user registered for it (POST /device-tokens). Stored as true
 * without one, `push: true` promised reminders that could never arrive (issue 40 item 8b).
 */
export async function whyNoPush(db: Db, config: Config, userId: number): Promise<string | null> {
  const avail = pushAvailability(config);
  if (!avail.ios && !avail.web) {
    return 'Push notifications are not available on this server (neither Apple push nor Web Push is set up). Reminders still appear in the app.';
  }
  const tokens = await listTokens(db, userId);
  if (tokens.some((t) => (t.device_type === 'ios' && avail.ios) || (t.device_type === 'web' && avail.web && !!t.web_push_keys))) return null;
  const where = [avail.ios ? 'the iOS app' : null, avail.web ? 'a browser (Web Push)' : null].filter(Boolean).join(' or ');
  return `Push cannot be turned on yet: no device of yours is registered for push. Allow notifications in ${where} first; that registers the device.`;
}

export function preferencesService(db: Db, config: Config) {
  async function view(stored: Stored, userId: number): Promise<NotificationPreferences> {
    return { ...stored, push_available: pushAvailability(config), timezone: await repo.settingsTimezone(db, userId) };
  }
  return {
    async get(userId: number) {
      return view(storedPreferences(await repo.findPreferences(db, userId)), userId);
    },
    /** Partial update: each object merges into what is stored, meal times per meal. */
    async update(userId: number, patch: NotificationPreferencesUpdate) {
      if (patch.channels?.push === true) {
        const why = await whyNoPush(db, config, userId);
        if (why) throw unprocessable(why, ['body', 'channels', 'push'], 'push_unavailable');
      }
      const cur = storedPreferences(await repo.findPreferences(db, userId));
      const next: Stored = {
        logging_reminder: { ...cur.logging_reminder, ...patch.logging_reminder },
        meal_reminder: { enabled: patch.meal_reminder?.enabled ?? cur.meal_reminder.enabled, times: { ...cur.meal_reminder.times, ...patch.meal_reminder?.times } },
        quiet_hours: patch.quiet_hours === undefined ? cur.quiet_hours : patch.quiet_hours,
        channels: { ...cur.channels, ...patch.channels },
      };
      return view(storedPreferences(await repo.savePreferences(db, userId, toValues(next))), userId);
    },
  };
}
