// Runs before the body paints (a classic, blocking script in <head>; a file rather than inline because
// the server's Content-Security-Policy allows only same-origin scripts). It sets the class MUI's
// colour-scheme manager uses (localStorage "mui-mode": light, dark or system), so a dark-mode user
// never sees a light flash. Keep in step with src/app/theme.ts (colorSchemeSelector: 'class').
(function () {
  var dark = false;
  try {
    var mode = localStorage.getItem('mui-mode') || 'system';
    dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {}
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();
