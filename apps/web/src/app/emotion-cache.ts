import createCache from '@emotion/cache';

/**
 * The one emotion cache (MUI's styles). Build-time pre-rendering (app/prerender.tsx) collects the
 * styles of a page through a cache with the same key, and the client's cache adopts those
 * `<style data-emotion="css …">` tags on start instead of inserting the rules a second time.
 */
export const createEmotionCache = () => createCache({ key: 'css' });
