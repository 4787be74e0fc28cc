/* claimaudit report: filters, deep links, printing. The page reads fully without it. */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement;
  root.classList.remove("no-js");
  root.classList.add("js");
  var problems = [];
  window.addEventListener("error", function (e) {
    var t = e.target;
    problems.push(t && t !== window && (t.src || t.href) ? "failed to load " + (t.src || t.href) : String(e.message || e.type));
  }, true);
  doc.addEventListener("securitypolicyviolation", function (e) {
    problems.push("blocked by the content security policy: " + e.blockedURI + " (" + e.violatedDirective + ")");
  });

  var form = doc.getElementById("filters");
  var cards = Array.prototype.slice.call(doc.querySelectorAll("article.card"));
  var shown = doc.getElementById("shown"), none = doc.getElementById("none");
  var names = ["verdict", "code", "source", "file", "q"];
  var texts = null;
  var params = new URLSearchParams(window.location.search);

  function text(i) {
    if (!texts) texts = cards.map(function (c) { return c.textContent.toLowerCase(); });
    return texts[i];
  }
  // The card shows its file in the location line and its source in a link; data-src is there only
  // when the claim cites more than one source.
  function fileOf(c) { return c.querySelector(".loc code").textContent.replace(/(:\d+){1,2}$/, ""); }
  function sourcesOf(c) {
    if (c.dataset.src) return c.dataset.src;
    var a = c.querySelector("a.sid");
    return a ? a.textContent : "";
  }
  function has(list, word) { return (" " + list + " ").indexOf(" " + word + " ") >= 0; }
  function state() {
    var s = {};
    names.forEach(function (n) { s[n] = form.elements[n].value.trim(); });
    s.problems = form.elements.problems.checked;
    return s;
  }
  function matches(c, i, s) {
    var d = c.dataset;
    if (s.verdict && !c.classList.contains("v-" + s.verdict)) return false;
    if (s.code && !has(d.codes || "", s.code)) return false;
    if (s.source && !has(sourcesOf(c), s.source)) return false;
    if (s.file && fileOf(c) !== s.file) return false;
    // "p": a problem of the document in the authors' view (known errors included)
    if (s.problems && !c.classList.contains("o-failed") && !c.classList.contains("o-error") && !c.classList.contains("p")) return false;
    if (s.q) {
      var words = s.q.toLowerCase().split(/\s+/);
      for (var k = 0; k < words.length; k++) if (text(i).indexOf(words[k]) < 0) return false;
    }
    return true;
  }
  function apply() {
    var s = state(), n = 0;
    cards.forEach(function (c, i) {
      var ok = matches(c, i, s);
      c.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = n === cards.length ? n + " claims" : n + " of " + cards.length + " claims";
    none.hidden = n > 0;
    remember(s);
  }
  function remember(s) {
    // Keep the filters in the address so a filtered view can be shared; the hash stays a deep link.
    var q = new URLSearchParams();
    names.forEach(function (n) { if (s[n]) q.set(n, s[n]); });
    if (s.problems) q.set("problems", "1");
    if (params.has("selftest")) return;
    try { history.replaceState(null, "", (q.toString() ? "?" + q : window.location.pathname) + window.location.hash); } catch (e) { /* file: URLs in some browsers */ }
  }
  function reset() {
    form.reset();
    apply();
  }

  function target(hash) {
    if (!hash || hash.length < 2) return null;
    var id = hash.slice(1);
    try { id = decodeURIComponent(id); } catch (e) { /* keep it raw */ }
    var el = doc.getElementById(id);
    if (el) return el.classList.contains("card") ? el : null;
    // A bare claim id ("#total_hours") finds the first claim with that id.
    for (var i = 0; i < cards.length; i++) if (cards[i].querySelector("a.id").textContent === id) return cards[i];
    return null;
  }
  function reveal(hash) {
    var c = target(hash);
    if (!c) return null;
    if (c.hidden) reset();   // a deep link wins over the filters
    var d = c.querySelector("details");
    if (d) d.open = true;
    cards.forEach(function (x) { x.classList.remove("hit"); });
    c.classList.add("hit");
    c.scrollIntoView({ block: "start" });
    return c;
  }

  form.hidden = false;
  names.forEach(function (n) { if (params.get(n)) form.elements[n].value = params.get(n); });
  form.elements.problems.checked = params.get("problems") === "1";
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  apply();
  reveal(window.location.hash);
  window.addEventListener("hashchange", function () { reveal(window.location.hash); });

  Array.prototype.forEach.call(doc.querySelectorAll(".bar .seg, .legend a"), function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      var sel = form.elements.verdict;
      sel.value = sel.value === a.dataset.verdict ? "" : a.dataset.verdict;
      apply();
      form.scrollIntoView({ block: "start" });
    });
  });

  // Print everything that is shown, working included.
  var closed = [];
  window.addEventListener("beforeprint", function () {
    closed = Array.prototype.filter.call(doc.querySelectorAll("details"), function (d) { return !d.open; });
    closed.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () { closed.forEach(function (d) { d.open = false; }); });

  // ?selftest: exercise the filters through their events and write what happened into the page,
  // for the browser test (which compares it with what the report data says it must be).
  function visible() { return cards.filter(function (c) { return !c.hidden; }).map(function (c) { return c.id; }); }
  function choose(name, value) {
    reset();
    var el = form.elements[name];
    if (el.type === "checkbox") el.checked = !!value; else el.value = value;
    el.dispatchEvent(new Event(el.tagName === "SELECT" || el.type === "checkbox" ? "change" : "input", { bubbles: true }));
    return { filter: name, value: String(value), visible: visible(), shown: shown.textContent };
  }
  // What a reader sees on arrival, before any click: each card's place and whether its working is open.
  function onArrival() {
    return cards.map(function (c) {
      var d = c.querySelector("details"), r = c.getBoundingClientRect();
      return { id: c.id, shown: !c.hidden && c.getClientRects().length > 0, open: !!(d && d.open),
        top: Math.round(r.top + window.scrollY), quote: !!c.querySelector("blockquote"),
        fix: !!c.querySelector(".fix"), label: (c.querySelector(".out") || {}).textContent || "" };
    });
  }
  function selftest() {
    var out = { problems: problems, cards: cards.length, deeplink: null, scenarios: [], resources: [],
      arrival: arrival, text: doc.body.innerText };
    if (window.location.hash) {
      var c = target(window.location.hash), d = c && c.querySelector("details");
      out.deeplink = c ? { id: c.id, top: Math.round(c.getBoundingClientRect().top), scrollY: Math.round(window.scrollY),
        viewport: window.innerHeight, open: !!(d && d.open), hidden: c.hidden, hit: c.classList.contains("hit"),
        preset: params.get("verdict") || "" } : { id: null };
    }
    ["verdict", "code", "source", "file"].forEach(function (name) {
      Array.prototype.forEach.call(form.elements[name].options, function (o) {
        if (o.value) out.scenarios.push(choose(name, o.value));
      });
    });
    if (params.get("selftest_q")) out.scenarios.push(choose("q", params.get("selftest_q")));
    out.scenarios.push(choose("problems", true));
    reset();
    out.resources = performance.getEntriesByType("resource").map(function (e) { return e.name; });
    var pre = doc.createElement("pre");
    pre.id = "selftest";
    pre.textContent = JSON.stringify(out);
    doc.body.appendChild(pre);
  }
  var arrival = params.has("selftest") ? onArrival() : null;
  if (params.has("selftest")) {
    window.addEventListener("load", function () { setTimeout(selftest, 50); });
  }
})();
