// What every table board draws: dice with colour + glyph (the sheets' glyphs, die labels such as 0/10),
// buttons that carry a focus key, and the turn line: "Turn N: Ana" and what the player may do now.
Room.kit = (function () {
  const {el, game} = Room;

  const colourOf = (d) => (typeof d.face === "string" ? game.colours[d.face]
    : (spec(d).colour ? game.colours[spec(d).colour] : null));
  const spec = (d) => game.dice.find((x) => x.id === d.die) || {labels: {}};
  const faceLabel = (d) => spec(d).labels[String(d.face)];

  // A face as read at the table: "Red", "5", "0/10", "Red 5".
  function faceText(d) {
    if (faceLabel(d)) return faceLabel(d);
    if (typeof d.face === "string") return game.colours[d.face].label;
    return spec(d).colour ? _("%(colour)s %(number)s", {colour: game.colours[spec(d).colour].label, number: d.face})
      : String(d.face);
  }

  // One die as a button; `selectable` lets the player tap it (toggles Room.selected or calls onpick).
  function die(d, i, {selectable, note, onpick, big} = {}) {
    const colour = colourOf(d);
    const picked = Room.selected.has(i);
    const glyph = typeof d.face === "string" ? (colour.glyph_svg ? "" : colour.glyph) : String(d.face);
    const words = [_("Die %(number)s: %(face)s", {number: i + 1, face: faceText(d)}), d.used && _("used"),
      d.held && _("set aside"), note].filter(Boolean);
    const toggle = onpick || (() => { picked ? Room.selected.delete(i) : Room.selected.add(i); Room.redraw(); });
    return el("button", {
      type: "button", "data-key": `die-${i}`,
      class: `die${colour ? " colour" : ""}${d.used ? " used" : ""}${picked ? " picked" : ""}${d.held ? " held" : ""}${big ? " big" : ""}`,
      style: colour ? `--fill:${colour.rgb};--on-fill:${Room.onFill(colour.rgb)}` : null,
      "aria-pressed": selectable ? String(onpick ? Boolean(d.held) : picked) : null, "aria-label": words.join(", "),
      disabled: !selectable, onclick: toggle,
    }, el("span", {class: `face${(faceLabel(d) || glyph).length > 2 ? " long" : ""}`}, faceLabel(d) || glyph || Glyphs.mark(colour)),
    el("span", {class: "label"}, note || (d.used ? _("used") : typeof d.face === "string" ? colour.label : "\u00a0")));
  }

  const button = (key, text, onclick, {primary, disabled} = {}) => el("button", {
    type: "button", "data-key": key, class: primary ? "button" : "button secondary", onclick, disabled: disabled || null,
  }, text);

  const chosen = () => [...Room.selected].sort((a, b) => a - b);
  const label = (move, fallback) => (game.table.labels || {})[move] || fallback;

  // Whose part this is: "mine" when this phone may act now, else who the table waits for.
  function part(state, role) {
    if (state.over || state.turn === 0) return {mine: state.turn === 0 && !state.over && Room.mine.length > 0};
    if (role === "active") return {mine: Room.holds(state.active), waiting: [Room.seatName(state.active)]};
    const left = state.seats.filter((s) => s.seat !== state.active && !state.done.includes(s.seat));
    return {mine: left.some((s) => Room.holds(s.seat)) && Room.actor() !== state.active, waiting: left.map((s) => s.name)};
  }

  // "Turn 3: Ana · your turn, Ana: roll the dice" or "Turn 3: Ana · waiting for Ana to roll the dice".
  function turnLine(state, role, doing) {
    let text;
    if (state.over) text = _("The game is over: %(end)s", {end: (game.table.end || {}).text || _("enter the scores")});
    else if (state.turn === 0) text = Room.mine.length ? _("Nobody has started yet: the first player to %(doing)s starts.", {doing})
      : _("Take a seat to play.");
    else {
      const who = part(state, role);
      const values = {me: Room.seatName(Room.actor()), doing, names: I18n.listing(who.waiting || [])};
      text = `${_("Turn %(turn)s: %(name)s", {turn: state.turn, name: Room.seatName(state.active)})} · ` + (!who.mine
        ? _("waiting for %(names)s to %(doing)s", values)
        : role === "active" ? _("your turn, %(me)s: %(doing)s", values) : _("your part, %(me)s: %(doing)s", values));
    }
    return el("p", {class: "turn", id: "turn-line"}, text);
  }

  return {die, button, chosen, label, part, turnLine, faceText};
})();
