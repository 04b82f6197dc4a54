// Campfire web companion: follow a tournament live (server-sent events, or polling
// where they are not available), its <main> fetched again whenever its stamp changes.
// The page works without this script: it is complete as served.
(function () {
  "use strict";
  var main = document.getElementById("tournament");
  if (!main) return;

  function data(name) { return main.getAttribute("data-" + name); }

  function address(part) {
    return data("base") + "/" + part + "?lang=" + data("lang");
  }

  function times() {
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

  function poll() {
    var timer = setInterval(function () {
      if (data("live") !== "1") { clearInterval(timer); return; }
      fetch(address("poll"), { cache: "no-store" })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (now) { if (now) arrived(now.stamp, now.status); })
        .catch(function () {});
    }, 5000);
  }

  function follow() {
    if (data("live") !== "1") return;
    if (!window.EventSource) { poll(); return; }
    var failures = 0;
    var source = new EventSource(data("base") + "/events");
    source.addEventListener("stamp", function (event) {
      failures = 0;
      var now = JSON.parse(event.data);
      arrived(now.stamp, now.status);
      if (now.status !== "open" && now.status !== "running") source.close();
    });
    source.onerror = function () {
      failures += 1;
      if (source.readyState === EventSource.CLOSED || failures >= 3) {
        source.close();
        poll();
      }
    };
  }

  times();
  follow();
})();
