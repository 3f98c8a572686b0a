import type { FastifyInstance } from 'fastify';
import type { AuthSession, LoginResponse } from '@app/contracts';
import { badRequest, conflict, HttpError, tooManyRequests, unauthorized, unprocessable } from '../../lib/http-error.ts';
import type { MailMessage } from '../../plugins/mail.ts';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, MAIL_INTERVAL_MS, codeHasher, newCode, type CodePurpose } from './codes.ts';
import { alreadyRegisteredMail, resetMail, verificationMail } from './mails.ts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import { passwordStrength } from './password-strength.ts';
import * as repo from './repository.ts';
import { sessionFor } from './session.ts';
import { assertNotThrottled, recordLoginFailure, recordLoginSuccess } from './throttle.ts';

const VERIFY_MESSAGE = 'We sent a 6-digit code to your e-mail address. Enter it to finish creating your account.';
const UNVERIFIED_MESSAGE = 'Your e-mail address is not verified yet. We sent you a code to verify it.';

/** 422 with the field's location when zxcvbn finds the password guessable. */
export function assertStrongPassword(password: string, userInputs: (string | null | undefined)[], field = 'password') {
  const s = passwordStrength(password, userInputs);
  if (!s.ok) throw unprocessable(s.message, ['body', field], 'weak_password');
}

