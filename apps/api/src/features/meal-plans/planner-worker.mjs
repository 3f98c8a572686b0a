// Entry of the planner's child process from the sources (tests, `npm run dev`): register tsx before
// loading the TypeScript. The build (apps/api/dist) has a compiled planner-worker.mjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./planner-worker.ts');
