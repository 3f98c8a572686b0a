// Entry of a recipe page thread: Node 20 workers do not inherit tsx's loader, so register it before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./extract-worker.ts');
export default worker.default;
