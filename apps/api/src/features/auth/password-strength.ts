import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The one zxcvbn-ts setup of the product (OWASP ASVS 5 §6.2: no composition rules, refuse guessable
 * passwords). Kept free of server imports so the web app can reuse it for its strength meter.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The dictionaries are ~11 MB of memory as loaded and the checker's ranked copies another ~14 MB, for
 * something only sign-ups and password changes need: they are loaded on the first check, and the
 * checker is dropped after RELEASE_AFTER_MS without one (built again in ~0.2 s when needed). The
 * dictionaries stay those of the web app's meter (common + English), so both agree on every score.
 */
const RELEASE_AFTER_MS = 5 * 60_000;
let checker: Promise<ZxcvbnFactory> | null = null;
let release: NodeJS.Timeout | undefined;

async function zxcvbn(): Promise<ZxcvbnFactory> {
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
  if (release) release.refresh();
  else (release = setTimeout(() => ((checker = null), (release = undefined)), RELEASE_AFTER_MS)).unref();
  return checker;
}

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  ok: boolean;
  /** A sentence for the user, empty when the password is fine. */
  message: string;
}

/** `userInputs` (e-mail, username) count as known words: a password built from them is weak. */
export async function passwordStrength(password: string, userInputs: (string | null | undefined)[] = []): Promise<PasswordStrength> {
  const inputs = userInputs.flatMap((v) => (v ? [v, ...v.split(/[@._+-]/).filter((p) => p.length >= 3)] : []));
  const r = (await zxcvbn()).check(password, inputs);
  const ok = r.score >= MIN_PASSWORD_SCORE;
  const hints = [r.feedback.warning, ...r.feedback.suggestions].filter(Boolean).join(' ');
  return {
    score: r.score as PasswordStrength['score'],
    ok,
    message: ok ? '' : `This password is too easy to guess.${hints ? ' ' + hints : ' Use a longer phrase of unrelated words.'}`,
  };
}
