import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Chunks the HTML names as `<link rel="modulepreload">`, so the parser requests them with the entry:
 * 1. The app's start-up stages, which app/main.tsx imports one task after another (its dynamic imports), and
 *    everything they import. Vite's own links cover only the entry's static imports; without these the stages
 *    would download one after another. Unmarked like Vite's own, so scripts/prerender.mjs keeps them for the
 *    pre-rendered pages too (their pre-paint script adds them).
 * 2. The signed-in layout and the guard, with everything they import (marked data-signed-in-shell; the
 *    pre-rendered public pages drop them). Without them Vite's preload helper appended ~40 of those links
 *    from script as the router loaded the lazy routes, inside the entry's long task (a CPU profile at 4×
 *    throttle: 60–280 ms of appendChild), and they were requested only then.
 */
function preloadStartAndSignedInShell(): Plugin {
  const MAIN = /\/src\/app\/main\.tsx$/;
  const SHELL = [/\/components\/layout\/main-layout\.tsx$/, /\/components\/guards\.tsx$/];
  return {
    name: 'preload-start-and-signed-in-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Extract<typeof c, { type: 'chunk' }> => c.type === 'chunk');
        const closure = (roots: string[], what: string) => {
          const files = new Set<string>();
          const add = (name: string) => {
            const chunk = bundle[name];
            if (files.has(name) || !chunk || chunk.type !== 'chunk') return;
            files.add(name);
            chunk.imports.forEach(add);
          };
          roots.forEach(add);
          if (files.size === 0) throw new Error(`preload-start-and-signed-in-shell: no chunk for ${what}`);
          return files;
        };
        // By the modules in a chunk, not by isDynamicEntry: with preserveEntrySignatures false (below) rolldown no
        // longer marks the lazy chunks as dynamic entries.
        const holding = (res: RegExp[]) => chunks.filter((c) => !c.isEntry && c.moduleIds.some((id) => res.some((re) => re.test(id)))).map((c) => c.fileName);
        const main = chunks.find((c) => c.moduleIds.some((id) => MAIN.test(id)));
        const stages = closure(main?.dynamicImports ?? [], "app/main.tsx's stages");
        const shell = closure(holding(SHELL), 'the main layout or the guard');
        const link = (f: string, marked: boolean) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}`, ...(marked ? { 'data-signed-in-shell': true } : {}) },
          injectTo: 'head' as const,
        });
        const notInHtml = (f: string) => !html.includes(`/${f}"`);
        return [
          ...[...stages].filter(notInHtml).map((f) => link(f, false)),
          // Marked, so scripts/prerender.mjs can tell them from the entry's own (Vite's links and the stages).
          ...[...shell].filter((f) => notInHtml(f) && !stages.has(f)).map((f) => link(f, true)),
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadStartAndSignedInShell()],
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
