import type { FastifyInstance } from 'fastify';
import type { AuthSession, User } from '@app/contracts';
import type { UserRow } from './repository.ts';

/** The user on the wire (contracts UserSchema): never the hash, token version or purchase id. */
export function toUser(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    email_validated: u.email_validated,
    is_superuser: u.is_superuser,
    is_pro: u.is_pro,
    is_plus: u.is_plus,
    is_premium: u.is_premium,
    terms_accepted_at: u.terms_accepted_at ? u.terms_accepted_at.toISOString() : null,
    created_at: u.created_at.toISOString(),
  };
}

export async function sessionFor(app: FastifyInstance, u: UserRow): Promise<AuthSession> {
  return { access_token: await app.tokens.issue(u), token_type: 'bearer', user: toUser(u) };
}
