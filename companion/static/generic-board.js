// The board of a mechanic the page has no board of its own for: the turn line, the dice on the table (when the
// state has any), and one button per move the server allows the seat this phone acts for, labelled by the move's
// label (the layout's, else the move's name) and its parameters, sending that body as it is. The shared lists'
// crossings, the declared end and the counters have their own controls (lists.js, board-kit.js).
import {button, die, label, turnLine} from "./board-kit.js";
import {el} from "./dom.js";
import {room} from "./room.js";
import {make} from "./taps.js";

const DRAWN_ELSEWHERE = new Set(["cross", "end", "count"]);

// "Roll", or "Hold · dice: 0, 2": the move's label and the parameters of its body.
function words(entry) {
  const {move, ...params} = entry;
  const details = Object.entries(params).map(([key, value]) => `${key}: ${[value].flat().join(", ")}`);
  return [label(move, move), ...details].join(" · ");
}

/** The generic board: a button for each allowed body of the acting seat. */
export function genericBoard(state) {
  const entries = room.offers().filter((entry) => !DRAWN_ELSEWHERE.has(entry.move));
  const dice = (state.dice || []).length ? el("div", {class: "dice"}, state.dice.map((d, i) => die(d, i))) : null;
  return [turnLine(), dice,
    el("div", {class: "actions"}, entries.map((entry, i) => button(JSON.stringify(entry), room.forActor(words(entry)),
      () => make(entry), {primary: i === 0})))];
}
