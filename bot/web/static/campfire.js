// Campfire web companion: step through a game's history without reloading, and follow
// a running game, a tournament or a player's waiting games live (server-sent events, or
// polling where they are not available). Every page works without this script: every
// control is a plain link and every page is complete as served.
var Campfire = (function () {
  "use strict";

  // The dates under `root` (<time datetime>, written in UTC) in the reader's own zone.
  function localDates(root, lang) {
    root.querySelectorAll("time[datetime]").forEach(function (node) {
      var moment = new Date(node.getAttribute("datetime"));
      if (!isNaN(moment)) {
        node.title = node.textContent;
        node.textContent = moment.toLocaleString(lang, {
          dateStyle: "medium", timeStyle: "short"
        });
      }
    });
  }

  // Follow a live page: the server-sent events named `o.event` at `o.events` (each
  // {<event>: mark, status}), or its poll (`o.poll()`) every 5 s where events are
  // missing or refused; `o.arrived(mark, status)` for each, until `o.over(status)`;
  // `o.live()` says whether the page still follows.
  function follow(o) {
    if (!o.live()) return;
    function poll() {
      var timer = setInterval(function () {
        if (!o.live()) { clearInterval(timer); return; }
        fetch(o.poll(), { cache: "no-store" })
          .then(function (answer) { return answer.ok ? answer.json() : null; })
          .then(function (now) { if (now) o.arrived(now[o.event], now.status); })
          .catch(function () {});
      }, 5000);
    }
    if (!window.EventSource) { poll(); return; }
    var failures = 0;
    var source = new EventSource(o.events);
    source.addEventListener(o.event, function (event) {
      failures = 0;
      var now = JSON.parse(event.data);
      o.arrived(now[o.event], now.status);
      if (o.over(now.status)) source.close();
    });
    source.onerror = function () {
      // A refusal (503: too many live followers) closes the stream for good; three
      // failed reconnections in a row give up too: the page polls instead.
      failures += 1;
      if (source.readyState === EventSource.CLOSED || failures >= 3) {
        source.close();
        poll();
      }
    };
  }

  return { localDates: localDates, follow: follow };
})();

// A game's page.
(function () {
  "use strict";
  var main = document.getElementById("game");
  if (!main) return;
  var busy = null;

  function data(name) { return main.getAttribute("data-" + name); }

  function address(step, part) {
    var query = ["lang=" + data("lang")];
    if (step !== null) query.push("at=" + step);
    var layout = data("layout");
    if (layout !== "full" && layout !== "auto") query.push("layout=" + layout);
    return data("base") + (part ? "/" + part : "") + "?" + query.join("&");
  }

  function show(step, remember) {
    if (busy) busy.abort();
    var controller = new AbortController();
    busy = controller;
    return fetch(address(step, "fragment"), { signal: controller.signal, cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("HTTP " + answer.status);
        return answer.text();
      })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#game");
        if (!fresh) return;
        var open = main.querySelector("details.words[open]") !== null;
        main.replaceWith(fresh);
        main = fresh;
        if (open) {
          var box = main.querySelector("details.words");
          if (box) box.open = true;
        }
        bind();
        if (remember) history.replaceState(null, "", address(step === null ? null : step, ""));
      })
      .catch(function (problem) {
        if (problem.name !== "AbortError") window.location.href = address(step, "");
      });
  }

  function words(details) {
    var pre = details.querySelector("pre");
    if (!pre || details.getAttribute("data-loaded")) return;
    details.setAttribute("data-loaded", "1");
    fetch(details.getAttribute("data-src"), { cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (text) { if (text) pre.textContent = text; })
      .catch(function () {});
  }

  function bind() {
    var details = main.querySelector("details.words");
    if (details) {
      details.addEventListener("toggle", function () { if (details.open) words(details); });
      if (details.open) words(details);
    }
    var current = main.querySelector("ol.log li.current");
    var log = main.querySelector("ol.log");
    if (current && log) log.scrollTop = current.offsetTop - log.clientHeight / 2;
    main.querySelectorAll("a.step-link[data-step]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        show(parseInt(link.getAttribute("data-step"), 10), true);
      });
    });
    var slider = main.querySelector("#step");
    var number = main.querySelector("#step-number");
    if (slider) {
      slider.addEventListener("input", function () {
        if (number) number.textContent = slider.value + "/" + slider.max;
      });
      slider.addEventListener("change", function () {
        show(parseInt(slider.value, 10), true);
      });
    }
    main.querySelectorAll("time[datetime]").forEach(function (node) {
      var moment = new Date(node.getAttribute("datetime"));
      if (!isNaN(moment)) {
        node.title = node.textContent;
        node.textContent = moment.toLocaleString(data("lang"), {
          dateStyle: "medium", timeStyle: "short"
        });
      }
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.target && /input|textarea/i.test(event.target.tagName)) return;
    var step = parseInt(data("step"), 10);
    var last = parseInt(data("steps"), 10);
    if (event.key === "ArrowLeft" && step > 0) show(step - 1, true);
    if (event.key === "ArrowRight" && step < last) show(step + 1, true);
  });

  function arrived(revision, status) {
    if (String(revision) === data("revision") && status === data("status")) return;
    var atEnd = data("step") === data("steps");
    show(atEnd ? null : parseInt(data("step"), 10), false);
  }

  function follow() {
    Campfire.follow({
      events: data("base") + "/events",
      event: "revision",
      poll: function () { return address(null, "poll"); },
      live: function () { return data("live") === "1"; },
      over: function (status) { return status !== "running"; },
      arrived: arrived
    });
  }

  bind();
  follow();
})();

