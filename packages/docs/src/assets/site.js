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
  var synonyms = {}; // stem → the stems of the words the site uses for the same thing
  var loading = null;
  var unavailable = false; // the index could not be fetched
  var hits = []; // every hit of the query, best first
  var shown = 12; // how many of them the list shows until "Show all"
  var SHOWN = 12;

  // Words as the search compares them: split at the humps of camelCase and at punctuation, and
  // lower-cased ("maxRetries" → max, retries; "X-Api-Key" → x, api, key; "NFT_SALE" → nft, sale),
  // so that "rate limit", "rate-limit" and "rateLimit" are one.
  function wordsOf(text) {
    return String(text)
      .replace(/['\u2019]s\b/g, "") // "sender's tip": no word "s"
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  }

  // A word without its plural's ending ("retries", "retried" → retry; "events" → event; "batches"
  // → batch), so that a query in the plural finds a name in the singular and back; and without
  // the endings that make a word of another kind, where what is left is long enough to say the
  // same ("paginated", "pagination" → paginat; "deprecated" → deprecat; "sending" → send). Short
  // words stay as they are ("das", "ids", "string", "paging").
  function stem(w) {
    if (w.length < 4) return w;
    if (/ie[sd]$/.test(w)) w = w.slice(0, -3) + "y";
    else if (/(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
    else if (/[^isu]s$/.test(w)) w = w.slice(0, -1);
    if (w.length >= 9 && /ation$/.test(w)) return w.slice(0, -3);
    if (w.length >= 6 && /[^e]ed$/.test(w)) return w.slice(0, -2);
    if (w.length >= 7 && /ing$/.test(w)) return w.slice(0, -3);
    return w;
  }

  // Words a question wraps around what it asks ("what does 429 do", "how much to tip", "handle
  // 429"): left out of the words each entry must hold, unless the query is nothing else. (With
  // "handle" kept, "handle 429" found nothing with both words, and listed the closest by name:
  // the JSON-RPC codes' rows first.)
  var STOP = {};
  "a an and are at be can do does did for from handle handling how i in is it its me much my of on or the this through to use we what when where which who why with you your"
    .split(" ")
    .forEach(function (w) {
      STOP[w] = true;
    });

  // A name, as the search looks it up: its words from each one on, run together, as written
  // (raw) and without plural endings (stem). ("getCompressedBalance" → raw getcompressedbalance,
  // compressedbalance, balance): a query that starts a word of a name ranks almost like one that
  // starts the name, so that "compressed" finds the getCompressed… methods and not only the
  // schemas named Compressed…; and only words are started: "tip" does not find "multiple".
  // (Its words too, for a query that no word starts: see `inWord`.)
  function keysOf(name) {
    var raw = wordsOf(name);
    var stemmed = raw.map(stem);
    var keys = { raw: [], stem: [], words: raw, stems: stemmed };
    for (var i = 0; i < raw.length; i++) {
      keys.raw.push(raw.slice(i).join(""));
      keys.stem.push(stemmed.slice(i).join(""));
    }
    return keys;
  }

  /** The first word of `keys` that the query starts (0: the name itself), or -1. */
  function startsAt(keys, q) {
    for (var i = 0; i < keys.raw.length; i++)
      if (keys.raw[i].indexOf(q.raw) === 0 || keys.stem[i].indexOf(q.stem) === 0) return i;
    // Inside a word (see `inWord`): after every word start.
    if (q.inside && inWord(keys.words, keys.stems, q)) return keys.raw.length;
    return -1;
  }

  // A query that no word of the site starts is looked for inside words too, if it is 4 letters or
  // more ("hook": webhook, createWebhook; "stamp": timestamp): better than no match at all. Only
  // then: "count" starts a few words, and inside words it would bring every account.
  function inWord(words, stems, w) {
    if (w.raw.length < 4) return false;
    for (var i = 0; i < words.length; i++)
      if (words[i].indexOf(w.raw) > 0 || stems[i].indexOf(w.stem) > 0) return true;
    return false;
  }

  /** Is the query the whole name, but for case, separators and plural endings? */
  function same(keys, q) {
    return keys.raw.length > 0 && (keys.raw[0] === q.raw || keys.stem[0] === q.stem);
  }

  // What the box holds, as searched: a call pasted from a snippet (das.getAsset()) without its
  // parentheses.
  function query() {
    return input.value.trim().replace(/\s*\(\)?$/, "");
  }

  /** The query as `score` compares it: as typed, as words, and run together. */
  function parse(text) {
    var words = wordsOf(text);
    var asked = words.filter(function (w) {
      return !STOP[w];
    });
    return {
      text: text.toLowerCase(),
      raw: words.join(""),
      stem: words.map(stem).join(""),
      words: (asked.length ? asked : words).map(function (w) {
        return { raw: w, stem: stem(w) };
      }),
    };
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
          synonyms = {};
          (j.synonyms || []).forEach(function (group) {
            group.forEach(function (w) {
              synonyms[stem(w)] = group
                .filter(function (other) {
                  return other !== w;
                })
                .map(stem);
            });
          });
          var keys = function (names) {
            return (names || []).map(keysOf);
          };
          index = j.entries.map(function (e) {
            e.nl = e.n.toLowerCase();
            e.nk = keysOf(e.n);
            e.fk = keys(e.f);
            e.vk = keys(e.v);
            e.xk = keys(e.x);
            e.w = e.w || [];
            e.wk = keys(e.w);
            e.t = e.t || [];
            // A topic is found by its label and by the words a reader calls it (its third item).
            var topics = e.t.map(function (t) {
              return [t[0]].concat(t[2] || []);
            });
            e.tk = topics.map(keys);
            e.tw = topics.map(function (names) {
              return wordsOf(names.join(" "));
            });
            e.tws = e.tw.map(function (words) {
              return words.map(stem);
            });
            // The words of everything shown in a hit, and the words it is known by, for a query
            // of several words: each should start one of them ("webhook event": the Webhooks
            // area's deliver…Events).
            e.nw = wordsOf(e.n);
            // (Its badges too: "beta" finds the Wallet area, which no summary calls beta.)
            var badges = [e.d ? "deprecated" : "", e.b ? "beta" : ""];
            e.aw = wordsOf(
              [e.s, e.a, e.m].concat(e.w, badges, [].concat.apply([], topics)).join(" "),
            );
            e.nws = e.nw.map(stem);
            e.aws = e.aw.map(stem);
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

  /**
   * Does a word of `words` (`stems`: the same, stemmed) start with the query word `w` (or, with
   * `within`, hold it: see `inWord`)?
   */
  function hasWord(words, stems, w, within) {
    for (var i = 0; i < words.length; i++) {
      // (A word of one or two letters must be whole: "by", not every word that starts with b.)
      if (w.raw.length < 3 ? words[i] === w.raw : words[i].indexOf(w.raw) === 0) return true;
      if (w.stem.length >= 3 && stems[i].indexOf(w.stem) === 0) return true;
    }
    return Boolean(within) && inWord(words, stems, w);
  }

  /** A query word and the words the site uses for the same thing (synonyms), in that order. */
  function alternatives(w) {
    return [w].concat(
      (synonyms[w.stem] || []).map(function (st) {
        return { raw: st, stem: st };
      }),
    );
  }

  // The words of the query in the words of the entry (its name, summary, area, method and path,
  // topics, the words it is known by), each directly or by a synonym: with every word, 200 when all
  // are in the name, 150 otherwise, 30 less when a synonym stood in (below any direct match, an
  // operation's +20 included); with some, below those: up to 100 by the share of words found, so
  // that one word no page has ("get", "all") leaves the entries with the others. 0: none.
  function wordsScore(e, q) {
    var inName = true;
    var bySynonym = false;
    var matched = 0;
    for (var i = 0; i < q.words.length; i++) {
      var alts = alternatives(q.words[i]);
      var found = 0; // 2: in the name, 1: elsewhere
      var synonym = false;
      for (var j = 0; j < alts.length && found < 2; j++) {
        var at = hasWord(e.nw, e.nws, alts[j], q.inside)
          ? 2
          : hasWord(e.aw, e.aws, alts[j], q.inside)
            ? 1
            : 0;
        if (at > found) {
          found = at;
          synonym = j > 0;
        }
      }
      if (!found) continue;
      matched++;
      if (found < 2) inName = false;
      if (synonym) bySynonym = true;
    }
    if (!matched) return 0;
    if (matched < q.words.length) return Math.round((100 * matched) / q.words.length);
    return (inName ? 200 : 150) - (bySynonym ? 30 : 0);
  }

  /**
   * The best of `keys` (a list of names) as a topic ranks them: the whole query 590, its start 230.
   */
  function topicScore(keys, q) {
    var best = 0;
    for (var i = 0; i < keys.length; i++)
      best = Math.max(best, same(keys[i], q) ? 590 : startsAt(keys[i], q) === 0 ? 230 : 0);
    return best;
  }

  /**
   * The first topic of the entry that a word of the query, or a synonym of one, starts a word of.
   */
  function topicOf(e, q) {
    var match = function (t) {
      return function (w) {
        return hasWord(e.tw[t], e.tws[t], w, q.inside);
      };
    };
    for (var t = 0; t < e.t.length; t++)
      for (var i = 0; i < q.words.length; i++)
        if (alternatives(q.words[i]).some(match(t))) return t;
    return -1;
  }

  function score(e, q) {
    var s = 0;
    var field = null;
    var row = ""; // the id of the field's (or topic's) place on the page, if it has one
    var topic = -1;
    if (e.nl === q.text || (q.raw && e.nk.raw[0] === q.raw)) s = 1000;
    // A name the entry is about (the hosts table: X-Api-Key), above the operations that merely
    // carry it as a field.
    else if (
      q.raw &&
      e.xk.some(function (k) {
        return same(k, q);
      })
    )
      s = 900;
    else if (q.raw) {
      var at = startsAt(e.nk, q);
      if (at === 0) s = 600;
      // (With an operation's +20, above a schema that starts with the query: 595.)
      else if (at > 0) s = 580;
    }
    // A topic of the page (Payload, Request body, Pagination, Auth), by its label or a word it is
    // known by ("page walk"): the query as a whole ranks it almost as its name would; a query
    // that starts it, as a field would. The entry's own words known by, likewise.
    if (s < 590 && q.raw) {
      for (var t = 0; t < e.tk.length; t++) {
        var ts = topicScore(e.tk[t], q);
        if (ts > s) {
          s = ts;
          topic = t;
        }
      }
      var ws = topicScore(e.wk, q);
      if (ws > s) {
        s = ws;
        topic = -1;
      }
    }
    var byWords = 0;
    if (!s && q.words.length) s = byWords = wordsScore(e, q);
    var partial = -1; // a field that the query starts a word of
    for (var i = 0; i < e.fk.length && q.raw; i++) {
      if (same(e.fk[i], q)) {
        if (s < 250) {
          s = 250;
          field = i;
          topic = -1;
        }
        break;
      }
      if (partial < 0 && q.raw.length > 2 && startsAt(e.fk[i], q) >= 0) partial = i;
    }
    if (field === null && partial >= 0) {
      // A field that starts with a word of the query: a hit of its own, or one more sign that the
      // words found the right entry ("retry": the client options, with maxRetries).
      if (s < 80) {
        s = 80;
        field = partial;
      } else if (byWords && topic < 0) {
        s += 10;
        field = partial;
      }
    }
    if (byWords && field === null && topic < 0) topic = topicOf(e, q);
    // An enum value the schema's page lists (NFT_SALE, "nft sale"): whole values only, as a long
    // enum would otherwise match any fragment. Shown as a value, not a field.
    var value = null;
    if (s < 240 && q.raw) {
      for (var v = 0; v < e.vk.length; v++)
        if (same(e.vk[v], q)) {
          s = 240;
          field = null;
          topic = -1;
          value = e.v[v];
          break;
        }
    }
    if (!s) return null;
    // (Not every word of the query: below every hit that has them all.)
    var part = byWords > 0 && byWords <= 100;
    if (field !== null) row = (e.h && e.h[field]) || "";
    else if (topic >= 0) row = e.t[topic][1];
    if (e.k === "rpc" || e.k === "rest") s += 20;
    if (e.k === "schema") s -= 5;
    // A JSON-RPC code's row, the body one answer may carry, after the general answer that matches
    // alike: the HTTP status and the class the SDK throws, the Retries section ("429": the
    // codes' rows came before RateLimitError and Retries, their names sorting first).
    if (e.k === "error" && e.a === "JSON-RPC") s -= 5;
    if (e.d) s -= 10;
    return {
      e: e,
      s: s,
      field: field === null ? null : e.f[field],
      value: value,
      topic: topic >= 0 ? e.t[topic][0] : null,
      row: row,
      part: part,
    };
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

  // A note at the top of the list (no link: the arrow keys pass it by).
  function note(text) {
    var li = document.createElement("li");
    li.className = "none";
    li.textContent = text;
    list.appendChild(li);
    return li;
  }

  // The index page, with the query: every entry and the names it is found by, for the browser's
  // find, where the search has nothing (or the reader wants more than the hits).
  function indexLink(q) {
    var a = document.createElement("a");
    a.href = form.action + "?q=" + encodeURIComponent(q);
    a.textContent = "the Index";
    return a;
  }

  // `within`: found inside words; `partial`: no hit has every word of the query.
  function render(within, partial) {
    list.innerHTML = "";
    var q = input.value.trim();
    if (!hits.length) {
      if (q) {
        var none = note(
          "No match for \u201c" + q + "\u201d. Try fewer or other words, or look it up in ",
        );
        none.appendChild(indexLink(q));
        none.appendChild(document.createTextNode(", which lists every page and name."));
      }
      show(Boolean(q));
      say(q ? "No match" : "");
      return;
    }
    if (within) note("No word starts with \u201c" + q + "\u201d; found inside words:");
    else if (partial) note("Nothing has every word of \u201c" + q + "\u201d; the closest:");
    hits.slice(0, shown).forEach(function (h) {
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
        (h.topic ? esc(h.topic) + (e.s ? " · " : "") : "") +
        (h.value ? "value <code>" + esc(h.value) + "</code>" + (e.s ? " · " : "") : "") +
        esc(e.s || "") +
        "</span></a>";
      list.appendChild(li);
    });
    var count = shown < hits.length ? shown + " of " + hits.length : String(hits.length);
    if (shown < hits.length) {
      // The rest, on request: the list says how many it leaves out.
      var li = document.createElement("li");
      li.className = "more";
      var more = document.createElement("button");
      more.type = "button";
      more.textContent = "Show all " + hits.length + " results";
      more.addEventListener("click", function () {
        var at = shown;
        shown = hits.length;
        render(within, partial);
        var next = list.querySelectorAll("a")[at];
        if (next) next.focus();
      });
      li.appendChild(more);
      list.appendChild(li);
    }
    show(true);
    say(
      count +
        (hits.length === 1 ? " result" : " results") +
        ": arrow keys to go through them, Enter to open",
    );
  }

  function search() {
    var q = query();
    shown = SHOWN;
    if (!q) {
      hits = [];
      render();
      return;
    }
    load().then(
      function (entries) {
        unavailable = false;
        if (query() !== q) return;
        var parsed = parse(q);
        var rank = function () {
          return entries
            .map(function (e) {
              return score(e, parsed);
            })
            .filter(Boolean)
            .sort(function (a, b) {
              return b.s - a.s || a.e.n.localeCompare(b.e.n);
            });
        };
        var whole = function (list) {
          return list.some(function (h) {
            return !h.part;
          });
        };
        hits = rank();
        var within = false;
        // Nothing that has every word: the words inside words too, if that finds one that has.
        if (!whole(hits)) {
          parsed.inside = true;
          var inside = rank();
          if (whole(inside) || !hits.length) {
            hits = inside;
            within = hits.length > 0;
          }
        }
        render(within, hits.length > 0 && !whole(hits));
      },
      function () {
        unavailable = true;
        hits = [];
        list.innerHTML =
          '<li class="none">Search needs the site to be served over HTTP (node packages/docs/serve.mjs). Enter opens the <a href="' +
          esc(form.action) +
          '">index</a> of every name, for the browser’s find.</li>';
        show(true);
        say("Search is not available");
      },
    );
  }

  /** Focus the hit `step` places from the focused one (before the first: the box itself). */
  function moveFocus(step) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a, button"));
    var at = links.indexOf(document.activeElement);
    var next = at + step;
    if (next < 0) input.focus();
    else if (next < links.length) links[next].focus();
  }

  var form = input && input.form;
  if (input && list && form) {
    input.addEventListener("input", search);
    // Enter opens the first hit. The form itself goes to the index page (search.html), where the
    // browser's find searches every name: what it does without this script, and here only when
    // the index cannot be fetched (pages opened from files).
    form.addEventListener("submit", function (ev) {
      if (hits[0]) location.href = hitHref(hits[0]);
      if (hits[0] || !unavailable) ev.preventDefault();
    });
    // A query in the address (search.html?q=…, the form's): in the box, searched when it is
    // focused.
    var asked = new URLSearchParams(location.search).get("q");
    if (asked && !input.value) input.value = asked;
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
    input.setAttribute("aria-keyshortcuts", mac ? "Meta+K" : "Control+K");
    // The keys join the placeholder only where all of it still shows: a phone's box would cut it
    // short (and has no keyboard). Again whenever the width changes.
    var plain = input.placeholder;
    var withKeys = plain + (mac ? "  (\u2318K)" : "  (Ctrl+K)");
    var ruler = document.createElement("canvas").getContext("2d");
    var fitPlaceholder = function () {
      var cs = getComputedStyle(input);
      ruler.font = [cs.fontStyle, cs.fontWeight, cs.fontSize, cs.fontFamily].join(" ");
      var room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      input.placeholder = ruler.measureText(withKeys).width <= room ? withKeys : plain;
    };
    fitPlaceholder();
    window.addEventListener("resize", fitPlaceholder);
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
