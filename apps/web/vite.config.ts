import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    // A running server keeps serving the index.html it read at start; if a rebuild deleted the hashed
    // chunks that page names, open tabs (and e2e runs sharing this checkout) would break. Old chunks are
    // harmless: names are content hashes.
    emptyOutDir: false,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
});
