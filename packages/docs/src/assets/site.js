// chaindata docs: client-side search over search-index.json, copy buttons, small niceties.
// No dependencies, no external requests.
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "./";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var index = null;
  var loading = null;
  var active = -1;
  var hits = [];

  function load() {
    if (index) return Promise.resolve(index);
    if (!loading) {
      loading = fetch(root + "search-index.json")
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.json();
        })
        .then(function (j) {
          index = j.entries.map(function (e) {
            e.nl = e.n.toLowerCase();
            e.sl = (e.s || "").toLowerCase();
            e.fl = (e.f || []).map(function (f) {
              return f.toLowerCase();
            });
            return e;
          });
          return index;
        })
        .catch(function (err) {
          loading = null;
          throw err;
        });
    }
    return loading;
  }

  var KIND = {
    rpc: "JSON-RPC",
    rest: "REST",
    delivery: "delivery",
    schema: "schema",
    area: "area",
    page: "page",
  };

  function score(e, q, words) {
    var s = 0;
    var field = null;
    if (e.nl === q) s = 1000;
    else if (e.nl.indexOf(q) === 0) s = 600;
    else if (e.nl.indexOf(q) > 0) s = 400;
    if (!s) {
      var all = words.every(function (w) {
        return (
          e.nl.indexOf(w) >= 0 || e.sl.indexOf(w) >= 0 || (e.m && e.m.toLowerCase().indexOf(w) >= 0)
        );
      });
      if (all) s = 150;
    }
    for (var i = 0; i < e.fl.length; i++) {
      var f = e.fl[i];
      if (f === q) {
        if (s < 250) {
          s = 250;
          field = e.f[i];
        }
        break;
      }
      if (!field && q.length > 2 && f.indexOf(q) >= 0 && s < 80) {
        s = 80;
        field = e.f[i];
      }
    }
    if (!s) return null;
    if (e.k === "rpc" || e.k === "rest") s += 20;
    if (e.k === "schema") s -= 5;
    if (e.d) s -= 10;
    return { e: e, s: s, field: field };
  }

  function esc(t) {
    return String(t).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function render() {
    list.innerHTML = "";
    if (!hits.length) {
      var q = input.value.trim();
      if (q) {
        var li = document.createElement("li");
        li.className = "none";
        li.textContent = "No match for “" + q + "”";
        list.appendChild(li);
      }
      list.hidden = !q;
      input.setAttribute("aria-expanded", q ? "true" : "false");
      return;
    }
    hits.forEach(function (h, i) {
      var e = h.e;
      var li = document.createElement("li");
      li.setAttribute("role", "option");
      li.id = "hit-" + i;
      if (i === active) li.setAttribute("aria-selected", "true");
      li.innerHTML =
        '<a href="' +
        esc(root + e.u) +
        '"><span class="hit-name">' +
        esc(e.n) +
        "</span> " +
        '<span class="hit-kind hit-' +
        esc(e.k) +
        '">' +
        esc(KIND[e.k] || e.k) +
        "</span>" +
        (e.a ? ' <span class="hit-area">' + esc(e.a) + "</span>" : "") +
        (e.d ? ' <span class="hit-dep">deprecated</span>' : "") +
        '<span class="hit-sub">' +
        (h.field ? "field <code>" + esc(h.field) + "</code>" + (e.s ? " · " : "") : "") +
        esc(e.s || "") +
        "</span></a>";
      list.appendChild(li);
    });
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    if (active >= 0) input.setAttribute("aria-activedescendant", "hit-" + active);
    else input.removeAttribute("aria-activedescendant");
  }

  function search() {
    var q = input.value.trim().toLowerCase();
    active = -1;
    if (!q) {
      hits = [];
      render();
      return;
    }
    load().then(
      function (entries) {
        if (input.value.trim().toLowerCase() !== q) return;
        var words = q.split(/\s+/);
        hits = entries
          .map(function (e) {
            return score(e, q, words);
          })
          .filter(Boolean)
          .sort(function (a, b) {
            return b.s - a.s || a.e.n.localeCompare(b.e.n);
          })
          .slice(0, 12);
        render();
      },
      function () {
        hits = [];
        list.innerHTML =
          '<li class="none">Search needs the site to be served over HTTP (node packages/docs/serve.mjs).</li>';
        list.hidden = false;
      },
    );
  }

  if (input && list) {
    input.addEventListener("input", search);
    input.addEventListener("focus", function () {
      load().catch(function () {});
      if (input.value.trim()) search();
    });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowDown" && hits.length) {
        active = (active + 1) % hits.length;
        render();
        ev.preventDefault();
      } else if (ev.key === "ArrowUp" && hits.length) {
        active = (active - 1 + hits.length) % hits.length;
        render();
        ev.preventDefault();
      } else if (ev.key === "Enter") {
        var h = hits[active >= 0 ? active : 0];
        if (h) {
          location.href = root + h.e.u;
          ev.preventDefault();
        }
      } else if (ev.key === "Escape") {
        input.value = "";
        hits = [];
        render();
        input.blur();
      }
    });
    document.addEventListener("click", function (ev) {
      if (!list.contains(ev.target) && ev.target !== input) {
        list.hidden = true;
        input.setAttribute("aria-expanded", "false");
      }
    });
    document.addEventListener("keydown", function (ev) {
      if (
        ev.key === "/" &&
        document.activeElement !== input &&
        !/^(INPUT|TEXTAREA)$/.test((document.activeElement || {}).tagName || "")
      ) {
        ev.preventDefault();
        input.focus();
      }
    });
  }

  // Copy buttons on code boxes.
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest ? ev.target.closest("button.copy") : null;
    if (!btn) return;
    var code = btn.closest(".codebox").querySelector("pre code");
    var text = code ? code.innerText : "";
    var done = function () {
      btn.textContent = "Copied";
      setTimeout(function () {
        btn.textContent = "Copy";
      }, 1200);
    };
    if (navigator.clipboard && window.isSecureContext)
      navigator.clipboard.writeText(text).then(done, function () {});
    else {
      var r = document.createRange();
      r.selectNodeContents(code);
      var sel = getSelection();
      sel.removeAllRanges();
      sel.addRange(r);
      try {
        document.execCommand("copy");
        done();
      } catch {
        /* ignore */
      }
    }
  });

  // Open the <details> that hold a #fragment target (footnotes, anchors in nested fields).
  function openTarget() {
    if (!location.hash) return;
    var el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    for (var n = el; n; n = n.parentElement) if (n.tagName === "DETAILS") n.open = true;
    if (el) el.classList.add("target-flash");
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();

  // Keep the current page visible in the side navigation.
  var cur = document.querySelector('nav.side a[aria-current="page"]');
  if (cur && cur.scrollIntoView) {
    var side = document.querySelector("nav.side");
    if (side && cur.offsetTop > side.clientHeight - 80) side.scrollTop = cur.offsetTop - 120;
  }
})();
