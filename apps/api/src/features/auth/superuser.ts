import type { Db } from '../../db/client.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

/**
 * Creates the account, or promotes an existing one, as a validated superuser with this password.
 * Used at start (ADMIN_EMAIL/ADMIN_PASSWORD) and by scripts/create-superuser.ts. Idempotent: an unchanged
 * password keeps the admin's tokens valid across restarts.
 */
export async function ensureSuperuser(db: Db, rawEmail: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await repo.findUserByEmail(db, email);
  if (!existing) {
    await repo.insertUser(db, { email, password_hash: await hashPassword(password), email_validated: true, is_superuser: true });
    return 'created';
  }
  const samePassword = !!existing.password_hash && (await verifyPassword(existing.password_hash, password));
  if (samePassword && existing.is_superuser && existing.email_validated) return 'unchanged';
  await repo.updateUser(db, existing.id, { is_superuser: true, email_validated: true });
  if (!samePassword) await repo.setPassword(db, existing.id, await hashPassword(password));
  return 'updated';
}
