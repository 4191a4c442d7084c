// Seats: take a seat with a name, add more players on this phone, change the turn order before the first
// move, ask for a seat whose phone died (takeover.js); the invite folds away once every seat is taken or
// play has started.
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {room} from "./room.js";
import {post, requestId} from "./taps.js";
import {claim, control} from "./takeover.js";

let adding = false, foldedAt = null, sat = 0; // sat: seats taken on this page, so a seat taken again gets a new id

// The seat's own seed for the room's dice (docs/fair-dice.md): 16 random bytes as 32 hex digits, one per
// request id, so a seat asked for again after a lost answer is the same tap (the server binds an id to its body).
const seeds = new Map();
const seatSeed = (request) => {
  if (!seeds.has(request)) seeds.set(request, Array.from(crypto.getRandomValues(new Uint8Array(16)),
    (byte) => byte.toString(16).padStart(2, "0")).join(""));
  return seeds.get(request);
};

async function sit(name) {
  // the same name sent again after a lost answer carries the same request id: one seat
  const request = requestId(`seat/${sat}/${name.trim()}`);
  const answer = await room.send("seats", {name, seed: seatSeed(request), request});
  if (!answer) return;
  sat += 1;
  room.mine.push({seat: answer.seat, name: name.trim(), token: answer.token});
  room.saveSeats();
  localStorage.setItem("rollsheet.name", name.trim());
  adding = false;
  forms.clear();
  room.say(_("You sit at this table as %(name)s.", {name: name.trim()}));
  room.redraw();
}

function move(order, from, by) {
  const next = order.slice();
  [next[from], next[from + by]] = [next[from + by], next[from]];
  post("seats/order", {order: next});
}

// A room opened from a group's page offers the group's names not seated yet: one tap takes the seat.
const known = JSON.parse(document.getElementById("room-data").textContent).names || [];
function knownNames(state) {
  const seated = new Set(state.seats.map((s) => s.name.toLowerCase()));
  const free = known.filter((name) => !seated.has(name.toLowerCase()));
  return free.length ? el("div", {class: "known-names", role: "group", "aria-label": _("Names of the group")},
    free.map((name) => el("button", {type: "button", class: "small", "data-key": "sit-as",
      "aria-label": _("Sit as %(name)s", {name}), onclick: () => sit(name)}, name))) : null;
}

// The name form, kept from one redraw to the next (by its label): what is typed, and the cursor, stay while
// others sit down; a seat taken starts the next form empty.
const forms = new Map();
function joinForm(label) {
  if (forms.has(label)) return forms.get(label);
  const input = el("input", {id: "seat-name", "data-key": "seat-name", maxlength: 30, autocomplete: "nickname", required: true,
    value: room.mine.length ? "" : localStorage.getItem("rollsheet.name") || ""});
  forms.set(label, el("form", {class: "join-seat", onsubmit: (event) => { event.preventDefault(); if (input.value.trim()) sit(input.value); }},
    el("label", {for: "seat-name"}, label), input,
    el("button", {class: "button", type: "submit", "data-key": "sit"}, _("Take a seat"))));
  return forms.get(label);
}

function seatRow(seat, i, state) {
  const order = state.seats.map((s) => s.seat);
  const before = state.reorder && room.mine.length;
  const mine = room.holds(seat.seat);
  const onTurn = seat.seat === state.active && !state.over;
  return el("li", {class: `seat${onTurn ? " active" : ""}`},
    el("span", {class: "name"}, `${i + 1}. ${seat.name}`, mine ? el("small", {class: "mine"}, " " + _("(this phone)")) : null,
      onTurn ? el("small", {}, " · " + _("on turn")) : null, el("small", {class: "away", "data-away": seat.seat})),
    before && i > 0 ? el("button", {type: "button", class: "small", "data-key": `up-${seat.seat}`,
      "aria-label": _("Move %(name)s earlier", {name: seat.name}), onclick: () => move(order, i, -1)}, "\u2191") : null,
    before && i < order.length - 1 ? el("button", {type: "button", class: "small", "data-key": `down-${seat.seat}`,
      "aria-label": _("Move %(name)s later", {name: seat.name}), onclick: () => move(order, i, 1)}, "\u2193") : null,
    room.mine.length ? null : control(seat));
}

function actingChoice() {
  if (room.mine.length < 2) return null;
  const select = el("select", {id: "acting", "data-key": "acting",
    onchange: (event) => room.choose(Number(event.target.value))},
  room.mine.map((m) => el("option", {value: m.seat, selected: m.seat === room.actor()}, m.name)));
  return el("p", {class: "acting"}, el("label", {for: "acting"}, _("This phone plays for") + " "), select);
}

function fold(state) {
  const later = state.seats.length >= state.players || state.turn > 0;
  const invite = document.getElementById("invite");
  if (foldedAt === later) return;
  foldedAt = later;
  document.getElementById(later ? "invite-later" : "invite-now").append(invite);
  invite.open = !later;
}

// The seats, the invite folded or open, and the forms to take a seat.
export function drawSeats(state) {
  fold(state);
  const full = state.seats.length >= state.players;
  document.getElementById("seats").replaceChildren(...[
    el("h2", {}, _("Seats"), el("span", {class: "count"},
      " " + _("%(seated)s of %(players)s seated", {seated: state.seats.length, players: state.players}))),
    el("ol", {class: "seats"}, state.seats.map((seat, i) => seatRow(seat, i, state))),
    actingChoice(),
    !full && (!room.mine.length || adding) ? knownNames(state) : null,
    !room.mine.length && !full ? joinForm(_("Your name at this table")) : null,
    room.mine.length && !full ? (adding ? joinForm(_("Name of the player sharing this phone"))
      : el("button", {type: "button", class: "button secondary", "data-key": "add",
        onclick: () => { adding = true; room.redraw(); document.getElementById("seat-name").focus(); }},
      _("Add a player on this phone"))) : null,
    !room.mine.length && full ? el("p", {}, _("Every seat is taken. Is one of them yours, on a phone that died? Tap Take over beside it.")) : null,
    !room.mine.length && state.seats.length ? claim(state) : null,
  ].filter(Boolean));
}