// A player's personal page (the games waiting on them): the dates in the reader's own
// zone, and the list taken again when the poll's mark of their turns changes.
(function () {
  "use strict";
  var main = document.getElementById("agenda");
  if (!main) return;

  function data(name) { return main.getAttribute("data-" + name); }

  function address(part) { return data("base") + "/" + part + "?lang=" + data("lang"); }

  function dates() { Campfire.localDates(main, data("lang")); }

  function refresh() {
    return fetch(address("fragment"), { cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) {
        if (!html) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#agenda");
        if (!fresh) return;
        main.replaceWith(fresh);
        main = fresh;
        dates();
      });
  }

  function poll() {
    fetch(address("poll"), { cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (now) {
        if (now && now.mark !== data("mark")) return refresh();
        return null;
      })
      .catch(function () {})
      .then(function () {
        setTimeout(poll, 1000 * (parseInt(data("every"), 10) || 5));
      });
  }

  dates();
  if (data("live") === "1") setTimeout(poll, 1000 * (parseInt(data("every"), 10) || 5));
})();

// A tournament's page: its <main> fetched again whenever its stamp changes.
(function () {
  "use strict";
  var main = document.getElementById("tournament");
  if (!main) return;

  function data(name) { return main.getAttribute("data-" + name); }

  function address(part) {
    return data("base") + "/" + part + "?lang=" + data("lang");
  }

  function times() { Campfire.localDates(main, data("lang")); }

  var busy = null;
  var heard = null;

  function refresh() {
    // one fetch at a time: a later change aborts the one under way, so an older
    // answer never replaces a newer one
    if (busy) busy.abort();
    var controller = new AbortController();
    busy = controller;
    return fetch(address("fragment"), { signal: controller.signal, cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("HTTP " + answer.status);
        return answer.text();
      })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#tournament");
        if (!fresh) return;
        main.replaceWith(fresh);
        main = fresh;
        busy = null;
        times();
        // a change heard while this answer was on its way: ask again
        if (heard !== null && heard !== data("stamp")) refresh();
      })
      .catch(function (problem) {
        if (problem.name !== "AbortError") window.location.reload();
      });
  }

  function arrived(stamp, status) {
    heard = String(stamp);
    if (heard === data("stamp") && status === data("status")) return;
    refresh();
  }

  function follow() {
    Campfire.follow({
      events: data("base") + "/events",
      event: "stamp",
      poll: function () { return address("poll"); },
      live: function () { return data("live") === "1"; },
      over: function (status) { return status !== "open" && status !== "running"; },
      arrived: arrived
    });
  }

  times();
  follow();
})();
