import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * The one zxcvbn-ts setup of the product (OWASP ASVS 5 §6.2: no composition rules, refuse guessable
 * passwords). Kept free of server imports so the web app can reuse it for its strength meter.
 */
export const MIN_PASSWORD_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
  // Levenshtein matching costs ~500 ms of CPU per check (measured: 520 ms vs 20 ms without), which would
  // let anyone burn server CPU through the public register route; the dictionaries alone catch common passwords.
  useLevenshteinDistance: false,
});

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  ok: boolean;
  /** A sentence for the user, empty when the password is fine. */
  message: string;
}

/** `userInputs` (e-mail, username) count as known words: a password built from them is weak. */
export function passwordStrength(password: string, userInputs: (string | null | undefined)[] = []): PasswordStrength {
  const inputs = userInputs.flatMap((v) => (v ? [v, ...v.split(/[@._+-]/).filter((p) => p.length >= 3)] : []));
  const r = zxcvbn.check(password, inputs);
  const ok = r.score >= MIN_PASSWORD_SCORE;
  const hints = [r.feedback.warning, ...r.feedback.suggestions].filter(Boolean).join(' ');
  return {
    score: r.score as PasswordStrength['score'],
    ok,
    message: ok ? '' : `This password is too easy to guess.${hints ? ' ' + hints : ' Use a longer phrase of unrelated words.'}`,
  };
}
