/**
 * The API base: `/api/v1` on the web; the native apps are served from their own origin, so a store build sets
 * VITE_API_BASE_URL (https://api.example.com/api/v1). Without a trailing slash (one gave `…/api/v1//auth/logout`).
 * A function rather than a constant, so the setting is read where it is used: the unit tests set VITE_API_BASE_URL
 * per case; in a build Vite writes the value in. Its own module, so the session code (on the sign-in pages) does not
 * load RTK Query.
 */
export const apiBaseUrl = (): string => (import.meta.env.VITE_API_BASE_URL ?? '/api/v1').replace(/\/+$/, '');
