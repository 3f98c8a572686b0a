/** The API's base URL (VITE_API_BASE_URL for the native apps, else same-origin `/api/v1`), without a trailing slash. */
export const apiBaseUrl = (): string => (import.meta.env.VITE_API_BASE_URL ?? '/api/v1').replace(/\/+$/, '');
