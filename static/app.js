// Agent Forge Console: small progressive enhancements. Every page works
// without this file; it adds the CSRF header to htmx requests, copy
// buttons and auto-submit for the forge's controls.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="csrf-token"]');
  document.body.addEventListener("htmx:configRequest", function (e) {
    if (meta) e.detail.headers["X-CSRF-Token"] = meta.content;
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-copy-target]");
    if (!btn) return;
    var el = document.getElementById(btn.getAttribute("data-copy-target"));
    if (!el || !navigator.clipboard) return;
    navigator.clipboard.writeText(el.textContent).then(function () {
      var old = btn.textContent;
      btn.textContent = "Copied";
      setTimeout(function () { btn.textContent = old; }, 1200);
    });
  });
  // Forms marked data-autosubmit re-submit (through htmx) on any change.
  document.addEventListener("change", function (e) {
    var form = e.target.closest("form[data-autosubmit]");
    if (form && window.htmx) window.htmx.trigger(form, "submit");
  });
  document.body.addEventListener("htmx:afterSwap", function (e) {
    var push = e.detail.xhr && e.detail.xhr.getResponseHeader("HX-Push-Url");
    if (push) document.title = document.title;
  });
  // Buttons with data-confirm ask first.
  document.addEventListener("submit", function (e) {
    var msg = e.submitter && e.submitter.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) e.preventDefault();
  }, true);
})();
