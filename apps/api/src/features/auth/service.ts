import type { FastifyInstance } from 'fastify';
import type { AuthSession, LoginResponse } from '@app/contracts';
import { badRequest, conflict, HttpError, tooManyRequests, unauthorized, unprocessable } from '../../lib/http-error.ts';
import type { Db } from '../../db/client.ts';
import type { MailMessage } from '../../plugins/mail.ts';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, MAIL_INTERVAL_MS, codeHasher, newCode, type CodePurpose } from './codes.ts';
import { alreadyRegisteredMail, resetMail, setPasswordMail, verificationMail } from './mails.ts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import { passwordStrength } from './password-strength.ts';
import * as repo from './repository.ts';
import { sessionFor } from './session.ts';
import { beginPasswordCheck, recordPasswordReset } from './throttle.ts';
import { clientNet } from '../../lib/client-net.ts';

const VERIFY_MESSAGE = 'We sent a 6-digit code to your e-mail address. Enter it to finish creating your account.';
const CODE_FAILURE = 'Invalid or expired code. After 5 wrong tries a code stops working: request a new one.';
/** Codes (verification + reset) one account can be sent per day. */
export const CODES_PER_DAY = 10;
/** Codes one address may have sent to one account in a day (of the account's CODES_PER_DAY). */
export const CODES_PER_IP_PER_DAY = 3;
/** "Someone tried to register with your address" mails an account gets in a day (one a minute before: 1,440). */
export const NOTICES_PER_DAY = 3;
/** What an unverified account's sign-in says, by whether a code went out now: it promises only what happened. */
const UNVERIFIED_MESSAGE = {
  sent: 'Your e-mail address is not verified yet. We sent you a code to verify it.',
  recent: 'Your e-mail address is not verified yet. Enter the code we sent you a moment ago; you can ask for a new one in a minute.',
  capped: 'Your e-mail address is not verified yet. Enter the last code we sent you: no more codes can be sent today.',
} as const;

/** One answer for every registration code that cannot be used (unknown, expired, used up), whatever the address. */
const invalidRegistrationCode = () => new HttpError(400, 'Invalid registration code', 'bad_request', 'The registration code is unknown, expired or used up.');

/** 422 with the field's location when zxcvbn finds the password guessable. */
export async function assertStrongPassword(password: string, userInputs: (string | null | undefined)[], field = 'password') {
  const s = await passwordStrength(password, userInputs);
  if (!s.ok) throw unprocessable(s.message, ['body', field], 'weak_password');
}

/**
 * Re-confirms a signed-in user's password (password change, account deletion) under the same failure
 * throttle as login: a stolen session cannot be used to guess the password at full speed.
 */
export async function confirmPassword(db: Db, user: repo.UserRow, password: string, ip: string): Promise<boolean> {
  if (!user.password_hash) return false;
  const check = await beginPasswordCheck(db, user.email, ip);
  if (!(await verifyPassword(user.password_hash, password))) return false;
  await check.succeeded([user.username]);
  return true;
}

