import type { FastifyInstance } from 'fastify';
import type { AuthSession, SignInMethods, SocialProvider } from '@app/contracts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/http-error.ts';
import * as repo from './repository.ts';
import { sessionFor } from './session.ts';
import { providerName, socialTokenVerifier } from './social-tokens.ts';

/** Sign-in with Google and Apple: sign in, link by verified e-mail, or create a validated account without a password. */
export function socialService(app: FastifyInstance) {
  const db = app.db;
  const verify = socialTokenVerifier(app.config);

  return {
    async signIn(provider: SocialProvider, idToken: string): Promise<AuthSession> {
      const claims = await verify(provider, idToken);
      const name = providerName(provider);
      const identity = await repo.findIdentity(db, provider, claims.subject);
      if (identity) {
        const user = await repo.findUserById(db, identity.user_id);
        if (user) return sessionFor(app, user);
      }
      if (!claims.email || !claims.email_verified) throw unauthorized(`Your ${name} account has no verified e-mail address`);
      const user = await db.transaction(async (tx) => {
        let u = await repo.findUserByEmail(tx, claims.email!);
        if (u && !u.email_validated) {
          // The provider proved the mailbox; a password someone set on this unverified account before
          // the owner arrived must not survive (pre-account-takeover), so it is dropped.
          u = await repo.updateUser(tx, u.id, { email_validated: true, password_hash: null, token_version: u.token_version + 1 });
        }
        if (!u) {
          if (app.config.REGISTRATION_REQUIRES_CODE) throw forbidden('Registration requires a registration code: create your account with e-mail first');
          u = await repo.insertUser(tx, { email: claims.email!, email_validated: true, password_hash: null });
          if (!u) throw conflict('This account was just created; try again');
        }
        await repo.insertIdentity(tx, { user_id: u.id, provider, subject: claims.subject, email: claims.email });
        return u;
      });
      return sessionFor(app, user);
    },

    async link(user: repo.UserRow, provider: SocialProvider, idToken: string) {
      const claims = await verify(provider, idToken);
      const name = providerName(provider);
      const owner = await repo.findIdentity(db, provider, claims.subject);
      if (owner && owner.user_id !== user.id) throw conflict(`This ${name} account is already linked to another user`);
      if (!owner) {
        const mine = (await repo.listIdentities(db, user.id)).find((i) => i.provider === provider);
        if (mine) throw conflict(`Another ${name} account is already linked; unlink it first`);
        await repo.insertIdentity(db, { user_id: user.id, provider, subject: claims.subject, email: claims.email });
      }
      return { message: `${name} account linked` };
    },

    async unlink(user: repo.UserRow, provider: SocialProvider) {
      const name = providerName(provider);
      const identities = await repo.listIdentities(db, user.id);
      if (!identities.some((i) => i.provider === provider)) throw notFound(`No ${name} account is linked`);
      if (!user.password_hash && identities.length === 1) {
        throw badRequest(`Set a password before unlinking ${name}: it is your only way to sign in`);
      }
      await repo.deleteIdentity(db, user.id, provider);
      return { message: `${name} account unlinked` };
    },

    async methods(user: repo.UserRow): Promise<SignInMethods> {
      const identities = await repo.listIdentities(db, user.id);
      return {
        has_password: !!user.password_hash,
        identities: identities.map((i) => ({ provider: i.provider as SocialProvider, email: i.email, created_at: i.created_at.toISOString() })),
      };
    },
  };
}
