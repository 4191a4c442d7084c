// /play/<game>: offer the room this phone was last in for this game (rooms kept 12 hours).
(function () {
  const game = document.currentScript.dataset.game;
  const rooms = JSON.parse(localStorage.getItem("rollsheet.rooms") || "{}");
  const recent = rooms[game];
  if (!recent || Date.now() - recent.at > 12 * 3600 * 1000) return;
  document.getElementById("recent-code").textContent = recent.code;
  document.getElementById("recent-link").href = "/r/" + recent.code;
  document.getElementById("recent").hidden = false;
})();
