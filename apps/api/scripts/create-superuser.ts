import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensureSuperuser } from '../src/features/auth/superuser.ts';
import { passwordStrength } from '../src/features/auth/password-strength.ts';
import { EmailSchema, PasswordSchema } from '@app/contracts';

/**
 * npx tsx apps/api/scripts/create-superuser.ts --email admin@example.com --password '…'
 * Opens the database the way the server does (DATABASE_URL, or the PGlite folder under DATA_DIR, which
 * only one process may hold: with the server running it stops with the lock message).
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = EmailSchema.safeParse(values.email ?? '');
  const password = PasswordSchema.safeParse(values.password ?? '');
  if (!email.success || !password.success) {
    console.error('Usage: create-superuser --email <address> --password <10–128 characters>');
    if (values.email !== undefined && !email.success) console.error('The e-mail address is not valid.');
    if (values.password !== undefined && !password.success) console.error(password.error.issues[0]?.message);
    process.exit(2);
  }
  const strength = await passwordStrength(password.data, [email.data]);
  if (!strength.ok) {
    console.error(strength.message);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    await migrate(database);
    const result = await ensureSuperuser(database.db, email.data, password.data);
    console.log(`${email.data}: ${result === 'created' ? 'superuser created' : result === 'updated' ? 'promoted to superuser, password set' : 'already a superuser with this password'}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err?.name === 'DataFolderLockedError' ? err.message : err);
  process.exit(1);
});
