// Agent Forge Console: small progressive enhancements. Every page works
// without this file; it adds the CSRF header to htmx requests, copy
// buttons and auto-submit for the forge's controls.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="csrf-token"]');
  document.body.addEventListener("htmx:configRequest", function (e) {
    if (meta) e.detail.headers["X-CSRF-Token"] = meta.content;
  });
  // The forge sends each section's text once; its full text is the
  // sections in order, assembled here when it is opened or copied.
  function assemble(el) {
    var box = document.getElementById(el.getAttribute("data-assemble-sections") || "");
    if (!box) return;
    var parts = [];
    box.querySelectorAll("[data-section-text]").forEach(function (p) { parts.push(p.textContent); });
    el.textContent = parts.join("");
  }
  document.addEventListener("toggle", function (e) {
    if (!e.target.open) return;
    e.target.querySelectorAll("[data-assemble-sections]").forEach(assemble);
  }, true);
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-copy-target]");
    if (!btn) return;
    var el = document.getElementById(btn.getAttribute("data-copy-target"));
    if (el && el.hasAttribute("data-assemble-sections")) assemble(el);
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
  // The tool review form: count the selection by effects next to the
  // buttons, ask for the confirmation only when a destructive or
  // external-write tool is selected, and disable the buttons while
  // nothing is selected.
  function reviewSummary(form) {
    var boxes = form.querySelectorAll('input[name="tools"]:checked');
    var by = {}, order = ["read-only", "workspace-write", "external-write", "destructive"], risky = 0;
    boxes.forEach(function (b) {
      var e = b.getAttribute("data-effects");
      by[e] = (by[e] || 0) + 1;
      if (e === "destructive" || e === "external-write") risky++;
    });
    var parts = [];
    order.forEach(function (e) { if (by[e]) parts.push(by[e] + " " + e); });
    var n = boxes.length;
    var summary = form.querySelector("[data-selected-summary]");
    if (summary) summary.textContent = n === 0 ? "Select tools above: nothing is selected." : n + (n === 1 ? " tool" : " tools") + " selected: " + parts.join(" · ");
    var confirm = form.querySelector("[data-confirm-risky]");
    if (confirm) confirm.hidden = risky === 0;
    form.querySelectorAll('button[name="status"]').forEach(function (b) { b.disabled = n === 0; });
    // a closed group still says how many of its tools are selected
    form.querySelectorAll("details.review-set").forEach(function (set) {
      var k = set.querySelectorAll('input[name="tools"]:checked').length;
      var el = set.querySelector("[data-group-selected]");
      if (el) el.textContent = k === 0 ? "" : "· " + k + " selected";
    });
  }
  // A tool whose contract was opened stays selectable after it folds.
  document.addEventListener("toggle", function (e) {
    var item = e.target.matches && e.target.matches("details.contract") && e.target.closest(".review-item");
    if (item && e.target.open) item.classList.add("read");
    if (item) openedButtons(item.closest("details.review-set"));
  }, true);
  // "Select the ones I opened" is offered (with JS only) while a set
  // holds an opened, unselected tool.
  function openedButtons(set) {
    if (!set) return;
    var btn = set.querySelector("[data-select-opened]");
    if (!btn) return;
    var k = set.querySelectorAll('.review-item.read input[name="tools"]:not(:checked)').length;
    btn.hidden = k === 0;
    btn.textContent = "Select the " + k + " I opened";
  }
  function pick(box, on) {
    box.checked = on;
    var item = box.closest(".review-item");
    if (!item) return;
    if (on) item.classList.add("read");
    var d = item.querySelector("details.contract");
    if (on && d) d.open = false; // a decided tool folds away
  }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-select-opened]");
    if (!btn) return;
    var set = btn.closest("details.review-set");
    set.querySelectorAll('.review-item.read input[name="tools"]:not(:checked)').forEach(function (b) { pick(b, true); });
    openedButtons(set);
    reviewSummary(btn.closest("form"));
  });
  document.querySelectorAll("form[data-review]").forEach(reviewSummary);
  document.addEventListener("change", function (e) {
    var form = e.target.closest("form[data-review]");
    if (!form) return;
    var set = e.target.closest("details.review-set");
    if (e.target.matches("[data-class-effects]")) {
      // the class set in a row counts the selection by the new effects
      var row = e.target.closest(".review-item");
      var box = row && row.querySelector('input[name="tools"]');
      if (box) box.setAttribute("data-effects", e.target.value);
    } else if (e.target.matches("[data-read-all]")) {
      set.querySelectorAll('input[name="tools"]').forEach(function (b) { pick(b, e.target.checked); });
    } else if (e.target.matches('input[name="tools"]')) {
      pick(e.target, e.target.checked);
      // the set is no longer "all read and selected" once one is dropped
      var all = set && set.querySelector("[data-read-all]");
      if (all && !e.target.checked) all.checked = false;
    }
    openedButtons(set);
    reviewSummary(form);
  });
  // Tool pickers: without JavaScript the chosen tools are added on save;
  // here "Add selected" (or a double-click) copies them into the list at
  // once, each once: a textarea takes one a line, an input a comma list.
  function pickerAdd(picker, values) {
    var field = document.getElementById(picker.getAttribute("data-picker-target"));
    if (!field || !values.length) return;
    var multi = field.tagName === "TEXTAREA";
    var have = field.value.split(multi ? "\n" : ",").map(function (s) { return s.trim(); }).filter(Boolean);
    values.forEach(function (v) { if (have.indexOf(v) < 0) have.push(v); });
    field.value = have.join(multi ? "\n" : ", ") + (multi && have.length ? "\n" : "");
    picker.querySelectorAll("option:checked").forEach(function (o) { o.selected = false; });
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  document.querySelectorAll("[data-picker-add]").forEach(function (b) { b.hidden = false; });
  // and its hint says so instead of the one for a page without JavaScript
  document.querySelectorAll("[data-picker-hint]").forEach(function (s) { s.hidden = s.getAttribute("data-picker-hint") !== "now"; });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest("[data-picker-add]");
    if (!btn) return;
    var picker = btn.closest("[data-picker-target]");
    var vals = [];
    picker.querySelectorAll("option:checked").forEach(function (o) { vals.push(o.value); });
    pickerAdd(picker, vals);
  });
  document.addEventListener("dblclick", function (e) {
    var opt = e.target.closest && e.target.closest(".picker option");
    if (opt) pickerAdd(opt.closest("[data-picker-target]"), [opt.value]);
  });
  // A form refused with errors brings its summary into view; each of its
  // links takes the focus to its field.
  var errorSummary = document.querySelector(".error-summary");
  if (errorSummary) errorSummary.focus();
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest('.error-summary a[href^="#"]');
    var field = a && document.getElementById(a.getAttribute("href").slice(1));
    if (!field) return;
    e.preventDefault();
    field.scrollIntoView({ block: "center" });
    field.focus();
  });
  // Buttons with data-confirm ask first.
  document.addEventListener("submit", function (e) {
    var msg = e.submitter && e.submitter.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) e.preventDefault();
  }, true);
})();
