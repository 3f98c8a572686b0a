import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// Loaded on demand (dynamic import) so the dictionaries never weigh on the first page. The options and
// the user-input splitting mirror apps/api/src/features/auth/password-strength.ts so the meter and the
// server agree on the score.
const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
  useLevenshteinDistance: false,
});

export interface Strength {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string;
  suggestions: string[];
}

export function measure(password: string, userInputs: string[] = []): Strength {
  const inputs = userInputs.flatMap((v) => (v ? [v, ...v.split(/[@._+-]/).filter((p) => p.length >= 3)] : []));
  const r = zxcvbn.check(password, inputs);
  return { score: r.score as Strength['score'], warning: r.feedback.warning ?? '', suggestions: r.feedback.suggestions };
}

export { StrengthMeter, MIN_PASSWORD_SCORE } from './strength-meter';
