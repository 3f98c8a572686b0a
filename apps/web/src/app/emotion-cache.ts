import createCache from '@emotion/cache';

/**
 * The one emotion cache (MUI's styles). Build-time pre-rendering (app/prerender.tsx) collects the
 * styles of a page through a cache with the same key, and the client's cache adopts those
 * `<style data-emotion="mui …">` tags on start instead of inserting the rules a second time.
 * Not emotion's default key 'css': with that key the cache also moves every server-rendered style tag
 * to the end of <head> at start (for styles left in <body>), and each move re-parses the sheet and
 * restyles the whole pre-rendered page while it hydrates.
 */
export const createEmotionCache = () => createCache({ key: 'mui' });
