import { hash, verify } from '@node-rs/argon2';

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP ASVS appendix C). 2 = Algorithm.Argon2id (a const enum tsx cannot import). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the same time as a real check when there is no account (or no password), so the answer's
 * timing does not tell whether an e-mail is registered.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy password that never matches');
  await verifyPassword(await dummy, password);
  return false;
}
