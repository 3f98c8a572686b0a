import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA shell (dist/index.html, every signed-in page's HTML) names the chunks of the signed-in layout
 * and the guard, with everything they import, as `<link rel="modulepreload">`. Without them Vite's preload
 * helper appended ~40 of those links from script as the router loaded the lazy routes, inside the entry's
 * long task (a CPU profile at 4× throttle: 60–280 ms of appendChild), and they were requested only then.
 * The pre-rendered public pages drop every modulepreload link (scripts/prerender.mjs).
 */
function preloadSignedInShell(): Plugin {
  const SHELL = [/\/components\/layout\/main-layout\.tsx$/, /\/components\/guards\.tsx$/];
  return {
    name: 'preload-signed-in-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (name: string) => {
          const chunk = bundle[name];
          if (files.has(name) || !chunk || chunk.type !== 'chunk') return;
          files.add(name);
          chunk.imports.forEach(add);
        };
        // By the modules in it, not by isDynamicEntry: with preserveEntrySignatures false (below) rolldown no
        // longer marks the routes' chunks as dynamic entries.
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => SHELL.some((re) => re.test(id)))) add(chunk.fileName);
        }
        if (files.size === 0) throw new Error('preload-signed-in-shell: no chunk for the main layout or the guard');
        return [...files]
          .filter((f) => !html.includes(`/${f}"`))
          // Marked, so scripts/prerender.mjs can tell them from Vite's own links (the entry's static imports).
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}`, 'data-signed-in-shell': true }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadSignedInShell()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    // A running server keeps serving the index.html it read at start; if a rebuild deleted the hashed
    // chunks that page names, open tabs (and e2e runs sharing this checkout) would break. Old chunks are
    // harmless: names are content hashes.
    emptyOutDir: false,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Fewer, not larger, files (decision 0203): every small common chunk (under 8,000 bytes of source before
    // minification: MUI's helpers, the app's paths, constants and error texts) is copied into the chunks that
    // import it instead of being a file of its own. /food-log went from 77 script files to 23 and /dashboard
    // from 64 to 22 for the same KiB, which matters on HTTP/1.1 (six connections per host: each small file
    // costs a round trip) and in Lighthouse's simulation of a slow phone network (LCP 2.4 → 1.7 s on /food-log).
    // Rolldown requires preserveEntrySignatures: false for this (the app's one entry exports nothing) and turns
    // on strictExecutionOrder (modules run in import order even when copied). Not for the SSR build of the
    // pre-rendered pages: scripts/prerender.mjs imports that module's exports.
    ...(isSsrBuild
      ? {}
      : { rolldownOptions: { preserveEntrySignatures: false as const, output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8000 } } } } }),
  },
}));
