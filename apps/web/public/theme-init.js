// Runs before the body paints (a classic, blocking script in <head>: a file in the app shell, inline in
// the pre-rendered pages, whose Content-Security-Policy names its hash; see scripts/prerender.mjs). It sets the class MUI's
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

// Pre-rendered public pages (scripts/prerender.mjs) carry their app entry in #root's data-entry instead of
// a module script and modulepreload links: the app is requested only after the page's first paint, so
// the first paint waits for nothing but the HTML. Until app/main.tsx has hydrated the page (it then drops
// #root's data-prerendered), a form sent by Enter or its button is held here, never sent natively (a GET
// with the password in the address), and marked data-submit-pending: main.tsx sends it once React owns it.
(function () {
  var root = function () {
    return document.getElementById('root');
  };
  var holding = function (el) {
    var r = root();
    return !!r && r.hasAttribute('data-prerendered') && r.contains(el);
  };
  document.addEventListener(
    'submit',
    function (e) {
      if (!holding(e.target)) return;
      e.preventDefault();
      e.target.setAttribute('data-submit-pending', '');
    },
    true,
  );
  document.addEventListener(
    'keydown',
    function (e) {
      var t = e.target;
      // Implicit submission: the pre-rendered submit button may still be disabled, so no submit event would come.
      if (e.key !== 'Enter' || !t || t.tagName !== 'INPUT' || !t.form || !holding(t)) return;
      e.preventDefault();
      t.form.setAttribute('data-submit-pending', '');
    },
    true,
  );
  document.addEventListener('DOMContentLoaded', function () {
    var r = root();
    var entry = r && r.getAttribute('data-entry');
    if (!entry) return;
    var start = function () {
      var s = document.createElement('script');
      s.type = 'module';
      s.crossOrigin = '';
      s.src = entry;
      document.body.appendChild(s);
    };
    // The callback of the next frame runs before that frame paints; a task queued from it runs after.
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
})();
