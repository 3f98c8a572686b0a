import type { AuthSession } from '@app/contracts/auth';

/**
 * The pre-rendered forms (/login, /register) are on a visitor's first page, RTK Query is not (lib/store.ts):
 * they load the auth calls (./api) with the visitor's first keystroke, or at the latest when sent.
 */
export const loadAuthApi = () => import('./api').then((m) => m.authApi);

export const isSession = (r: unknown): r is AuthSession => !!r && typeof r === 'object' && 'access_token' in r && 'user' in r;
