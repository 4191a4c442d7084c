// The four games' boards: dice with colour + glyph (the sheets' glyphs), and each game's actions.
(function () {
  const {el, game} = Room;
  const colourOf = (face) => (typeof face === "string" ? game.colours[face] : null);
  const zeroAsTen = game.id === "lost-cities";
  const isTen = (face) => zeroAsTen && face === 0;
  const faceText = (face) => (colourOf(face) ? colourOf(face).label : (isTen(face) ? "0 or 10" : String(face)));

  function die(d, i, {selectable, note} = {}) {
    const colour = colourOf(d.face);
    const picked = Room.selected.has(i);
    const words = [`Die ${i + 1}: ${faceText(d.face)}`, d.used && "used", d.held && "held", note].filter(Boolean);
    return el("button", {
      type: "button", class: `die${colour ? " colour" : " number"}${d.used ? " used" : ""}${picked ? " picked" : ""}`,
      style: colour ? `--fill:${colour.rgb};--on-fill:${Room.onFill(colour.rgb)}` : null,
      "aria-pressed": selectable ? String(picked) : null, "aria-label": words.join(", "),
      disabled: !selectable, onclick: () => { picked ? Room.selected.delete(i) : Room.selected.add(i); Room.redraw(); },
    }, el("span", {class: "face"}, colour ? colour.glyph : String(d.face)),
       el("span", {class: "label"}, colour ? colour.label : (note || (d.used ? "used" : isTen(d.face) ? "or 10" : "\u00a0"))));
  }

  const button = (text, onclick, {primary, disabled} = {}) =>
    el("button", {type: "button", class: primary ? "button" : "button secondary", onclick, disabled: disabled || null}, text);
  const chosen = () => [...Room.selected].sort((a, b) => a - b);
  const turnLine = (state, extra) => el("p", {class: "turn"}, state.active
    ? `Turn ${state.turn}: ${state.active}${extra ? " · " + extra : ""}` : "No dice rolled yet.");

  function copenhagen(state) {
    const free = state.dice.map((d, i) => !d.used);
    const faces = game.dice[0].faces;
    const colours = faces.filter((f) => f !== "joker");
    const options = (list) => list.map((f) => el("option", {value: f}, `${game.colours[f].glyph} ${game.colours[f].label}`));
    const from = el("select", {"aria-label": "Colour to turn"}, options(faces));
    const to = el("select", {"aria-label": "Colour it becomes"}, options(colours));
    const shown = state.dice.find((d) => !d.used);
    if (shown) from.value = shown.face;
    to.value = colours.find((c) => c !== from.value);
    const left = state.dice.filter((d) => !d.used);
    return [
      turnLine(state),
      el("div", {class: "dice"}, state.dice.map((d, i) => die(d, i, {selectable: free[i]}))),
      state.dice.length ? el("p", {class: "left"}, left.length < state.dice.length
        ? `Left for the others: ${left.map((d) => faceText(d.face)).join(", ") || "nothing"}` : "Tap dice to choose them.") : null,
      el("div", {class: "actions"},
        button("Roll all five: new turn", () => Room.post("roll"), {primary: true}),
        button("Mark chosen dice used", () => Room.post("use", {dice: chosen()}), {disabled: !state.dice.length}),
        button("Red star: reroll chosen dice", () => Room.post("reroll", {dice: chosen()}), {disabled: !Room.selected.size})),
      state.dice.length ? el("fieldset", {class: "star"}, el("legend", {}, "Green star: turn all dice of one colour into another"),
        from, el("span", {}, " into "), to,
        button("Turn them", () => Room.post("recolour", {from: from.value, to: to.value}))) : null,
    ];
  }

  function lostCities(state) {
    const open = state.picked === null;
    const note = (d) => (state.picked === "picked" ? (d.used ? "taken" : "open") : null);
    const row = (kind) => el("div", {class: "dice"}, state.dice.map((d, i) => d.die === kind
      ? die(d, i, {selectable: open, note: note(d)}) : null));
    const said = {picked: `${state.active} took 2 dice: the others pick 1 colour + 1 number from the open 4.`,
                  refused: `${state.active} refused: all 6 dice are open to the others.`}[state.picked];
    return [
      turnLine(state),
      state.dice.length ? [row("colour"), row("number")] : null,
      said ? el("p", {class: "left"}, said) : (state.dice.length ? el("p", {class: "left"}, "Active player: tap one colour die and one number die.") : null),
      el("div", {class: "actions"},
        button("Roll all six: new turn", () => Room.post("roll"), {primary: true}),
        button("Take the chosen 2 dice", () => Room.post("pick", {dice: chosen()}), {disabled: !open || Room.selected.size !== 2}),
        button("Refuse: mark my dice column", () => Room.post("refuse"), {disabled: !open || !state.dice.length})),
    ];
  }

  let seen = -1;
  function simstown(state) {
    if (state.version !== seen) {
      seen = state.version;
      Room.selected = new Set(state.dice.flatMap((d, i) => (d.held ? [i] : [])));
    }
    const limit = game.values.rolls_per_turn;
    const rolling = state.rolls > 0;
    const dice = state.dice.map((d, i) => Object.assign({}, d, {held: Room.selected.has(i)}));
    return [
      turnLine(state, rolling ? `roll ${state.rolls} of ${limit}` : null),
      el("div", {class: "dice big"}, dice.map((d, i) => die(d, i, {selectable: rolling && state.rolls < limit, note: d.held ? "HELD" : "free"}))),
      rolling && state.rolls < limit ? el("p", {class: "left"}, "Tap a die to hold it (set it aside); tap again to release it.") : null,
      el("div", {class: "actions"},
        button(rolling ? `Roll again (${state.rolls + 1} of ${limit})` : "Roll three dice", () => Room.post("roll", rolling ? {hold: chosen()} : {}),
          {primary: true, disabled: state.rolls >= limit}),
        button("Next turn: pass the dice", () => Room.post("next"), {disabled: !rolling})),
    ];
  }

  function piece(p, size) {
    if (!p) return el("span", {class: "empty"}, "empty");
    const colour = game.colours[p.colour];
    const tall = {};
    for (const [x, y] of game.pieces.find((x) => x.id === p.piece).cubes) tall[`${x},${y}`] = (tall[`${x},${y}`] || 0) + 1;
    const cells = Object.entries(tall).map(([key, n]) => [...key.split(",").map(Number), n > 1 ? `${colour.glyph}${n}` : colour.glyph]);
    return Room.cellsSvg(cells, colour, size);
  }
  const pieceName = (p) => (p ? `${game.colours[p.colour].label} ${game.pieces.find((x) => x.id === p.piece).name}` : "empty slot");

  let target = null, targetSeen = -1;
  function monolyth(state) {
    if (state.version !== targetSeen) { target = null; targetSeen = state.version; }
    const slots = state.ring.length;
    const reach = game.values.crystal_max_move;
    const ring = el("ol", {class: "ring", "aria-label": "Market ring, clockwise from slot 1"}, state.ring.map((p, i) => {
      const angle = (2 * Math.PI * i) / slots - Math.PI / 2;
      return el("li", {class: i === state.crystal ? "slot crystal" : "slot",
        style: `left:${50 + 41 * Math.cos(angle)}%;top:${50 + 41 * Math.sin(angle)}%`,
        "aria-label": `Slot ${i + 1}: ${i === state.crystal ? "crystal, " : ""}${pieceName(p)}`},
        i === state.crystal ? el("span", {class: "gem", "aria-hidden": "true"}, "\u25c6") : piece(p, 11));
    }));
    const moves = [];
    for (let step = 1; step <= reach; step++) {
      const slot = (state.crystal + step) % slots;
      const p = state.ring[slot];
      moves.push(el("button", {type: "button", class: `move${target === step ? " picked" : ""}`, disabled: !p,
        "aria-pressed": String(target === step), onclick: () => { target = step; Room.redraw(); }},
        el("span", {class: "step"}, `+${step}`), piece(p, 14), el("span", {class: "label"}, pieceName(p))));
    }
    const blocks = Object.entries(state.blocks).map(([c, n]) => `${game.colours[c].glyph} ${n}`).join(" · ");
    const box = Object.values(state.box).reduce((a, b) => a + b, 0);
    const go = (take) => { const steps = target; target = null; Room.post("move", {steps, take}); };
    return [
      el("div", {class: "ring-wrap"}, ring, el("p", {class: "box"}, el("strong", {}, String(box)), " in the box")),
      el("h2", {}, "Move the crystal"),
      el("div", {class: "moves"}, moves),
      el("div", {class: "actions"},
        button("Take the piece", () => go("piece"), {primary: true, disabled: target === null}),
        button("Swap it for a 1x1 block", () => go("block"), {disabled: target === null})),
      el("p", {class: "left"}, `1x1 blocks left: ${blocks}`),
    ];
  }

  const boards = {copenhagen, "lost-cities": lostCities, simstown, monolyth};
  Room.boards.push((state) => document.getElementById("board").replaceChildren(...boards[game.id](state).flat().filter(Boolean)));
})();
