import { describe, expect, test } from 'vitest';
import { checkPasswordStrength, MIN_PASSWORD_SCORE } from './password-strength.ts';

// The one rule the server enforces and the web meter shows (OWASP ASVS 5 §6.2): refuse what is guessable.
describe('the password-strength rule', () => {
  test('a common password with digits is refused, with the server’s sentence and zxcvbn’s hints', async () => {
    const s = await checkPasswordStrength('password1234');
    expect(s.ok).toBe(false);
    expect(s.score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(s.message).toMatch(/^This password is too easy to guess\. \S/);
    // The message is the warning and the suggestions, in that order, after the sentence.
    expect(s.message).toBe(`This password is too easy to guess. ${[s.warning, ...s.suggestions].filter(Boolean).join(' ')}`);
  });

  test('a password made of the user’s e-mail address parts is refused; the same password for someone else is not', async () => {
    const email = 'marigold.hawthorne@quillfeather.org';
    const password = 'hawthornequillfeather';
    const mine = await checkPasswordStrength(password, [email, null, undefined]);
    expect(mine.ok).toBe(false);
    expect(mine.score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(mine.message).toMatch(/^This password is too easy to guess\./);
    // It is weak because of who chose it: the parts of the address (split at . @ _ + -) are what gave it away.
    const theirs = await checkPasswordStrength(password, ['someone.else@example.com']);
    expect(theirs.ok).toBe(true);
  });

  test('a long phrase of unrelated words is accepted with no message', async () => {
    const s = await checkPasswordStrength('Tulip-Granite-Mosaic-77', ['jane.doe@example.com']);
    expect(s).toMatchObject({ ok: true, message: '' });
    expect(s.score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
  });

  test('the server refuses below score 3', () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
  });
});
