import type { FastifyInstance } from 'fastify';
import { ErrorTypes, goalPlausibilityIssues, type AuthSession, type UserSettings, type UserSettingsUpdate } from '@app/contracts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { hashPassword, verifyDummy } from '../auth/passwords.ts';
import { assertStrongPassword, confirmPassword } from '../auth/service.ts';
import { setPassword, updateUser, type UserRow } from '../auth/repository.ts';
import { sessionFor } from '../auth/session.ts';
import { subscriptionsService } from '../subscriptions/service.ts';
import * as repo from './repository.ts';

/** Spec §3 defaults for a user who has not saved settings yet. */
export const DEFAULT_SETTINGS: UserSettings = {
  diet_types: [],
  allergies: [],
  timezone: 'UTC',
  daily_calorie_goal: null,
  daily_protein_goal: null,
  daily_carbs_goal: null,
  daily_fat_goal: null,
  daily_fiber_goal: null,
  units: 'metric',
  birth_year: null,
  sex: null,
};

function toSettings(r: repo.SettingsRow | undefined): UserSettings {
  if (!r) return { ...DEFAULT_SETTINGS };
  const { diet_types, allergies, timezone, daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal, birth_year } = r;
  const units = r.units as UserSettings['units'];
  const sex = r.sex as UserSettings['sex'];
  return { diet_types, allergies, timezone, daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal, units, birth_year, sex };
}

export function settingsService(app: FastifyInstance) {
  const db = app.db;
  return {
    async get(userId: number) {
      return toSettings(await repo.findSettings(db, userId));
    },

    async save(userId: number, patch: UserSettingsUpdate) {
      const goalsChanged = Object.keys(patch).some((k) => k.startsWith('daily_'));
      if (goalsChanged) {
        // A patch may change one goal: judge it together with the goals already saved.
        const merged = { ...toSettings(await repo.findSettings(db, userId)), ...patch };
        const issues = goalPlausibilityIssues(merged);
        if (issues.length > 0) {
          throw new HttpError(422, issues[0].msg, ErrorTypes.validation, issues.map((i) => ({ loc: ['body', i.field], msg: i.msg, type: 'value_error' })));
        }
      }
      const { row, created } = await repo.upsertSettings(db, userId, patch);
      return { settings: toSettings(row), created };
    },

    async usernameAvailable(username: string) {
      return { available: (await repo.usernameOwner(db, username)) === undefined };
    },

    async updateProfile(user: UserRow, patch: { username?: string | null }) {
      if (patch.username === undefined) return user;
      if (patch.username !== null) {
        const owner = await repo.usernameOwner(db, patch.username);
        if (owner !== undefined && owner !== user.id) throw conflict('Username is already taken');
      }
      try {
        return await repo.setUsername(db, user.id, patch.username);
      } catch (err) {
        // Two users claiming the same name at once: the unique index decides.
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as any)?.cause?.code === '23505') throw conflict('Username is already taken');
        throw err;
      }
    },

    async changePassword(user: UserRow, current: string, next: string, ip: string): Promise<AuthSession> {
      if (!user.password_hash) {
        await verifyDummy(current);
        throw badRequest('Your account has no password yet: set one instead');
      }
      if (!(await confirmPassword(db, user, current, ip))) throw badRequest('Current password is incorrect');
      await assertStrongPassword(next, [user.email, user.username], 'new_password');
      await app.audit({ action: 'password_change', actorId: user.id, email: user.email, ip });
      // Bumping the token version signs out every other device; the caller gets a fresh token.
      return sessionFor(app, await setPassword(db, user.id, await hashPassword(next)));
    },

    async setFirstPassword(user: UserRow, next: string) {
      if (user.password_hash) throw badRequest('Your account already has a password: change it instead');
      await assertStrongPassword(next, [user.email, user.username], 'new_password');
      // Adding a sign-in method revokes nothing, so the current token stays valid.
      await updateUser(db, user.id, { password_hash: await hashPassword(next) });
      return { message: 'Password set. You can now sign in with your e-mail and password.' };
    },

    async deleteAccount(user: UserRow, confirm: { password?: string; email?: string }, ip: string) {
      if (user.password_hash) {
        if (confirm.password === undefined || !(await confirmPassword(db, user, confirm.password, ip))) {
          throw badRequest('Failed to delete account', 'Password is incorrect');
        }
      } else if ((confirm.email ?? '').trim().toLowerCase() !== user.email) {
        throw badRequest('Failed to delete account', 'Type your e-mail address to confirm');
      }
      // Before anything is deleted: a Stripe that cannot be reached leaves the account (and the answer says so)
      // rather than a deleted account that is still charged.
      const { appleLeft } = await subscriptionsService(app).cancelAllForDeletion(user.id);
      await app.audit({ action: 'account_delete', actorId: user.id, email: user.email, ip });
      await repo.deleteAccount(db, user.id, user.email);
      return {
        message: appleLeft
          ? 'Your account and all its data were deleted. Your App Store subscription renews until you cancel it in the App Store settings (https://apps.apple.com/account/subscriptions).'
          : 'Your account and all its data were deleted.',
      };
    },
  };
}
