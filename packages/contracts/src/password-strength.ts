import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The one password-strength rule of the product (OWASP ASVS 5 §6.2: no composition rules, refuse guessable
 * passwords), used by the server (register, password change and reset, create-superuser) and by the web app's
 * strength meter, so both agree on every score. The server refuses passwords scoring below MIN_PASSWORD_SCORE.
 *
 * zxcvbn-ts and its dictionaries are imported on the first check, never with this module: the web app may
 * import the score and the types on its first pages (the login form) without downloading ~850 KiB gzip of
 * dictionaries, and a server that no one registers on never holds them.
 */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** score ≥ MIN_PASSWORD_SCORE: the server accepts it. */
  ok: boolean;
  /** zxcvbn's warning ('This is a top-10 common password'), empty when it has none. */
  warning: string;
  /** zxcvbn's suggestions, possibly none. */
  suggestions: string[];
  /** The server's sentence for the user (422 detail, create-superuser), empty when the password is fine. */
  message: string;
}

/**
 * The dictionaries are ~11 MB of memory as loaded and the checker's ranked copies another ~14 MB, for
 * something only sign-ups and password changes need: they are loaded on the first check, and the
 * checker is dropped after RELEASE_AFTER_MS without one (built again in ~0.2 s when needed).
 */
const RELEASE_AFTER_MS = 5 * 60_000;
let checker: Promise<ZxcvbnFactory> | null = null;
let release: ReturnType<typeof setTimeout> | undefined;

function zxcvbn(): Promise<ZxcvbnFactory> {
  if (!checker) {
    checker = Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
      ([{ ZxcvbnFactory }, common, en]) =>
        new ZxcvbnFactory({
          translations: en.translations,
          graphs: common.adjacencyGraphs,
          dictionary: { ...common.dictionary, ...en.dictionary },
          // Levenshtein matching costs ~500 ms of CPU per check (measured: 520 ms vs 20 ms without), which would
          // let anyone burn server CPU through the public register route; the dictionaries alone catch common passwords.
          useLevenshteinDistance: false,
        }),
    );
    checker.catch(() => (checker = null));
  }
  if (release !== undefined) clearTimeout(release);
  release = setTimeout(() => ((checker = null), (release = undefined)), RELEASE_AFTER_MS);
  // On Node the timer must not keep a script (create-superuser) or a test alive; browsers have no unref.
  (release as { unref?: () => void }).unref?.();
  return checker;
}

/** An e-mail or username and its parts ('jane.doe@example.com' → jane, doe, example, com is too short). */
function knownWords(userInputs: readonly (string | null | undefined)[]): string[] {
  return userInputs.flatMap((v) => (v ? [v, ...v.split(/[@._+-]/).filter((p) => p.length >= 3)] : []));
}

/** `userInputs` (e-mail, username) count as known words: a password built from them is weak. */
export async function checkPasswordStrength(password: string, userInputs: readonly (string | null | undefined)[] = []): Promise<PasswordStrength> {
  const r = (await zxcvbn()).check(password, knownWords(userInputs));
  const score = r.score as PasswordScore;
  const ok = score >= MIN_PASSWORD_SCORE;
  const warning = r.feedback.warning ?? '';
  const suggestions = [...r.feedback.suggestions];
  const hints = [warning, ...suggestions].filter(Boolean).join(' ');
  return {
    score,
    ok,
    warning,
    suggestions,
    message: ok ? '' : `This password is too easy to guess.${hints ? ' ' + hints : ' Use a longer phrase of unrelated words.'}`,
  };
}
