// A seat whose phone died, on a new phone: one tap beside the seat asks for it (the new phone shows the ask's
// code); every phone the server names in the ask's `answer` shows "Cy's seat: let the new phone take it?" and
// lets it in or turns it away. The new phone then holds the seat; a phone whose seat the state's `moved`
// gives to another ask drops it at once and watches, saying so, and while the state's `displaced` names the
// seat (10 minutes) offers to take it back with one tap ("That was not me"). A phone offers the ask beside a seat whose
// phone is away, and beside a seat whose phone is here only once its player says "One of these seats is mine".
import {isAway} from "./away.js";
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {room} from "./room.js";
import {post, requestId} from "./taps.js";

const asksKey = `rollsheet.asks.${room.code}`, lostKey = `rollsheet.lost.${room.code}`;
let asks = JSON.parse(localStorage.getItem(asksKey) || "[]"); // [{seat, name, ask, token}] this phone asked for
let lost = JSON.parse(localStorage.getItem(lostKey) || "[]"); // [{seat, name, token, ask}] seats it lost
const keep = (kept) => { asks = kept; localStorage.setItem(asksKey, JSON.stringify(asks)); };
const keepLost = (kept) => { lost = kept; localStorage.setItem(lostKey, JSON.stringify(lost)); };
const spaced = (ask) => ask.split("").join(" ");
let claimed = false; // the player said one of the seats whose phone is here is theirs

async function ask(seat) {
  const answer = await room.send(`seats/${seat}/takeover`, {});
  if (!answer) return;
  const name = room.seatName(seat);
  keep([...asks.filter((a) => a.seat !== seat), {seat, name, ask: answer.ask, token: answer.token}]);
  // the stream may have brought the state that lets it in before this answer came
  const settled = (room.state.moved || {})[seat] === answer.ask && settle(room.state);
  room.redraw();
  if (settled) return room.say(settled[0]);
  room.say(_("This phone asked for %(name)s's seat: a player at the table lets it in on their phone.", {name}));
  document.querySelector('[data-key="asked"]').focus();
}

// The seat this phone lost, taken back with its old token (the server allows it for 10 minutes).
async function takeBack(seat) {
  const answer = await room.send(`seats/${seat.seat}/takeover`, {token: seat.token, back: true,
    request: requestId(`back/${seat.seat}/${seat.token}`)}); // sent again after a lost answer: taken back once
  if (!answer) return;
  keepLost(lost.filter((l) => l !== seat));
  room.mine.push(seat);
  room.saveSeats();
  room.show(answer);
  room.redraw(); // also when the stream had brought that state first
  room.say(_("This phone plays for %(name)s again.", {name: seat.name}));
  room.focusNext();
}

// Each new state: seats this phone lost to another phone go (kept while they can be taken back), asks let in
// become seats, asks gone are dropped.
export function settle(state) {
  const moved = state.moved || {}, said = [];
  const gone = room.mine.filter((m) => (moved[m.seat] || null) !== (m.ask || null));
  for (const m of gone) said.push(_("%(name)s's seat moved to another phone: this phone no longer plays for %(name)s.", {name: m.name}));
  room.mine = room.mine.filter((m) => !gone.includes(m));
  keepLost([...lost, ...gone].filter((l) => l.seat in (state.displaced || {})));
  for (const a of asks) {
    if (moved[a.seat] === a.ask) {
      room.mine.push({seat: a.seat, name: a.name, token: a.token, ask: a.ask});
      said.push(_("This phone now plays for %(name)s.", {name: a.name}));
    } else if (!(state.takeovers || []).some((t) => t.ask === a.ask)) {
      said.push(_("Nobody let this phone take %(name)s's seat: ask again if it is yours.", {name: a.name}));
    }
  }
  if (!said.length) return null;
  keep(asks.filter((a) => moved[a.seat] !== a.ask && (state.takeovers || []).some((t) => t.ask === a.ask)));
  room.saveSeats();
  setTimeout(room.focusNext);
  return [said.join(" "), gone.length > 0];
}

// Beside a seat, on a phone that holds none: the tap that asks for it (a seat away, or any once claimed).
export function control(seat) {
  if (asks.some((a) => a.seat === seat.seat) || !(claimed || isAway(seat.seat))) return null;
  return el("button", {type: "button", class: "small", "data-key": `ask-${seat.seat}`, onclick: () => ask(seat.seat),
    "aria-label": _("Ask to take over %(name)s's seat on this phone", {name: seat.name})}, _("Take over"));
}

function waiting(a) {
  return el("div", {class: "card ask", role: "group", tabindex: "-1", "data-key": "asked",
    "aria-label": _("Asked for %(name)s's seat", {name: a.name})},
  el("p", {}, _("This phone asks for %(name)s's seat. A player at the table lets it in on their phone, which shows the same code:", {name: a.name})),
  el("p", {class: "ask-code", "aria-label": spaced(a.ask)}, a.ask));
}

// On a phone the ask names as one that may answer it: let the new phone take the seat, or turn it away.
function question(t) {
  const by = t.answer.find((seat) => room.holds(seat)), name = room.seatName(t.seat);
  const reply = (let_) => post(`seats/${t.seat}/takeover`, {ask: t.ask, let: let_}, by);
  return el("div", {class: "card ask", role: "group", "aria-label": _("%(name)s's seat: let the new phone take it?", {name})},
    el("p", {}, room.holds(t.seat) ? _("A new phone asks for your seat, %(name)s: let it take it?", {name})
      : _("%(name)s's seat: let the new phone take it?", {name})),
    el("p", {}, _("Look at the new phone: it shows %(code)s.", {code: t.ask})),
    el("div", {class: "choices"},
      el("button", {type: "button", class: "button", "data-key": `let-${t.ask}`, onclick: () => reply(true)},
        _("Yes: it takes %(name)s's seat", {name})),
      el("button", {type: "button", class: "button secondary", "data-key": `no-${t.ask}`, onclick: () => reply(false)},
        _("No"))));
}

// On the phone that lost a seat, while it may take it back: one tap.
function lostCard(seat) {
  return el("div", {class: "card ask", role: "group", "aria-label": _("%(name)s's seat: take it back?", {name: seat.name})},
    el("p", {}, _("%(name)s's seat moved to another phone: this phone no longer plays for %(name)s.", {name: seat.name})),
    el("button", {type: "button", class: "button", "data-key": `back-${seat.seat}`, onclick: () => takeBack(seat)},
      _("That was not me: take my seat back")));
}

// The asks for seats: this phone's own, those it may answer, the seats it may take back.
export function drawAsks(state) {
  const own = new Set(asks.map((a) => a.ask));
  document.getElementById("asks").replaceChildren(...lost.filter((l) => !room.holds(l.seat)).map(lostCard), ...asks.map(waiting),
    ...(state.takeovers || []).filter((t) => !own.has(t.ask) && t.answer.some((seat) => room.holds(seat))).map(question));
}
// Below the seats, on a phone that holds none while some seat's phone is here: "One of these seats is mine".
export function claim(state) {
  if (claimed || state.seats.every((seat) => isAway(seat.seat))) return null;
  return el("button", {type: "button", class: "button secondary", "data-key": "claim",
    onclick: () => { claimed = true; room.redraw(); document.querySelector('[data-key^="ask-"]')?.focus(); }},
  _("One of these seats is mine"));
}
