// Who is away: a seat none of whose phones holds a live stream of the room, as the stream's `presence` events say
// (seat -> seconds offline when heard); counted on here, once a second. Beside the seat ("Ben's phone: offline 40 s")
// and in the turn line while that seat is on turn. Away.heard(away_s) from Live.follow; Away.draw() after a redraw;
// Away.is(seat): whether the seat's phones are away (a redraw when that changes: takeover.js offers such a seat).
"use strict";

const Away = (function () {
  const SHOWN_S = 3; // a reconnect shorter than this says nothing
  let since = {}; // seat id -> Date.now() when its last stream ended

  function text(seat) {
    const seconds = since[seat] === undefined ? 0 : Math.floor((Date.now() - since[seat]) / 1000);
    return seconds >= SHOWN_S ? _("%(name)s's phone: offline %(s)s s", {name: Room.seatName(seat), s: seconds}) : "";
  }

  function draw() {
    if (!Room.state) return;
    document.querySelectorAll("[data-away]").forEach((slot) => {
      const said = text(Number(slot.dataset.away));
      slot.textContent = said ? ` · ${said}` : "";
    });
    const line = document.getElementById("turn-line"), active = Room.state.active;
    if (!line) return;
    let slot = line.querySelector(".away-turn");
    const said = active === null || Room.state.over ? "" : text(active);
    if (!slot && said) slot = line.appendChild(Room.el("span", {class: "away-turn"}));
    if (slot) slot.textContent = said ? ` (${said})` : "";
  }

  function heard(away) {
    const now = Date.now(), before = Object.keys(since).sort().join();
    since = Object.fromEntries(Object.entries(away).map(([seat, seconds]) => [seat, now - seconds * 1000]));
    if (Room.state && Object.keys(since).sort().join() !== before) Room.redraw();
    else draw();
  }

  setInterval(draw, 1000);
  return {heard, draw, is: (seat) => since[seat] !== undefined};
})();
