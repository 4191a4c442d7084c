// The dice boards, drawn from the game's `table:` section (kind + config): hold-and-roll, roll-and-draft,
// dice-pool, shared-roll (board-choice.js picks one by the mechanic's name). Every control is one of the server's
// `allowed` moves for the seat this phone acts for: a die can be chosen while some offered move names it with the
// dice chosen so far, a button is enabled when its move is offered as it would be sent. The turn line is the server's.
import {button, chosen, die, diceButtons, faceText, joins, label, moveButtons, turnLine} from "./board-kit.js";
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {room} from "./room.js";
import {make} from "./taps.js";

const {game} = room;

// Hold and roll: a tap on a die sends the offered hold with that die set aside (or released).
function holdAndRoll(state) {
  const holds = (i) => state.dice.flatMap((d, j) => ((j === i) !== d.held ? [j] : []));
  return [
    turnLine(),
    el("div", {class: "dice"}, state.dice.map((d, i) => die(d, i, {selectable: room.allows({move: "hold", dice: holds(i)}),
      big: true, note: d.held ? _("SET ASIDE") : null, onpick: () => make({move: "hold", dice: holds(i)})}))),
    room.offers("hold").length ? el("p", {class: "hint"}, _("Tap a die to set it aside; tap it again to roll it too.")) : null,
    el("div", {class: "actions"}, moveButtons({roll: [state.rolls ? _("Roll again") : _("Roll the dice"), true],
      next: [label("next", _("End the turn: pass the dice"))]})),
  ];
}

// The dice in rows by die kind, each selectable while an offered move could take it with the others chosen.
function diceRows(state) {
  return [...new Set(game.dice.map((d) => d.id))].map((id) => el("div", {class: "dice"},
    state.dice.map((d, i) => (d.die === id ? die(d, i, {selectable: room.selected.has(i) || joins(i)}) : null))));
}

// Who picked or took what this turn, as the state says it.
function picks(state) {
  const rows = Object.entries(state.picks || state.takes || {}).map(([seat, dice]) => el("li", {},
    `${room.seatName(Number(seat))}: ${dice === "refused" ? _("refused") : dice === "passed" ? _("passed")
      : dice.map((i) => faceText(state.dice[i])).join(", ")}`));
  return rows.length ? el("ul", {class: "picks", "aria-label": _("Picks this turn")}, rows) : null;
}

function rollAndDraft(state) {
  return [turnLine(), state.dice.length ? diceRows(state) : null, picks(state),
    el("div", {class: "actions"}, moveButtons({roll: [_("Roll the dice"), true]}),
      diceButtons({pick: [_("Take the chosen dice")]}),
      moveButtons({refuse: [game.table.refuse || _("Refuse the dice")], next: [_("End the turn now")]}))];
}

// The green star: the colours the server offers to turn, and what each may become; the colours chosen stay
// through redraws while the table and the acting seat stay the same (a new roll or turn starts clean).
let star = {key: "", from: null, to: null};
function recolourBox() {
  const pairs = room.offers("recolour");
  if (!pairs.length) return null;
  if (star.key !== room.selectionKey) star = {key: room.selectionKey, from: null, to: null};
  const option = (f, chosen) => el("option", {value: f, selected: f === chosen}, game.colours[f].label);  // words name the colour, not its glyph
  const sources = [...new Set(pairs.map((p) => p.from))];
  const from = el("select", {"aria-label": _("Colour to turn"), "data-key": "recolour-from",
    onchange: () => { star.from = from.value; to.replaceChildren(...targets()); star.to = to.value; }},
  sources.map((f) => option(f, star.from)));
  const targets = () => pairs.filter((p) => p.from === from.value).map((p) => option(p.to, star.to));
  const to = el("select", {"aria-label": _("Colour it becomes"), "data-key": "recolour-to",
    onchange: () => { star.to = to.value; }}, targets());
  return el("fieldset", {class: "star"}, el("legend", {}, label("recolour", _("Turn all dice of one colour into another"))),
    from, el("span", {}, " " + _("into") + " "), to,
    button("recolour", room.forActor(_("Turn them")), () => make({move: "recolour", from: from.value, to: to.value})));
}

// Before a die is chosen, "Use no die" is a plain button after the others (one tap hands every die on).
function dicePool(state) {
  const use = diceButtons({use: [_("Use the chosen dice"), _("Use no die")]});
  const none = !chosen().length;
  return [turnLine(), state.dice.length ? diceRows(state) : null, picks(state),
    el("div", {class: "actions"}, moveButtons({roll: [_("Roll the dice"), true]}), none ? null : use,
      diceButtons({take: [_("Take the chosen dice")], reroll: [label("reroll", _("Roll the chosen dice again"))]}),
      moveButtons({pass: [_("Pass: take no die")], next: [_("End the turn now")]}), none ? use : null),
    recolourBox()];
}

// Shared roll: the roll every seat writes, its sum large where the layout shows it; the dice the roller may
// choose (tap them, then roll them); roll again or keep; or say the roll is written.
function sharedRoll(state) {
  const sum = state.sum === null || state.sum === undefined ? null
    : el("p", {class: "sum", "data-key": "sum"}, el("span", {class: "sum-label"}, _("Sum")), String(state.sum));
  const choosing = room.offers("roll").some((entry) => entry.dice);
  const every = game.dice.flatMap((d) => Array.from({length: d.count}, () => ({die: d.id, face: null})));
  const choice = choosing ? el("div", {class: "dice", role: "group", "aria-label": _("Dice to roll")},
    every.map((d, i) => die(d, i, {selectable: room.selected.has(i) || joins(i), key: `choose-${i}`}))) : null;
  return [turnLine(), state.dice.length ? el("div", {class: "dice"}, state.dice.map((d, i) => die(d, i, {big: true})))
    : null, sum, choice, choosing ? el("p", {class: "hint"}, _("Tap the dice to roll, then roll them.")) : null,
  el("div", {class: "actions"}, choosing ? diceButtons({roll: [_("Roll the chosen dice")]})
    : moveButtons({roll: [_("Roll for everyone"), true]}),
  moveButtons({reroll: [_("Roll them again"), true], keep: [_("Keep this roll")], written: [_("Written"), true]}))];
}

/** The dice boards by the mechanic's name: each draws the board's part above the counters and the declared end. */
export const diceBoards = {"hold-and-roll": holdAndRoll, "roll-and-draft": rollAndDraft, "dice-pool": dicePool,
  "shared-roll": sharedRoll};