export function authService(app: FastifyInstance) {
  const db = app.db;
  const codes = codeHasher(app.config.JWT_SECRET);

  /** Mail whose delivery must not change the answer's timing or status; failures are logged (never the body). */
  function sendLater(message: MailMessage) {
    app.mailer.send(message).catch((err) => app.log.error({ err: { message: err?.message }, to: message.to, subject: message.subject }, 'mail failed'));
  }

  async function issueCode(userId: number, purpose: CodePurpose): Promise<string> {
    const code = newCode();
    await repo.upsertCode(db, userId, purpose, codes.hash(code), new Date(Date.now() + CODE_TTL_MS));
    return code;
  }

  /** Checks a code: single use, 10 minutes, 5 wrong tries, constant-time comparison. */
  async function checkCode(userId: number, purpose: CodePurpose, code: string): Promise<'ok' | 'invalid' | 'exhausted'> {
    return db.transaction(async (tx) => {
      const row = await repo.lockCode(tx, userId, purpose);
      if (!row || row.expires_at.getTime() <= Date.now()) return 'invalid';
      if (row.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted';
      if (codes.matches(code, row.code_hash)) {
        await repo.deleteCode(tx, row.id);
        return 'ok';
      }
      const attempts = await repo.countWrongTry(tx, row.id);
      return attempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
    });
  }

  function codeFailure(msg: string, result: 'invalid' | 'exhausted') {
    return badRequest(msg, result === 'exhausted' ? 'Too many attempts. Request a new code.' : 'Invalid or expired code');
  }

  /** Mails a fresh verification code unless one went out in the last minute (silently skipped then). */
  async function mailVerificationCode(user: repo.UserRow, wait: boolean) {
    if ((await repo.claimMailSlot(db, `verify_email:${user.email}`, new Date(), MAIL_INTERVAL_MS)) !== null) return;
    const msg = verificationMail(user.email, await issueCode(user.id, 'verify_email'));
    if (wait) await app.mailer.send(msg);
    else sendLater(msg);
  }

  return {
    async register(body: { email: string; password: string; username?: string; registration_code?: string }) {
      const { email, password, username } = body;
      assertStrongPassword(password, [email, username]);
      if (app.config.REGISTRATION_REQUIRES_CODE && !body.registration_code) {
        throw unprocessable('A registration code is required to create an account', ['body', 'registration_code'], 'missing');
      }
      // Hash first on every path so the answer takes the same time whether or not the address exists.
      const passwordHash = await hashPassword(password);
      const existing = await repo.findUserByEmail(db, email);
      if (existing?.email_validated) {
        if ((await repo.claimMailSlot(db, `register_notice:${email}`, new Date(), MAIL_INTERVAL_MS)) === null) {
          await app.mailer.send(alreadyRegisteredMail(email));
        }
      } else if (existing) {
        // Unverified: the latest registration wins (its owner gets the code), which also defeats
        // someone pre-registering another person's address with a password of their own.
        if (username && !(await usernameFree(username, existing.id))) throw conflict('Username is already taken');
        const updated = await repo.updateUser(db, existing.id, { password_hash: passwordHash, ...(username ? { username } : {}) });
        await mailVerificationCode(updated, true);
      } else {
        if (username && !(await usernameFree(username))) throw conflict('Username is already taken');
        const created = await db.transaction(async (tx) => {
          if (app.config.REGISTRATION_REQUIRES_CODE && !(await repo.consumeRegistrationCode(tx, body.registration_code!.trim(), new Date()))) {
            throw new HttpError(400, 'Invalid registration code', 'bad_request', 'The registration code is unknown, expired or used up.');
          }
          return repo.insertUser(tx, { email, username: username ?? null, password_hash: passwordHash });
        });
        if (created) {
          await repo.claimMailSlot(db, `verify_email:${email}`, new Date(), 0); // a brand-new account always gets its code
          await app.mailer.send(verificationMail(email, await issueCode(created.id, 'verify_email')));
        }
      }
      return { type: 'verification_required' as const, email, message: VERIFY_MESSAGE };
    },

    async completeRegistration(email: string, code: string): Promise<AuthSession> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.email_validated) throw codeFailure('Verification failed', 'invalid');
      const result = await checkCode(user.id, 'verify_email', code);
      if (result !== 'ok') throw codeFailure('Verification failed', result);
      return sessionFor(app, await repo.updateUser(db, user.id, { email_validated: true }));
    },

    async resendCode(email: string) {
      // The slot is taken for unknown addresses too, so the 429 does not reveal which addresses exist.
      const wait = await repo.claimMailSlot(db, `verify_email:${email}`, new Date(), MAIL_INTERVAL_MS);
      if (wait !== null) {
        const s = Math.ceil(wait / 1000);
        throw tooManyRequests(`A code was sent less than a minute ago. Try again in ${s} seconds.`, s);
      }
      const user = await repo.findUserByEmail(db, email);
      if (user && !user.email_validated) sendLater(verificationMail(email, await issueCode(user.id, 'verify_email')));
      return { message: 'If this address has an account waiting for verification, a new code is on its way.' };
    },

    async login(identifier: string, password: string, ip: string): Promise<LoginResponse> {
      const user = identifier.includes('@') ? await repo.findUserByEmail(db, identifier) : await repo.findUserByUsername(db, identifier);
      // One counter per account whichever name was typed; unknown names get counters too (no enumeration).
      const key = user?.email ?? identifier;
      await assertNotThrottled(db, key, ip);
      const ok = user?.password_hash ? await verifyPassword(user.password_hash, password) : await verifyDummy(password);
      if (!ok || !user) {
        await recordLoginFailure(db, key, ip);
        throw unauthorized('Incorrect email or password');
      }
      await recordLoginSuccess(db, key);
      if (!user.email_validated) {
        await mailVerificationCode(user, false);
        return { type: 'unverified_user', email: user.email, message: UNVERIFIED_MESSAGE };
      }
      return sessionFor(app, user);
    },

    async requestPasswordReset(email: string) {
      const user = await repo.findUserByEmail(db, email);
      if (user && (await repo.claimMailSlot(db, `reset_password:${email}`, new Date(), MAIL_INTERVAL_MS)) === null) {
        sendLater(resetMail(email, await issueCode(user.id, 'reset_password')));
      }
      return { message: 'If an account exists for this address, we sent it a code to reset the password.' };
    },

    async resetPassword(email: string, code: string, newPassword: string): Promise<LoginResponse> {
      const user = await repo.findUserByEmail(db, email);
      if (!user) throw codeFailure('Password reset failed', 'invalid');
      assertStrongPassword(newPassword, [email, user.username], 'new_password');
      const result = await checkCode(user.id, 'reset_password', code);
      if (result !== 'ok') throw codeFailure('Password reset failed', result);
      const updated = await repo.setPassword(db, user.id, await hashPassword(newPassword));
      await recordLoginSuccess(db, user.email);
      if (!updated.email_validated) {
        return { type: 'unverified_user', email: updated.email, message: 'Your password was changed. Verify your e-mail address to sign in.' };
      }
      return sessionFor(app, updated);
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
