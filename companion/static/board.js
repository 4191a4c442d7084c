// The table board, drawn from the game's `table:` section (kind + config): hold-and-roll, roll-and-draft,
// dice-pool (market-ring lives in market.js). Controls for a part that is not this phone's are disabled
// and the turn line says whom the table waits for.
(function () {
  const {el, game} = Room;
  const {die, button, chosen, label, part, turnLine} = Room.kit;
  const config = game.table;
  const amount = (value) => (typeof value === "string" ? game.values[value] : value);

  function holdAndRoll(state) {
    const limit = amount(config.rolls_per_turn);
    const mine = part(state, "active").mine;
    const rolling = state.phase === "rolling", left = rolling && state.rolls < limit;
    const hold = (i) => Room.post("hold", {dice: state.dice.flatMap((d, j) => ((j === i) !== d.held ? [j] : []))});
    // TRANSLATORS: "doing" phrases are infinitives, said after "your turn, Ana:" and "waiting for Ana to".
    const doing = !rolling ? _("roll the dice")
      : left ? _("set dice aside and roll again, or end the turn (roll %(roll)s of %(limit)s)", {roll: state.rolls, limit})
        : _("place the dice, then end the turn");
    return [
      turnLine(state, "active", doing),
      el("div", {class: "dice"}, state.dice.map((d, i) => die(d, i, {selectable: mine && left, big: true,
        note: d.held ? _("SET ASIDE") : null, onpick: () => hold(i)}))),
      mine && left ? el("p", {class: "hint"}, _("Tap a die to set it aside; tap it again to roll it too.")) : null,
      el("div", {class: "actions"},
        button("roll", !rolling ? _("Roll the dice") : left ? _("Roll again (roll %(roll)s of %(limit)s)", {roll: state.rolls + 1, limit})
          : _("No rolls left (%(limit)s of %(limit)s)", {limit}), () => Room.post("roll"), {primary: true, disabled: !mine || (rolling && !left)}),
        button("next", label("next", _("End the turn: pass the dice")), () => Room.post("next"), {disabled: !mine || !rolling})),
    ];
  }

  function pickBoard(state, {pickable, pickPhase, take, takeLabel, refuse}) {
    const active = part(state, "active").mine && state.phase === pickPhase;
    const other = part(state, "others").mine && state.phase === "others";
    const open = (i) => pickable(state, i, active);
    const rows = [...new Set(game.dice.map((d) => d.id))].map((id) => el("div", {class: "dice"},
      state.dice.map((d, i) => (d.die === id ? die(d, i, {selectable: (active || other) && open(i)}) : null))));
    const picks = Object.entries(state.picks || state.takes || {}).map(([seat, dice]) => el("li", {},
      `${Room.seatName(Number(seat))}: ${dice === "refused" ? _("refused") : dice.map((i) => Room.kit.faceText(state.dice[i])).join(", ")}`));
    return [
      state.dice.length ? rows : null,
      picks.length ? el("ul", {class: "picks", "aria-label": _("Picks this turn")}, picks) : null,
      el("div", {class: "actions"},
        state.phase === "roll" ? button("roll", _("Roll the dice"), () => Room.post("roll"), {primary: true, disabled: !part(state, "active").mine}) : null,
        active || other ? button(take, takeLabel, () => Room.post(take, {dice: chosen()}), {primary: true, disabled: !Room.selected.size && take !== "use"}) : null,
        refuse && (active || other) ? button("refuse", refuse, () => Room.post("refuse")) : null,
        state.phase === "others" && part(state, "active").mine ? button("next", _("End the turn now"), () => Room.post("next")) : null),
    ];
  }

  function rollAndDraft(state) {
    const picks = config.pick_texts;
    const spec = state.phase === "pick" ? picks.active_pick : picks.others_pick;
    const doing = {roll: _("roll the dice"), pick: _("pick %(dice)s", {dice: picks.active_pick}),
      others: _("pick %(dice)s from the open dice", {dice: picks.others_pick})}[state.phase] || "";
    return [turnLine(state, state.phase === "others" ? "others" : "active",
      config.refuse && state.phase !== "roll" ? _("%(doing)s, or refuse", {doing}) : doing),
      ...pickBoard(state, {pickPhase: "pick", take: "pick", takeLabel: _("Take the chosen dice (%(dice)s)", {dice: spec}), refuse: config.refuse,
        pickable: (s, i, active) => active || config.others_from === "all" || s.choice === "refused" || !s.dice[i].used})];
  }

  function recolourBox(state) {
    const faces = [...new Set(game.dice.flatMap((d) => d.faces).filter((f) => typeof f === "string"))];
    const option = (f) => el("option", {value: f}, game.colours[f].label);  // words name the colour, not its glyph
    const from = el("select", {"aria-label": _("Colour to turn"), "data-key": "recolour-from"}, faces.map(option));
    const to = el("select", {"aria-label": _("Colour it becomes"), "data-key": "recolour-to"}, faces.filter((f) => f !== config.joker).map(option));
    if (state.dice.length) from.value = state.dice[0].face;
    to.value = faces.find((f) => f !== from.value && f !== config.joker);
    return el("fieldset", {class: "star"}, el("legend", {}, label("recolour", _("Turn all dice of one colour into another"))),
      from, el("span", {}, " " + _("into") + " "), to, button("recolour", _("Turn them"), () => Room.post("recolour", {from: from.value, to: to.value})));
  }

  function dicePool(state) {
    const share = amount((config.others_take_at || {})[state.players] ?? config.others_take);
    const doing = {roll: _("roll the dice"), use: _("spend powers, then mark the dice you use"),
      others: ngettext("take %(num)s of the dice left", "take %(num)s of the dice left", share)}[state.phase] || "";
    const using = part(state, "active").mine && state.phase === "use";
    return [turnLine(state, state.phase === "others" ? "others" : "active", doing),
      ...pickBoard(state, {pickPhase: "use", take: state.phase === "others" ? "take" : "use",
        takeLabel: state.phase === "others" ? _("Take the chosen dice (%(dice)s)", {dice: share}) : _("Use the chosen dice"),
        pickable: (s, i, active) => active || !s.dice[i].used}),
      using && config.powers.includes("reroll") ? el("div", {class: "actions"}, button("reroll", label("reroll", _("Roll the chosen dice again")),
        () => Room.post("reroll", {dice: chosen()}), {disabled: !Room.selected.size})) : null,
      using && config.powers.includes("recolour") ? recolourBox(state) : null];
  }

  const boards = {"hold-and-roll": holdAndRoll, "roll-and-draft": rollAndDraft, "dice-pool": dicePool};
  if (config && boards[config.kind]) {
    Room.boards.push((state) => document.getElementById("board").replaceChildren(...[boards[config.kind](state)].flat(3).filter(Boolean)));
  }
})();
