// Replace the live section with each fragment the server sends after a move.
(function () {
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var source = new EventSource("/events");
  source.addEventListener("live", function (message) {
    live.innerHTML = JSON.parse(message.data).html;
  });
})();