export function authService(app: FastifyInstance) {
  const db = app.db;
  const codes = codeHasher(app.config.JWT_SECRET);

  /** Mail whose delivery must not change the answer's timing or status; failures are logged (never the body). */
  function sendLater(message: MailMessage) {
    app.background.run(() =>
      app.mailer.send(message).catch((err) => app.log.error({ err: { message: err?.message }, to: message.to, subject: message.subject }, 'mail failed')),
    );
  }

  /**
   * Work that depends on whether an address has an account (looking it up, issuing a code, mailing) runs
   * after the answer is sent, so the answer takes the same time for every address (no enumeration by timing).
   */
  function afterAnswer(work: () => Promise<void>) {
    app.background.run(work);
  }

  /**
   * A fresh code, or null past the account's daily cap (a mail bomb through our server stops there). A request from
   * an address (`ip`) that already had CODES_PER_IP_PER_DAY codes sent to this account today gets none and spends
   * none of the account's: one stranger asking for resets a minute apart used up the owner's codes for the day.
   */
  async function issueCode(userId: number, purpose: CodePurpose, ip?: string): Promise<string | null> {
    if (ip && (await repo.countDaily(db, `codes:user:${userId}:ip:${clientNet(ip)}`, new Date())) > CODES_PER_IP_PER_DAY) {
      app.log.warn({ userId, purpose }, 'daily code cap of this address reached; no code issued');
      return null;
    }
    if ((await repo.countDaily(db, `codes:user:${userId}`, new Date())) > CODES_PER_DAY) {
      app.log.warn({ userId, purpose }, 'daily code cap reached; no code issued');
      return null;
    }
    const code = newCode();
    await repo.upsertCode(db, userId, purpose, codes.hash(code), new Date(Date.now() + CODE_TTL_MS));
    return code;
  }

  /**
   * Checks a code: single use, 10 minutes, 5 wrong tries, constant-time comparison. `beforeUse` runs when
   * the code matches and may throw (a weak new password): the code then stays valid and untouched.
   */
  async function checkCode(userId: number, purpose: CodePurpose, code: string, beforeUse?: () => Promise<void>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await repo.lockCode(tx, userId, purpose);
      if (!row || row.expires_at.getTime() <= Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) return false;
      if (codes.matches(code, row.code_hash)) {
        await beforeUse?.();
        await repo.deleteCode(tx, row.id);
        return true;
      }
      await repo.countWrongTry(tx, row.id);
      return false;
    });
  }

  /** One answer for a wrong, expired or used-up code and for an unknown address: nothing tells them apart. */
  function codeFailure(msg: string) {
    return badRequest(msg, CODE_FAILURE);
  }

  /** Mails a fresh verification code unless one went out in the last minute (silently skipped then). */
  /** Mails a new code unless one went out within the minute or today's codes are used up; says which. */
  async function mailVerificationCode(user: repo.UserRow): Promise<keyof typeof UNVERIFIED_MESSAGE> {
    if ((await repo.claimMailSlot(db, `verify_email:${user.email}`, new Date(), MAIL_INTERVAL_MS)) !== null) return 'recent';
    const code = await issueCode(user.id, 'verify_email');
    if (!code) return 'capped';
    sendLater(verificationMail(user.email, code));
    return 'sent';
  }

  return {
    async register(body: { email: string; password: string; username?: string; registration_code?: string }) {
      const { email, password, username } = body;
      await assertStrongPassword(password, [email, username]);
      if (app.config.REGISTRATION_REQUIRES_CODE && !body.registration_code) {
        throw unprocessable('A registration code is required to create an account', ['body', 'registration_code'], 'missing');
      }
      // Hash first on every path so the answer takes the same time whether or not the address exists.
      const passwordHash = await hashPassword(password);
      const existing = await repo.findUserByEmail(db, email);
      // A pending account registered again with another password: nobody has shown which password is the owner's
      // (the code proves the mailbox, not the password), so neither is kept. Keeping the first let a stranger who
      // registered the address before its owner sign in with their own password once the owner entered the code;
      // taking the second would let a stranger who registers after the owner do the same. The code's holder is
      // signed in without a password and sets one (POST /settings/set-password, or a reset). The same password
      // again keeps it. One password check on every path, so the answer's time does not tell a pending account.
      const pendingHash = existing && !existing.email_validated ? existing.password_hash : null;
      const samePassword = pendingHash ? await verifyPassword(pendingHash, password) : await verifyDummy(password);
      // With invitations on, the code is judged before anything that depends on the address, after the same
      // hashing on every path: a made-up code answers the same 400, in the same time, for a verified, a pending
      // and an unknown address, and changes nothing (it dropped a pending invitee's password and answered 201
      // for addresses with an account, 400 for the others). A valid code is spent only by the account it creates.
      if (app.config.REGISTRATION_REQUIRES_CODE && !(await repo.registrationCodeUsable(db, body.registration_code!.trim(), new Date()))) {
        throw invalidRegistrationCode();
      }
      // Taken is taken, also by the account of this very address: an exception for it told a stranger which
      // address owns a (public) username, 201 for the right guess and 409 for any other.
      if (username && !(await usernameFree(username))) throw conflict('Username is already taken');
      if (existing && pendingHash && !samePassword) {
        await repo.updateUser(db, existing.id, { password_hash: null, token_version: existing.token_version + 1 });
        await app.audit({ action: 'pending_password_dropped', actorId: existing.id, email });
      }
      if (existing) {
        // Nothing else changes on an existing account here, verified or not.
        // A pending account gets its code again; a verified one a notice.
        // The mail slot is claimed before the answer (one statement on every path, as for a new account), so
        // a resend sent right after this answer finds it taken.
        const slot = existing.email_validated ? `register_notice:${email}` : `verify_email:${existing.email}`;
        if ((await repo.claimMailSlot(db, slot, new Date(), MAIL_INTERVAL_MS)) === null) {
          afterAnswer(async () => {
            if (existing.email_validated) {
              // One a minute (the slot), and NOTICES_PER_DAY a day: the address's owner is told, not flooded.
              if ((await repo.countDaily(db, `register_notice:user:${existing.id}`, new Date())) > NOTICES_PER_DAY) {
                app.log.warn({ userId: existing.id }, 'daily cap of registration notices reached; no notice sent');
                return;
              }
              return sendLater(alreadyRegisteredMail(email));
            }
            const code = await issueCode(existing.id, 'verify_email');
            if (code) sendLater(verificationMail(existing.email, code));
          });
        }
      } else {
        const created = await db.transaction(async (tx) => {
          // Spent here, with the insert: of two registrations racing for a code's last use, one gets the same 400.
          if (app.config.REGISTRATION_REQUIRES_CODE && !(await repo.consumeRegistrationCode(tx, body.registration_code!.trim(), new Date()))) {
            throw invalidRegistrationCode();
          }
          return repo.insertUser(tx, { email, username: username ?? null, password_hash: passwordHash });
        });
        if (created) await app.audit({ action: 'signup', actorId: created.id, email });
        if (created) {
          // A brand-new account always gets its code; the slot is taken before the answer, so a resend sent
          // right after it waits the minute like any other.
          await repo.claimMailSlot(db, `verify_email:${email}`, new Date(), 0);
          afterAnswer(async () => {
            const code = await issueCode(created.id, 'verify_email');
            if (code) sendLater(verificationMail(email, code));
          });
        }
      }
      return { type: 'verification_required' as const, email, message: VERIFY_MESSAGE };
    },

    async completeRegistration(email: string, code: string): Promise<AuthSession> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.email_validated || !(await checkCode(user.id, 'verify_email', code))) throw codeFailure('Verification failed');
      return sessionFor(app, await repo.updateUser(db, user.id, { email_validated: true }));
    },

    async resendCode(email: string, ip?: string) {
      // The slot is taken for unknown addresses too, so the 429 does not reveal which addresses exist.
      const wait = await repo.claimMailSlot(db, `verify_email:${email}`, new Date(), MAIL_INTERVAL_MS);
      if (wait !== null) {
        const s = Math.ceil(wait / 1000);
        throw tooManyRequests(`A code was sent less than a minute ago. Try again in ${s} seconds.`, s);
      }
      afterAnswer(async () => {
        const user = await repo.findUserByEmail(db, email);
        const code = user && !user.email_validated ? await issueCode(user.id, 'verify_email', ip) : null;
        if (code) sendLater(verificationMail(email, code));
      });
      return { message: 'If this address has an account waiting for verification, a new code is on its way.' };
    },

    async login(identifier: string, password: string, ip: string): Promise<LoginResponse> {
      const user = identifier.includes('@') ? await repo.findUserByEmail(db, identifier) : await repo.findUserByUsername(db, identifier);
      // Counted by the name as typed, known or not: a counter shared by an account's e-mail and username let a
      // stranger learn which address owns a public username (five failures by the address, then the username's
      // answer was 429 where any other name's was 401). The price: five free checks by each of the two names.
      const check = await beginPasswordCheck(db, identifier, ip);
      const ok = user?.password_hash ? await verifyPassword(user.password_hash, password) : await verifyDummy(password);
      if (!ok || !user) {
        await app.audit({ action: 'login_failed', userId: user?.id ?? null, email: identifier, ip });
        throw unauthorized('Incorrect email or password');
      }
      await check.succeeded([user.email, user.username]);
      if (user.deactivated_at) throw new HttpError(403, 'This account has been deactivated', 'account_deactivated');
      await app.audit({ action: 'login', actorId: user.id, email: user.email, ip });
      if (!user.email_validated) {
        const mailed = await mailVerificationCode(user);
        return { type: 'unverified_user', email: user.email, message: UNVERIFIED_MESSAGE[mailed] };
      }
      return sessionFor(app, user);
    },

    async requestPasswordReset(email: string, ip?: string) {
      afterAnswer(async () => {
        const user = await repo.findUserByEmail(db, email);
        if (!user || (await repo.claimMailSlot(db, `reset_password:${email}`, new Date(), MAIL_INTERVAL_MS)) !== null) return;
        const code = await issueCode(user.id, 'reset_password', ip);
        if (code) sendLater(resetMail(email, code));
      });
      return { message: 'If an account exists for this address, we sent it a code to reset the password.' };
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<LoginResponse> {
      const user = await repo.findUserByEmail(db, email);
      // The code is checked before the new password, so only the holder of the code learns that the
      // address has an account (a weak password answered 422 for real addresses and 400 for others).
      const checkStrength = () => assertStrongPassword(newPassword, [email, user?.username], 'new_password');
      if (!user || !(await checkCode(user.id, 'reset_password', code, checkStrength))) throw codeFailure('Password reset failed');
      const updated = await repo.setPassword(db, user.id, await hashPassword(newPassword));
      await app.audit({ action: 'password_reset', actorId: user.id, email: user.email });
      await recordPasswordReset(db, [user.email, user.username]);
      if (!updated.email_validated) {
        return { type: 'unverified_user', email: updated.email, message: 'Your password was changed. Verify your e-mail address to sign in.' };
      }
      return sessionFor(app, updated);
    },

    /**
     * Mails a signed-in account a code that proves it holds the mailbox, the proof a first password needs when the
     * sign-in is not recent (settings/set-password). One mail a minute (429 with Retry-After) within the account's
     * daily codes. The requester is the account's session, so the answers may say what happened.
     */
    async mailSetPasswordCode(user: repo.UserRow) {
      const wait = await repo.claimMailSlot(db, `set_password:${user.email}`, new Date(), MAIL_INTERVAL_MS);
      if (wait !== null) {
        const s = Math.ceil(wait / 1000);
        throw tooManyRequests(`A code was sent less than a minute ago. Try again in ${s} seconds.`, s);
      }
      const code = await issueCode(user.id, 'set_password');
      if (!code) {
        const now = new Date();
        const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
        throw tooManyRequests('No more codes can be sent to your address today. Try again tomorrow.', (midnight - now.getTime()) / 1000);
      }
      sendLater(setPasswordMail(user.email, code));
      return { message: `We sent a 6-digit code to ${user.email}. Enter it with your new password; it expires in 10 minutes.` };
    },

    /** Checks (and on a match uses) a set-password code; `beforeUse` may throw and then leaves the code valid. */
    async checkSetPasswordCode(userId: number, code: string, beforeUse?: () => Promise<void>): Promise<boolean> {
      return checkCode(userId, 'set_password', code, beforeUse);
    },

    /** Revokes every token of the account (this device's and the others'): the token version moves on. */
    async logout(userId: number) {
      await repo.bumpTokenVersion(db, userId);
      return { message: 'Signed out.' };
    },

    async acceptTerms(userId: number) {
      return repo.updateUser(db, userId, { terms_accepted_at: new Date() });
    },
  };

  async function usernameFree(username: string, exceptId?: number) {
    const other = await repo.findUserByUsername(db, username);
    return !other || other.id === exceptId;
  }
}
