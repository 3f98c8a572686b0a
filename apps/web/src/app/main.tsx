// First: starts the signed-in page's requests before the rest of the app is evaluated.
import './early-data';
import { nextTask } from './next-task';

/**
 * The app's modules are evaluated in stages, each in a task of its own: evaluating a module graph is one
 * task however large, and all of the app's start-up modules were one of ~130 ms under a 4× slower CPU
 * (bench/profile.mjs: MUI's default theme and styled engine behind the providers ~60 ms, the router with
 * the route error page and the public layout ~45 ms), which Lighthouse counts as blocking time on every
 * page. Their files are all requested with the page (modulepreload links, vite.config.ts), so a stage
 * waits for no download, only for the next task.
 */
async function boot() {
  await nextTask();
  await import('./providers');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./router');
  await nextTask();
  const { start } = await import('./start');
  await start();
}
void boot();
