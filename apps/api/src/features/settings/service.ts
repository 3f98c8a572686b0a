import type { FastifyInstance } from 'fastify';
import { ErrorTypes, goalPlausibilityIssues, REAUTHENTICATION_REQUIRED, SET_PASSWORD_RECENT_SIGN_IN_S, type AuthSession, type UserSettings, type UserSettingsUpdate } from '@app/contracts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { hashPassword, verifyDummy } from '../auth/passwords.ts';
import { assertStrongPassword, authService, confirmPassword } from '../auth/service.ts';
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
  daily_water_goal_ml: null,
  units: 'metric',
  birth_year: null,
  sex: null,
  height_cm: null,
  goal_weight_kg: null,
  weekly_rate_kg: null,
  activity_level: null,
  // No settings row yet: a new account that has not been through the onboarding.
  onboarded: false,
  exercise_calories_back_pct: 0,
};

function toSettings(r: repo.SettingsRow | undefined): UserSettings {
  if (!r) return { ...DEFAULT_SETTINGS };
  const { diet_types, allergies, timezone, daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal, daily_water_goal_ml, birth_year } = r;
  const { height_cm, goal_weight_kg, weekly_rate_kg } = r;
  const units = r.units as UserSettings['units'];
  const sex = r.sex as UserSettings['sex'];
  const activity_level = r.activity_level as UserSettings['activity_level'];
  const exercise_calories_back_pct = r.exercise_calories_back_pct as UserSettings['exercise_calories_back_pct'];
  return {
    diet_types, allergies, timezone, daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal, daily_water_goal_ml, units, birth_year, sex,
    height_cm, goal_weight_kg, weekly_rate_kg, activity_level, onboarded: r.onboarded_at !== null, exercise_calories_back_pct,
  };
}

/** The wire's update as columns: `onboarded: true` stamps onboarded_at (the first time only), false clears it. */
function toPatch(update: UserSettingsUpdate, current: repo.SettingsRow | undefined): repo.SettingsPatch {
  const { onboarded, ...rest } = update;
  if (onboarded === undefined) return rest;
  return { ...rest, onboarded_at: onboarded ? (current?.onboarded_at ?? new Date()) : null };
}

export function settingsService(app: FastifyInstance) {
  const db = app.db;
  return {
    async get(userId: number) {
      return toSettings(await repo.findSettings(db, userId));
    },

    async save(userId: number, patch: UserSettingsUpdate) {
      const goalsChanged = Object.keys(patch).some((k) => k.startsWith('daily_'));
      const current = goalsChanged || patch.onboarded !== undefined ? await repo.findSettings(db, userId) : undefined;
      if (goalsChanged) {
        // A patch may change one goal: judge it together with the goals already saved.
        const merged = { ...toSettings(current), ...patch };
        const issues = goalPlausibilityIssues(merged);
        if (issues.length > 0) {
          throw new HttpError(422, issues[0].msg, ErrorTypes.validation, issues.map((i) => ({ loc: ['body', i.field], msg: i.msg, type: 'value_error' })));
        }
      }
      const { row, created } = await repo.upsertSettings(db, userId, toPatch(patch, current));
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

    /** Mails the code that proves the mailbox before a first password (only for an account without one). */
    async mailSetPasswordCode(user: UserRow) {
      if (user.password_hash) throw badRequest('Your account already has a password: change it instead');
      return authService(app).mailSetPasswordCode(user);
    },

    /**
     * A first password is a new way into the account, so the token alone is not enough (a stolen one could set a
     * password and keep the account): it takes a sign-in within SET_PASSWORD_RECENT_SIGN_IN_S (the token's `iat`),
     * or the code mailed by mailSetPasswordCode. `issuedAt`: the request's token's iat (seconds), null if unknown.
     */
    async setFirstPassword(user: UserRow, next: string, proof: { code?: string; issuedAt: number | null }, ip: string) {
      if (user.password_hash) throw badRequest('Your account already has a password: change it instead');
      const strong = () => assertStrongPassword(next, [user.email, user.username], 'new_password');
      let by: 'email_code' | 'recent_sign_in';
      if (proof.code !== undefined) {
        // The code is checked first; a weak password then answers 422 and leaves the code valid.
        if (!(await authService(app).checkSetPasswordCode(user.id, proof.code, strong))) {
          throw badRequest('Setting the password failed', 'Invalid or expired code. After 5 wrong tries a code stops working: request a new one.');
        }
        by = 'email_code';
      } else {
        await strong();
        const age = proof.issuedAt === null ? Infinity : Date.now() / 1000 - proof.issuedAt;
        if (!(age <= SET_PASSWORD_RECENT_SIGN_IN_S)) {
          throw new HttpError(
            403,
            'To set a password, confirm it is you: enter the code we e-mail you, or sign in again',
            REAUTHENTICATION_REQUIRED,
            `A first password needs a sign-in within the last ${SET_PASSWORD_RECENT_SIGN_IN_S / 60} minutes, or the 6-digit code from POST /settings/set-password/code sent as "code".`,
          );
        }
        by = 'recent_sign_in';
      }
      // Adding a sign-in method revokes nothing, so the current token stays valid.
      await updateUser(db, user.id, { password_hash: await hashPassword(next) });
      await app.audit({ action: 'password_set', actorId: user.id, email: user.email, ip, details: { proof: by } });
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
      await repo.deleteAccount(db, user.id, user.email, user.username);
      return {
        message: appleLeft
          ? 'Your account and all its data were deleted. Your App Store subscription renews until you cancel it in the App Store settings (https://apps.apple.com/account/subscriptions).'
          : 'Your account and all its data were deleted.',
      };
    },
  };
}
