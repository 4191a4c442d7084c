// What every table board draws: dice with colour + glyph (the sheets' glyphs, die labels such as 0/10),
// buttons that carry a focus key, the server's prompt for the acting seat, and the declared end
// ("We reached the end", confirmed on the phone) when the server offers it, and the table's counters.
import {onFill} from "./cells.js";
import {el} from "./dom.js";
import * as Glyphs from "./glyphs.js";
import {_} from "./i18n.js";
import {room} from "./room.js";
import {make} from "./taps.js";

const {game} = room;

const colourOf = (d) => (typeof d.face === "string" ? game.colours[d.face]
  : (spec(d).colour ? game.colours[spec(d).colour] : null));
const spec = (d) => game.dice.find((x) => x.id === d.die) || {labels: {}};
const faceLabel = (d) => spec(d).labels[String(d.face)];

// A face as read at the table: "Red", "5", "0/10", "Red 5"; a die not rolled (face null) by its colour or id.
export function faceText(d) {
  if (d.face === null) return spec(d).colour ? game.colours[spec(d).colour].label : d.die;
  if (faceLabel(d)) return faceLabel(d);
  if (typeof d.face === "string") return game.colours[d.face].label;
  return spec(d).colour ? _("%(colour)s %(number)s", {colour: game.colours[spec(d).colour].label, number: d.face})
    : String(d.face);
}

// One die as a button; `selectable` lets the player tap it (toggles room.selected or calls onpick); `key` its
// focus key (default die-<i>). A numbered die with a colour shows the colour's glyph and name under its number.
export function die(d, i, {selectable, note, onpick, big, key} = {}) {
  const colour = colourOf(d);
  const picked = room.selected.has(i);
  const glyph = typeof d.face === "string" ? (colour.glyph_svg ? "" : colour.glyph)
    : d.face === null ? "" : String(d.face);
  const mark = colour && typeof d.face === "number" ? [Glyphs.mark(colour), " "] : [];
  const words = [_("Die %(number)s: %(face)s", {number: i + 1, face: faceText(d)}), d.used && _("used"),
    d.held ? _("set aside") : note].filter(Boolean);  // a held die's note is "SET ASIDE": said once
  const toggle = onpick || (() => {
    picked ? room.selected.delete(i) : room.selected.add(i);
    room.picks += 1;
    room.redraw();
  });
  return el("button", {
    type: "button", "data-key": key || `die-${i}`,
    class: `die${colour ? " colour" : ""}${d.used ? " used" : ""}${picked ? " picked" : ""}${d.held ? " held" : ""}${big ? " big" : ""}`,
    style: colour ? `--fill:${colour.rgb};--on-fill:${onFill(colour.rgb)}` : null,
    "aria-pressed": selectable ? String(onpick ? Boolean(d.held) : picked) : null, "aria-label": words.join(", "),
    disabled: !selectable, onclick: toggle,
  }, el("span", {class: `face${(faceLabel(d) || glyph).length > 2 ? " long" : ""}`}, faceLabel(d) || glyph || Glyphs.mark(colour)),
  el("span", {class: "label"}, ...(note || d.used ? [] : mark),
    note || (d.used ? _("used") : colour ? colour.label : "\u00a0")));
}

// A button with a focus key; primary, or secondary; disabled when told.
export const button = (key, text, onclick, {primary, disabled} = {}) => el("button", {
  type: "button", "data-key": key, class: primary ? "button" : "button secondary", onclick, disabled: disabled || null,
}, text);

// The dice chosen on this phone, in order.
export const chosen = () => [...room.selected].sort((a, b) => a - b);
// The layout's words for a move's button, else `fallback`.
export const label = (move, fallback) => (game.table.labels || {})[move] || fallback;

// A button for each offered move of `moves` ({move: [text, primary]}) that sends it as it is; its text the
// layout's label for the move where it gives one.
export const moveButtons = (moves) => Object.entries(moves).filter(([move]) => room.allows({move}))
  .map(([move, [text, primary]]) => button(move, room.forActor(label(move, text)), () => make({move}), {primary}));

// Whether a die may join the selection: some offered move names a set of dice holding the selection and it.
export const joins = (i) => room.offers().some((entry) => entry.dice && [...room.selected, i].every((j) => entry.dice.includes(j)));
// A button for each offered move that names dice ({move: [text, text with none chosen]}), enabled when the
// dice chosen are one of its sets; primary unless it is the move with none chosen.
export const diceButtons = (moves) => Object.entries(moves).filter(([move]) => room.offers(move).length)
  .map(([move, [text, none]]) => button(move, room.forActor(chosen().length || !none ? label(move, text) : none),
    () => make({move, dice: chosen()}),
    {primary: Boolean(chosen().length || !none), disabled: !room.allows({move, dice: chosen()})}));

// "Turn 3: Ana · your part, Ben: take 1 of the dice left, or pass": the server's words (focused, and so read
// out, when the phone has nothing left to tap).
export const turnLine = () => el("p", {class: "turn", id: "turn-line", tabindex: "-1", "data-key": "turn-line"}, room.prompt());

// The declared end: "We reached the end" asks to confirm, then tells the server.
let ending = false;
// The declared end, when the server offers it: asked, then confirmed.
export function endControl() {
  if (!room.allows({move: "end"})) { ending = false; return null; }
  const rule = game.table.declared_end.text;  // its house values filled in by the server
  if (!ending) {
    return button("end", room.forActor(_("We reached the end")), () => {
      ending = true;
      room.redraw();
      document.querySelector('[data-key="end-no"]').focus(); // the safe answer first
    });
  }
  return el("div", {class: "panel", role: "group", "aria-label": _("We reached the end")},
    el("p", {}, _("End the game now? %(rule)s", {rule})),
    button("end-yes", _("Yes: the game ends"), () => { ending = false; make({move: "end"}); }, {primary: true}),
    button("end-no", _("Not yet"), () => {
      ending = false;
      room.redraw();
      document.querySelector('[data-key="end"]').focus();
    }));
}

// The table's counters (failed throws...): every seat's count, and the offered move adding one, by its words.
export function counters(state) {
  const declared = Object.entries(game.table.counters || {});
  if (!declared.length) return null;
  const counts = state.counts || {};
  return el("div", {class: "counters"}, declared.flatMap(([id, counter]) => [
    el("p", {class: "counter", "data-key": `counter-${id}`}, `${counter.label}: `, state.seats.map((s) =>
      `${s.name} ${(counts[String(s.seat)] || {})[id] || 0}`).join(" · ")),
    room.allows({move: "count", counter: id}) ? button(`count-${id}`, room.forActor(counter.move
      || _("Add one: %(label)s", {label: counter.label})), () => make({move: "count", counter: id})) : null]));
}
