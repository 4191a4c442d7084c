// Who is away: a seat none of whose phones holds a live stream of the room, as the stream's `presence` events say
// (seat -> seconds offline when heard); counted on here, once a second. Beside the seat ("Ben's phone: offline 40 s")
// and in the turn line while that seat is on turn. heard(away_s) from live.js's follow; drawAway() after the
// other boards; isAway(seat): whether the seat's phones are away (a redraw when that changes: takeover.js offers
// such a seat).
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {room} from "./room.js";

const SHOWN_S = 3; // a reconnect shorter than this says nothing
let since = {}; // seat id -> Date.now() when its last stream ended

function text(seat) {
  const seconds = since[seat] === undefined ? 0 : Math.floor((Date.now() - since[seat]) / 1000);
  return seconds >= SHOWN_S ? _("%(name)s's phone: offline %(s)s s", {name: room.seatName(seat), s: seconds}) : "";
}

// Each away seat's time offline, beside the seat and in the turn line (after the other parts are drawn).
export function drawAway() {
  if (!room.state) return;
  document.querySelectorAll("[data-away]").forEach((slot) => {
    const said = text(Number(slot.dataset.away));
    slot.textContent = said ? ` · ${said}` : "";
  });
  const line = document.getElementById("turn-line"), active = room.state.active;
  if (!line) return;
  let slot = line.querySelector(".away-turn");
  const said = active === null || room.state.over ? "" : text(active);
  if (!slot && said) slot = line.appendChild(el("span", {class: "away-turn"}));
  if (slot) slot.textContent = said ? ` (${said})` : "";
}

// The stream's presence: each away seat's seconds offline; a redraw when the seats away change.
export function heard(away) {
  const now = Date.now(), before = Object.keys(since).sort().join();
  since = Object.fromEntries(Object.entries(away).map(([seat, seconds]) => [seat, now - seconds * 1000]));
  if (room.state && Object.keys(since).sort().join() !== before) room.redraw();
  else drawAway();
}

/** Whether the seat's phones are away. */
export const isAway = (seat) => since[seat] !== undefined;
setInterval(drawAway, 1000);
