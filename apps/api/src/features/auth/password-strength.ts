/**
 * The password-strength rule lives once, in @app/contracts (packages/contracts/src/password-strength.ts), shared
 * with the web app's strength meter so both agree on every score; the server's callers keep this name.
 */
export { MIN_PASSWORD_SCORE, checkPasswordStrength as passwordStrength, type PasswordStrength } from '@app/contracts/password-strength';
