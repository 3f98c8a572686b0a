// Pre-rendered pages only: holds early forms and taps, starts the entry after the first paint (scripts/prerender.mjs).
(function () {
  var root = function () {
    return document.getElementById('root');
  };
  // Held until the app's code is in (app/start.tsx sends it then); scripts/prerender.mjs's CSS shows it on the button.
  var pend = function (form) {
    form.setAttribute('data-submit-pending', '');
    form.setAttribute('aria-busy', 'true');
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
      pend(e.target);
    },
    true,
  );
  document.addEventListener(
    'click',
    function (e) {
      var b = e.target.closest && e.target.closest('button:not([type=submit])');
      if (!b || !holding(b)) return;
      var p = root().querySelector('[data-click-pending]');
      if (p) p.removeAttribute('data-click-pending');
      b.setAttribute('data-click-pending', '');
    },
    true,
  );
  // Text typed before the code is in: scripts/prerender.mjs's CSS floats the field's label above it, as MUI does once it runs.
  document.addEventListener(
    'input',
    function (e) {
      var t = e.target;
      if (!t || t.tagName !== 'INPUT' || !holding(t)) return;
      if (t.value) t.setAttribute('data-typed', '');
      else t.removeAttribute('data-typed');
    },
    true,
  );
  document.addEventListener(
    'keydown',
    function (e) {
      var t = e.target;
      if (e.key !== 'Enter' || !t || t.tagName !== 'INPUT' || !t.form || !holding(t)) return;
      e.preventDefault();
      pend(t.form);
    },
    true,
  );
  document.addEventListener('DOMContentLoaded', function () {
    var r = root();
    var entry = r && r.getAttribute('data-entry');
    if (!entry) return;
    var start = function () {
      // The entry's static imports (scripts/prerender.mjs), requested together with it rather than one level at a time.
      var imports = (r.getAttribute('data-entry-imports') || '').split(' ');
      for (var i = 0; i < imports.length; i++) {
        if (!imports[i]) continue;
        var l = document.createElement('link');
        l.rel = 'modulepreload';
        l.crossOrigin = '';
        l.href = imports[i];
        document.head.appendChild(l);
      }
      var s = document.createElement('script');
      s.type = 'module';
      s.crossOrigin = '';
      s.src = entry;
      document.body.appendChild(s);
    };
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
})();
