// Replace the live section with each fragment the server sends after a move, and say so
// while the stream is down (the words, in the page's language, come in data-lost) or the
// journal cannot be read (the server's words, in an `unreadable` event).
(function () {
  "use strict";
  var live = document.getElementById("live");
  var notice = document.getElementById("connection");
  if (!live || !window.EventSource) { return; }
  // The browser retries a dropped stream by itself; when it gives up (the server answered
  // something else than a stream, e.g. while it restarts) a new one is opened after a pause.
  var RETRY_MS = 5000;

  // Why the server ended the stream, kept over the "connection lost" words that follow.
  var problem = "";

  function say(text) {
    if (!notice) { return; }
    notice.textContent = text;
    notice.hidden = !text;
  }

  function connected(yes) {
    if (yes) { problem = ""; }
    say(yes ? "" : problem || (notice && notice.dataset.lost) || "");
  }

  function follow() {
    var source = new EventSource("/events");
    source.addEventListener("open", function () { connected(true); });
    source.addEventListener("live", function (message) {
      connected(true);
      live.innerHTML = JSON.parse(message.data).html;
    });
    source.addEventListener("unreadable", function (message) {
      problem = JSON.parse(message.data).error;
      say(problem);
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
