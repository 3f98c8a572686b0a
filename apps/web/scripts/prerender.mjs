#!/usr/bin/env node
/**
 * Step 3 of `npm run build -w apps/web` (after the client build and the SSR build of src/app/prerender.tsx):
 * writes dist/prerendered/<page>.html for the public pages, the app's index.html with the signed-out
 * page's HTML and its MUI CSS inlined, so they paint before any script runs. The API (plugins/web.ts)
 * serves them on their paths; every other path keeps getting the plain index.html (the SPA shell).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React, MUI and emotion are external to the SSR build and read NODE_ENV when they load: in development
// mode MUI labels its class names (css-1pjsdct-MuiPaper-root), so the client (production, unlabelled)
// would find none of the page's styles and insert every rule again while hydrating.
process.env.NODE_ENV = 'production';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(WEB, 'dist');
const OUT = join(DIST, 'prerendered');

/** Pages whose signed-out content is known at build time. Keep in step with plugins/web.ts (it serves what is here). */
export const PRERENDERED = ['/', '/login', '/register', '/request-password-reset', '/team', '/science', '/privacy-policy', '/terms-of-service', '/eula'];

const fileName = (path) => (path === '/' ? 'index' : path.slice(1)) + '.html';
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const { render, renderShellStyles, renderSignedInStyles } = await import(pathToFileURL(join(WEB, 'dist-ssr/prerender.js')).href);
const template = readFileSync(join(DIST, 'index.html'), 'utf8');
const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/; // the static boot shell of index.html
if (!ROOT.test(template) || !template.includes('</head>')) throw new Error('dist/index.html: no <div id="root"> boot shell or </head> to fill');
// The app's entry and the chunks Vite preloads with it: a pre-rendered page requests none of them before its
// first paint (public/theme-init.js starts the entry from #root's data-entry once the page has painted).
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULEPRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+"[^>]*>/g;
const entry = ENTRY.exec(template)?.[1];
if (!entry) throw new Error('dist/index.html: no module entry script');
// public/theme-init.js, the pre-paint script (its comments live here: every page downloads it):
// 1. It runs before the body paints and sets the class MUI's colour-scheme manager uses (localStorage
//    "mui-mode": light, dark or system), so a dark-mode user never sees a light flash. Keep it in step with
//    src/app/theme.ts (colorSchemeSelector: 'class').
// 2. On pre-rendered pages it starts the app entry from #root's data-entry one frame after the first paint
//    (a task queued from a requestAnimationFrame callback runs after that frame paints). Until app/main.tsx
//    has hydrated (it then drops #root's data-prerendered), a form sent by Enter or by its button is held,
//    never sent natively (a GET with the password in the address), and marked data-submit-pending;
//    main.tsx sends it once React owns it. Enter is caught on keydown because the pre-rendered submit
//    button may still be disabled, in which case no submit event would come. Likewise the last button
//    tapped before hydration (the site menu on a phone) is marked data-click-pending and pressed by
//    main.tsx once React owns it, so an early tap is not lost.
// The pre-paint script inline: as a file it was a render-blocking request before the first paint. The API
// allows it by its hash (apps/api/src/plugins/web.ts hashes the inline scripts of the page it serves).
// Part 1 is public/theme-init.js, part 2 public/prerendered-init.js; the pre-rendered pages get both inline,
// the SPA shell (dist/index.html, the signed-in pages) only part 1, inline too: it has no pre-rendered
// content to hold, and as a file the script was a render-blocking request (and 0.7 KiB of JS) there as well.
const THEME_INIT = '<script src="/theme-init.js"></script>';
if (!template.includes(THEME_INIT)) throw new Error('dist/index.html: no <script src="/theme-init.js">');
const themeOnly = readFileSync(join(DIST, 'theme-init.js'), 'utf8').trim();
const themeInit = `<script>${themeOnly}\n${readFileSync(join(DIST, 'prerendered-init.js'), 'utf8').trim()}</script>`;

// The entry's static imports, all the way down: Vite's own modulepreload links in the template (the signed-in
// shell's, added by vite.config.ts, are marked data-signed-in-shell). The pre-paint script adds them as modulepreload
// links when it starts the entry, so they download side by side instead of level by level (the entry is a two-line
// facade that imports the app's main chunk, which imports React and the rest: three round trips in a row without).
const entryImports = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
if (entryImports.length === 0) throw new Error('dist/index.html: no modulepreload links for the entry\'s imports');

// Before the code is in, public/prerendered-init.js holds a sent form (data-submit-pending) and marks typed
// inputs (data-typed): the held form's button shows it is on its way, and a focused or typed field's label floats
// above the text, as MUI does once it runs (it lay over the typed address).
const HELD_FORM_CSS = `<style>
  form[data-submit-pending] button[type='submit'] { cursor: progress; opacity: 0.8; }
  form[data-submit-pending] button[type='submit']::after { content: ''; width: 1em; height: 1em; margin-left: 0.6em; box-sizing: border-box; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: submit-pending-spin 0.8s linear infinite; }
  @keyframes submit-pending-spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { form[data-submit-pending] button[type='submit']::after { animation: none; border-right-color: currentColor; opacity: 0.5; } }
  #root[data-prerendered] .MuiFormControl-root:has(input:focus, input[data-typed]) > label { transform: translate(14px, -9px) scale(0.75); max-width: calc(133% - 32px); }
  #root[data-prerendered] .MuiFormControl-root:has(input:focus, input[data-typed]) fieldset > legend { max-width: 100%; }
</style>`;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const path of PRERENDERED) {
  const { html, styles, title } = await render(path);
  const page = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${styles}\n${HELD_FORM_CSS}\n  </head>`)
    .replace(THEME_INIT, () => themeInit)
    .replace(MODULEPRELOAD, '')
    .replace(ENTRY, '')
    .replace(ROOT, () => `<div id="root" data-prerendered="${path}" data-entry="${entry}" data-entry-imports="${entryImports.join(' ')}">${html}</div>`);
  writeFileSync(join(OUT, fileName(path)), page);
  console.log(`prerendered ${path.padEnd(24)} ${(page.length / 1024).toFixed(1)} KiB -> dist/prerendered/${fileName(path)}`);
}
// The SPA shell gets the theme's global CSS (src/app/prerender.tsx, renderShellStyles), adopted by emotion on start.
const globalStyles = renderShellStyles();
if (!globalStyles.includes('data-emotion="mui-global')) throw new Error('renderShellStyles: no global styles (the theme variables) rendered');
// And the component CSS of the signed-in pages opened first (renderSignedInStyles), adopted the same way.
const signedInStyles = await renderSignedInStyles(['/dashboard', '/food-log']);
if (!signedInStyles.includes('data-emotion="mui ')) throw new Error('renderSignedInStyles: no component styles rendered');
const shellStyles = `${globalStyles}\n${signedInStyles}`;
writeFileSync(join(DIST, 'index.html'), template.replace(THEME_INIT, () => `<script>${themeOnly}</script>`).replace('</head>', () => `${shellStyles}\n  </head>`));
console.log(`SPA shell: pre-paint script and the theme's CSS (${(shellStyles.length / 1024).toFixed(1)} KiB) inline -> dist/index.html`);
