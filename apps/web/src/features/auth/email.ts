/**
 * What the auth forms take for an e-mail address before asking the server: the same pattern as the server's
 * (zod's `z.email()`, behind EmailSchema in packages/contracts), so an address the form lets through is not
 * refused by the server a moment later ("foo@bar..com" was). Copied rather than imported, so the sign-in pages
 * do not load zod; email.test.ts checks that both agree.
 */
export const EMAIL_RE = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
