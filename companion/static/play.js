// /play/<game>: offer the room this phone was last in for this game (rooms kept 12 hours).
const game = document.getElementById("recent").dataset.game;
const rooms = JSON.parse(localStorage.getItem("rollsheet.rooms") || "{}");
const recent = rooms[game];
if (recent && Date.now() - recent.at <= 12 * 3600 * 1000) {
  document.getElementById("recent-code").textContent = recent.code;
  document.getElementById("recent-link").href = "/r/" + recent.code;
  document.getElementById("recent").hidden = false;
}
