// chaindata docs: client-side search over search-index.json, copy buttons, small niceties.
// No dependencies, no external requests.
(function () {
  "use strict";
  // What only works with this script shows only with it (site.css: the copy buttons).
  document.documentElement.classList.add("js");
  var root = document.documentElement.getAttribute("data-root") || "./";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var index = null;
  var loading = null;
  var hits = [];

  // The name from each inner word on ("getCompressedBalance" → "compressedbalance", "balance"):
  // a query that starts a word of a name ranks almost like one that starts the name, so that
  // "compressed" finds the getCompressed… methods and not only the schemas named Compressed….
  function wordTails(name) {
    var tails = [];
    var inner = /[a-z0-9][A-Z]|[^A-Za-z0-9][A-Za-z0-9]/g;
    for (var m = inner.exec(name); m; m = inner.exec(name))
      tails.push(name.slice(m.index + 1).toLowerCase());
    return tails;
  }

  // What the box holds, as searched: a call pasted from a snippet (das.getAsset()) without its
  // parentheses.
  function query() {
    return input.value
      .trim()
      .toLowerCase()
      .replace(/\s*\(\)?$/, "");
  }

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
            e.wl = wordTails(e.n);
            e.sl = (e.s || "").toLowerCase();
            e.fl = (e.f || []).map(function (f) {
              return f.toLowerCase();
            });
            e.vl = (e.v || []).map(function (v) {
              return v.toLowerCase();
            });
            e.xl = (e.x || []).map(function (x) {
              return x.toLowerCase();
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
    error: "error",
  };

  function score(e, q, words) {
    var s = 0;
    var field = null;
    var row = ""; // the id of the field's row on the page, if it has one
    if (e.nl === q) s = 1000;
    // A name the entry is about (the hosts table: X-Api-Key), above the operations that merely
    // carry it as a field.
    else if (e.xl.indexOf(q) >= 0) s = 900;
    else if (e.nl.indexOf(q) === 0) s = 600;
    else if (e.nl.indexOf(q) > 0) {
      s = e.wl.some(function (t) {
        return t.indexOf(q) === 0;
      })
        ? 580 // with an operation's +20, above a schema that starts with the query (595)
        : 400;
    }
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
          row = (e.h && e.h[i]) || "";
        }
        break;
      }
      if (!field && q.length > 2 && f.indexOf(q) >= 0 && s < 80) {
        s = 80;
        field = e.f[i];
        row = (e.h && e.h[i]) || "";
      }
    }
    // An enum value the schema's page lists (NFT_SALE): whole values only, as a long enum would
    // otherwise match any fragment. Shown as a value, not a field.
    var value = null;
    if (s < 250) {
      var at = e.vl.indexOf(q);
      if (at >= 0) {
        s = 240;
        field = null;
        row = "";
        value = e.v[at];
      }
    }
    if (!s) return null;
    if (e.k === "rpc" || e.k === "rest") s += 20;
    if (e.k === "schema") s -= 5;
    if (e.d) s -= 10;
    return { e: e, s: s, field: field, value: value, row: row };
  }

  // Where a hit leads: its page, at the field's row when it was found by a field that has one.
  function hitHref(h) {
    return root + h.e.u + (h.row ? "#" + encodeURIComponent(h.row) : "");
  }

  function esc(t) {
    return String(t).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // The hits are a plain list of links (a listbox's options may not hold links): the arrow keys
  // move the focus along them, and a polite status says how many there are.
  function say(text) {
    if (status && status.textContent !== text) status.textContent = text;
  }

  function show(open) {
    list.hidden = !open;
  }

  function render() {
    list.innerHTML = "";
    var q = input.value.trim();
    if (!hits.length) {
      if (q) {
        var li = document.createElement("li");
        li.className = "none";
        li.textContent = "No match for “" + q + "”";
        list.appendChild(li);
      }
      show(Boolean(q));
      say(q ? "No match" : "");
      return;
    }
    hits.forEach(function (h) {
      var e = h.e;
      var li = document.createElement("li");
      li.innerHTML =
        '<a href="' +
        esc(hitHref(h)) +
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
        (e.b ? ' <span class="hit-beta">beta</span>' : "") +
        '<span class="hit-sub">' +
        (h.field ? "field <code>" + esc(h.field) + "</code>" + (e.s ? " · " : "") : "") +
        (h.value ? "value <code>" + esc(h.value) + "</code>" + (e.s ? " · " : "") : "") +
        esc(e.s || "") +
        "</span></a>";
      list.appendChild(li);
    });
    show(true);
    say(
      hits.length +
        (hits.length === 1 ? " result" : " results") +
        ": arrow keys to go through them, Enter to open",
    );
  }

  function search() {
    var q = query();
    if (!q) {
      hits = [];
      render();
      return;
    }
    load().then(
      function (entries) {
        if (query() !== q) return;
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
        show(true);
        say("Search is not available");
      },
    );
  }

  /** Focus the hit `step` places from the focused one (before the first: the box itself). */
  function moveFocus(step) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    var next = at + step;
    if (next < 0) input.focus();
    else if (next < links.length) links[next].focus();
  }

  if (input && list) {
    input.addEventListener("input", search);
    var closing = false; // Escape in the list: back to the box, with the list closed
    input.addEventListener("focus", function () {
      load().catch(function () {});
      if (input.value.trim() && !closing) search();
    });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowDown" && hits.length) {
        show(true);
        moveFocus(1);
        ev.preventDefault();
      } else if (ev.key === "Enter") {
        if (hits[0]) {
          location.href = hitHref(hits[0]);
          ev.preventDefault();
        }
      } else if (ev.key === "Escape") {
        input.value = "";
        hits = [];
        render();
      }
    });
    list.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
        moveFocus(ev.key === "ArrowDown" ? 1 : -1);
        ev.preventDefault();
      } else if (ev.key === "Escape") {
        show(false);
        closing = true;
        input.focus();
        closing = false;
        ev.preventDefault();
      }
    });
    // The list lies over the page: it closes when the focus or a click goes elsewhere.
    var box = input.parentElement;
    box.addEventListener("focusout", function (ev) {
      if (!ev.relatedTarget || !box.contains(ev.relatedTarget)) show(false);
    });
    document.addEventListener("click", function (ev) {
      if (!list.contains(ev.target) && ev.target !== input) show(false);
    });
    // Ctrl+K (⌘K on a Mac) focuses the box from anywhere. Not a single character such as "/":
    // one key fires on a stray press and on a speech user's words, and WCAG 2.1.4 would want a
    // way to turn it off. Only script names the keys in the box: without it there is no shortcut.
    var mac = /^(Mac|iPhone|iPad)/.test(navigator.platform || "");
    input.placeholder += mac ? "  (\u2318K)" : "  (Ctrl+K)";
    input.setAttribute("aria-keyshortcuts", mac ? "Meta+K" : "Control+K");
    document.addEventListener("keydown", function (ev) {
      var modifier = mac ? ev.metaKey && !ev.ctrlKey : ev.ctrlKey && !ev.metaKey;
      if (modifier && !ev.altKey && !ev.shiftKey && (ev.key === "k" || ev.key === "K")) {
        ev.preventDefault();
        input.focus();
        input.select();
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

  // Open the <details> that hold a #fragment target (footnotes, anchors in nested fields), and
  // tint the target until the next one. (Not the menu or the main content, the targets of the
  // narrow-screen Menu and Close menu links: a tint would hide the current page's highlight.)
  var flashed;
  function openTarget() {
    if (flashed) flashed.classList.remove("target-flash");
    flashed = undefined;
    if (!location.hash) return;
    var el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    var opened = false;
    for (var n = el; n; n = n.parentElement)
      if (n.tagName === "DETAILS" && !n.open) opened = n.open = true;
    // The browser scrolled to the target while a closed <details> hid it (a nested field's row):
    // now that it shows, go to it.
    if (opened) el.scrollIntoView();
    if (el && el.tagName !== "NAV" && el.tagName !== "MAIN") {
      el.classList.add("target-flash");
      flashed = el;
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();

  // A box that scrolls (a code block, a table wider than the page, a long enum list) can only be
  // scrolled by a keyboard that can focus it (WCAG 2.1.1). The build makes every such box a tab
  // stop; here only those that overflow stay one, so that the keyboard does not stop at every
  // short code block, and a table that scrolls is a named group. Sizes change with the window and
  // with a <details> opening (the boxes of a closed one have no size, so none overflows).
  function tableName(wrap) {
    var details = wrap.parentElement && wrap.parentElement.closest("details");
    var section = wrap.closest("section");
    var title = details
      ? details.querySelector("summary")
      : section
        ? section.querySelector("h2")
        : document.querySelector("h1");
    return (title ? title.textContent.trim() + ": " : "") + "table, scrolls sideways";
  }
  function keyboardScrollable() {
    var boxes = document.querySelectorAll("pre.code, .table-wrap, .enum-wrap");
    // Every size first, then every change: a size read after a change lays the page out again.
    var overflows = Array.prototype.map.call(boxes, function (box) {
      return box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
    });
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var table = box.classList.contains("table-wrap");
      if (overflows[i]) {
        if (box.getAttribute("tabindex") !== "0") box.setAttribute("tabindex", "0");
        if (table && !box.hasAttribute("role")) {
          box.setAttribute("role", "group");
          box.setAttribute("aria-label", tableName(box));
        }
      } else if (box.hasAttribute("tabindex") && box !== document.activeElement) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    }
  }
  var pending = false;
  function keyboardScrollableSoon() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      keyboardScrollable();
    });
  }
  keyboardScrollable();
  window.addEventListener("resize", keyboardScrollableSoon);
  document.addEventListener("toggle", keyboardScrollableSoon, true); // toggle does not bubble

  // Chromium leaves a focused link that is half outside a scrolling table or code block half
  // hidden, focus ring and all: bring all of it into view (the scroll-padding of site.css leaves
  // room for the ring).
  document.addEventListener("focusin", function (ev) {
    var el = ev.target;
    var box = el.parentElement && el.parentElement.closest(".table-wrap, pre.code");
    if (box && el.scrollIntoView) el.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  // Keep the current page visible in the side navigation.
  var cur = document.querySelector('nav.side a[aria-current="page"]');
  if (cur && cur.scrollIntoView) {
    var side = document.querySelector("nav.side");
    if (side && cur.offsetTop > side.clientHeight - 80) side.scrollTop = cur.offsetTop - 120;
  }
})();
