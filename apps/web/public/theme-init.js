// Pre-paint script; why and how: scripts/prerender.mjs (kept short: every page loads it).
(function () {
  var dark = false;
  try {
    var mode = localStorage.getItem('mui-mode') || 'system';
    dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {}
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();
