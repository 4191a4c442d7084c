// The market-ring board (table kind `market-ring`): the ring of pieces with the crystal, the slots it
// can reach, take the piece or swap it for a 1x1 block. Only the player on turn may move.
(function () {
  const {el, game} = Room;
  const {button, part, turnLine} = Room.kit;
  const config = game.table;
  if (!config || config.kind !== "market-ring") return;
  const amount = (value) => (typeof value === "string" ? game.values[value] : value);
  let target = null, targetTurn = -1;

  function piece(p, size) {
    if (!p) return el("span", {class: "empty"}, _("empty"));
    const colour = game.colours[p.colour];
    const tall = {};
    for (const [x, y] of game.pieces.find((x) => x.id === p.piece).cubes) tall[`${x},${y}`] = (tall[`${x},${y}`] || 0) + 1;
    const letter = colour.glyph_svg ? "" : colour.glyph;
    const cells = Object.entries(tall).map(([key, n]) => [...key.split(",").map(Number), n > 1 ? `${letter}${n}` : letter]);
    const svg = Room.cellsSvg(cells, colour, size), plain = cells.find((c) => !c[2]);
    if (colour.glyph_svg && plain) Glyphs.inCell(svg, plain[0], plain[1], colour, Room.onFill(colour.rgb));
    return svg;
  }
  const pieceName = (p) => (p ? _("%(colour)s %(piece)s", {colour: game.colours[p.colour].label,
    piece: game.pieces.find((x) => x.id === p.piece).name}) : _("empty slot"));
  const turnList = Object.values(game.lists).find((list) => list.turn_action);

  function market(state) {
    if (state.turn !== targetTurn) { target = null; targetTurn = state.turn; }
    const slots = state.ring.length, reach = amount(config.reach), mine = part(state, "active").mine;
    const ring = el("ol", {class: "ring", "aria-label": _("Market ring, clockwise from slot 1")}, state.ring.map((p, i) => {
      const angle = (2 * Math.PI * i) / slots - Math.PI / 2;
      return el("li", {class: i === state.crystal ? "slot crystal" : "slot",
        style: `left:${50 + 41 * Math.cos(angle)}%;top:${50 + 41 * Math.sin(angle)}%`,
        "aria-label": i === state.crystal ? _("Slot %(slot)s: crystal, %(piece)s", {slot: i + 1, piece: pieceName(p)})
          : _("Slot %(slot)s: %(piece)s", {slot: i + 1, piece: pieceName(p)})},
      i === state.crystal ? el("span", {class: "gem", "aria-hidden": "true"}, "\u25c6") : piece(p, 11));
    }));
    const moves = [];
    for (let step = 1; step <= reach; step++) {
      const slot = state.crystal === null ? step - 1 : (state.crystal + step) % slots;
      const p = state.ring[slot];
      moves.push(el("button", {type: "button", class: `move${target === step ? " picked" : ""}`, disabled: !p || !mine,
        "data-key": `move-${step}`, "aria-pressed": String(target === step), onclick: () => { target = step; Room.redraw(); }},
      el("span", {class: "step"}, `+${step}`), piece(p, 14), el("span", {class: "label"}, pieceName(p))));
    }
    const blocks = Object.entries(state.blocks).map(([c, n]) => `${game.colours[c].label} ${n}`).join(" · ");
    const box = Object.values(state.box).reduce((a, b) => a + b, 0);
    const go = (take) => Room.post("move", {steps: target, take});
    const doing = turnList ? _("move the crystal 1 to %(reach)s slots and take that piece, or take from %(list)s",
      {reach, list: turnList.label}) : _("move the crystal 1 to %(reach)s slots and take that piece", {reach});
    return [
      turnLine(state, "active", doing),
      el("div", {class: "ring-wrap"}, ring, el("p", {class: "box"}, el("strong", {}, String(box)), " ",
        ngettext("piece in the bag", "pieces in the bag", box))),
      el("h2", {}, state.crystal === null ? _("Move the crystal (it stands beside the market)") : _("Move the crystal")),
      el("div", {class: "moves"}, moves),
      el("div", {class: "actions"},
        button("take-piece", _("Take the piece"), () => go("piece"), {primary: true, disabled: target === null || !mine}),
        amount(config.blocks_per_colour) ? button("take-block", _("Swap it for a 1x1 block"), () => go("block"),
          {disabled: target === null || !mine}) : null),
      amount(config.blocks_per_colour) ? el("p", {class: "hint"}, _("1x1 blocks left: %(blocks)s", {blocks})) : null,
    ];
  }

  Room.boards.push((state) => document.getElementById("board").replaceChildren(...market(state).filter(Boolean)));
})();
