// The market-ring board (table kind `market-ring`): the ring of pieces with the crystal, the slots it
// reaches (the state's `ahead`), take the piece or swap it for a 1x1 block. A step is enabled while the
// server offers a move of that many steps; taking it while that exact move is offered.
import {button, turnLine} from "./board-kit.js";
import {cellsSvg, onFill} from "./cells.js";
import {el} from "./dom.js";
import * as Glyphs from "./glyphs.js";
import {_, ngettext} from "./i18n.js";
import {room} from "./room.js";
import {make} from "./taps.js";

const {game} = room;
const amount = (value) => (typeof value === "string" ? game.values[value] : value);
let target = null, targetKey = "";

function piece(p, size) {
  if (!p) return el("span", {class: "empty"}, _("empty"));
  const colour = game.colours[p.colour];
  const tall = {};
  for (const [x, y] of game.pieces.find((x) => x.id === p.piece).cubes) tall[`${x},${y}`] = (tall[`${x},${y}`] || 0) + 1;
  const letter = colour.glyph_svg ? "" : colour.glyph;
  const cells = Object.entries(tall).map(([key, n]) => [...key.split(",").map(Number), n > 1 ? `${letter}${n}` : letter]);
  const svg = cellsSvg(cells, colour, size), plain = cells.find((c) => !c[2]);
  if (colour.glyph_svg && plain) Glyphs.inCell(svg, plain[0], plain[1], colour, onFill(colour.rgb));
  return svg;
}
const pieceName = (p) => (p ? _("%(colour)s %(piece)s", {colour: game.colours[p.colour].label,
  piece: game.pieces.find((x) => x.id === p.piece).name}) : _("empty slot"));

function market(state) {
  if (room.selectionKey !== targetKey) { target = null; targetKey = room.selectionKey; }
  const slots = state.ring.length;
  const ring = el("ol", {class: "ring", "aria-label": _("Market ring, clockwise from slot 1")}, state.ring.map((p, i) => {
    const angle = (2 * Math.PI * i) / slots - Math.PI / 2;
    return el("li", {class: i === state.crystal ? "slot crystal" : "slot",
      style: `left:${50 + 41 * Math.cos(angle)}%;top:${50 + 41 * Math.sin(angle)}%`,
      "aria-label": i === state.crystal ? _("Slot %(slot)s: crystal, %(piece)s", {slot: i + 1, piece: pieceName(p)})
        : _("Slot %(slot)s: %(piece)s", {slot: i + 1, piece: pieceName(p)})},
    i === state.crystal ? el("span", {class: "gem", "aria-hidden": "true"}, "\u25c6") : piece(p, 13));
  }));
  const moves = state.ahead.map((slot, i) => {
    const step = i + 1, p = state.ring[slot];
    return el("button", {type: "button", class: `move${target === step ? " picked" : ""}`,
      disabled: !room.offers("move").some((m) => m.steps === step),
      "data-key": `move-${step}`, "aria-pressed": String(target === step), onclick: () => { target = step; room.redraw(); }},
    el("span", {class: "step"}, `+${step}`), piece(p, 14), el("span", {class: "label"}, pieceName(p)));
  });
  const blocks = Object.entries(state.blocks).map(([c, n]) => `${game.colours[c].label} ${n}`).join(" · ");
  const box = Object.values(state.box).reduce((a, b) => a + b, 0);
  const take = (how, text, primary) => (room.offers("move").some((m) => m.take === how)
    ? button(`take-${how}`, room.forActor(text), () => make({move: "move", steps: target, take: how}),
      {primary, disabled: !room.allows({move: "move", steps: target, take: how})}) : null);
  return [
    turnLine(),
    el("div", {class: "ring-wrap"}, ring, el("p", {class: "box"}, el("strong", {}, String(box)), " ",
      ngettext("piece in the bag", "pieces in the bag", box))),
    el("h2", {}, state.crystal === null ? _("Move the crystal (it stands beside the market)") : _("Move the crystal")),
    el("div", {class: "moves"}, moves),
    el("div", {class: "actions"}, take("piece", _("Take the piece"), true), take("block", _("Swap it for a 1x1 block"))),
    amount(game.table.blocks_per_colour) ? el("p", {class: "hint"}, _("1x1 blocks left: %(blocks)s", {blocks})) : null,
  ];
}

/** The market-ring board by the mechanic's name. */
export const marketBoards = {"market-ring": market};
