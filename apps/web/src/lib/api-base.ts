/**
 * The API base: `/api/v1` on the web; the native apps are served from their own origin, so a store build sets
 * VITE_API_BASE_URL (https://api.example.com/api/v1). Without a trailing slash (one gave `…/api/v1//auth/logout`).
 * Read on every call, not once at import, so a test's `vi.stubEnv` takes effect. Its own module, so the session code
 * (on the sign-in pages) does not load RTK Query.
 */
export const apiBaseUrl = (): string => (import.meta.env.VITE_API_BASE_URL ?? '/api/v1').replace(/\/+$/, '');
