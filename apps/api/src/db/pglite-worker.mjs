// Entry of the embedded database's thread from the sources: Node 20 workers do not inherit tsx's loader, so register
// it before loading the TypeScript. In the build, the same name is the bundled worker (apps/api/scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
