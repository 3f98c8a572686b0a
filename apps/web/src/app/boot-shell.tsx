/**
 * What shows while the first screen's lazy code loads (app/router.tsx, the routes' Suspense fallback): the same
 * header as the static shell in index.html, styled by the CSS there, so the page never goes blank
 * between the HTML's first paint and the first screen.
 */
export function BootShell() {
  return (
    <div id="boot-header" aria-busy="true">
      <img src="/favicon.svg" width="32" height="32" alt="" />
      Nutrition Tracker
    </div>
  );
}
