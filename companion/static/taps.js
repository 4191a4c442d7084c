// One tap, one move: a tap on the room page sent to the room API as the seat this phone acts for, with its
// token, the version shown and a request id; a double tap is sent once; a move tapped while the connection is
// lost is kept for later or refused (kept.js).
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {keeper, refuse} from "./kept.js";
import {room} from "./room.js";

// A tap is in flight from before it is sent until its answer; the same button tapped again next (nothing else
// tapped in between) while it is in flight, or within DOUBLE_TAP_MS of its answer, is the second half of a
// double tap and is not sent, whoever the phone acts for by then. A tap's request id comes from the version
// shown when it was made: the same move tapped again on that version (a retry after a lost answer) carries the
// same id, and the server makes it once.
const DOUBLE_TAP_MS = 350;
const ids = new Map(); // request ids by version, seat and move
let last = {button: "", flying: false, answered: 0}; // the last tap

/** The request id of a tap named `sent` (the same name, the same id). */
export function requestId(sent) {
  if (!ids.has(sent)) {
    if (ids.size > 50) ids.clear();
    ids.set(sent, Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""));
  }
  return ids.get(sent);
}
const doubleTap = (button) => button === last.button && (last.flying || Date.now() - last.answered < DOUBLE_TAP_MS);

/** POST to the room API as `seat` (default: the acting seat); a move of the game is its allowed `entry`. */
export async function post(path, body, seat, entry) {
  // A move made for the seat chosen under "This phone plays for" ends the choice: the phone follows the table again.
  const me = room.mine.find((m) => m.seat === (seat === undefined ? room.actor() : seat));
  if (!me) { room.say(_("Take a seat first: type your name under Seats."), true); return null; }
  const button = JSON.stringify([path, body || {}]);
  if (doubleTap(button)) return null;
  const sent = Object.assign({player: me.name, token: me.token, seen: room.state.version,
    request: requestId(`${room.state.version}/${me.seat}/${button}`)}, body || {});
  const keep = entry && keeper(entry, path, sent, me.seat);
  if (entry && room.offline) return keep ? keep() && null : refuse();
  const tap = last = {button, flying: true, answered: 0}, chosen = room.acting, picks = room.picks;
  const answer = await room.send(path, sent, keep);
  Object.assign(tap, {flying: false, answered: Date.now()});
  if (answer && me.seat === chosen && room.acting === chosen) room.acting = null; // not a choice made since
  if (answer) room.show(answer);
  const handed = answer && room.handedOn(); // the stream had brought that state: drawn for the chosen seat
  if (answer) room.answered(answer, picks); // its picks done, drawn again (for the chosen seat)
  if (handed) room.say(...handed);
  return answer;
}

/** Send an allowed entry: a list crossing to lists/<list>/<item>, any other move to its name. */
export function make(entry) {
  const {move, list, item, ...body} = entry;
  return post(move === "cross" ? `lists/${list}/${item}` : move, body, undefined, entry);
}

/** The second tap of a double tap (a click counted 2 or more at the same spot) lands on whatever the first tap's
 * answer drew under the finger (Simstown: the middle die, set aside): `board` takes no such tap. */
export function ignoreSecondTaps(board) {
  board.addEventListener("click", (event) => {
    if (event.detail > 1) { event.stopPropagation(); event.preventDefault(); }
  }, true);
}

/** The undo offer: only to the phone holding the seat that made the room's last move. */
export function drawUndo(state) {
  const slot = document.getElementById("undo");
  const mine = state.undo && room.holds(state.undo.seat);
  slot.replaceChildren(...(mine ? [el("button", {type: "button", class: "button secondary", "data-key": "undo",
    onclick: () => post("undo", {}, state.undo.seat)}, _("Undo %(name)s's last move", {name: room.seatName(state.undo.seat)}))] : []));
}
