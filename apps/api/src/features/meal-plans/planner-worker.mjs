// Entry of the planner thread: Node 20 workers do not inherit tsx's loader, so register it before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./planner-worker.ts');
