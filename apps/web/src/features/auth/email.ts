/** What the auth forms take for an e-mail address before asking the server (which has the last word). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
