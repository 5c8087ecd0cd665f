// Replace the live section with each fragment the server sends after a move, and say so
// while the stream is down (the words, in the page's language, come in data-lost).
(function () {
  "use strict";
  var live = document.getElementById("live");
  var notice = document.getElementById("connection");
  if (!live || !window.EventSource) { return; }
  // The browser retries a dropped stream by itself; when it gives up (the server answered
  // something else than a stream, e.g. while it restarts) a new one is opened after a pause.
  var RETRY_MS = 5000;

  function connected(yes) {
    if (!notice) { return; }
    notice.textContent = yes ? "" : notice.dataset.lost;
    notice.hidden = yes;
  }

  function follow() {
    var source = new EventSource("/events");
    source.addEventListener("open", function () { connected(true); });
    source.addEventListener("live", function (message) {
      connected(true);
      live.innerHTML = JSON.parse(message.data).html;
    });
    source.addEventListener("error", function () {
      connected(false);
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(follow, RETRY_MS);
      }
    });
  }

  follow();
})();
