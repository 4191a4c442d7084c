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
    const doing = !rolling ? "roll the dice" : left ? `set dice aside and roll again, or end the turn (roll ${state.rolls} of ${limit})`
      : "place the dice, then end the turn";
    return [
      turnLine(state, "active", doing),
      el("div", {class: "dice"}, state.dice.map((d, i) => die(d, i, {selectable: mine && left, big: true,
        note: d.held ? "SET ASIDE" : null, onpick: () => hold(i)}))),
      mine && left ? el("p", {class: "hint"}, "Tap a die to set it aside; tap it again to roll it too.") : null,
      el("div", {class: "actions"},
        button("roll", !rolling ? "Roll the dice" : left ? `Roll again (roll ${state.rolls + 1} of ${limit})`
          : `No rolls left (${limit} of ${limit})`, () => Room.post("roll"), {primary: true, disabled: !mine || (rolling && !left)}),
        button("next", label("next", "End the turn: pass the dice"), () => Room.post("next"), {disabled: !mine || !rolling})),
    ];
  }

  const dieNames = (key) => { const names = key.split("|"); return names.length < 2 ? key : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`; };
  const specText = (spec) => Object.entries(spec).map(([key, n]) =>
    `${Array.isArray(n) ? `${n[0]} to ${n[1]}` : n} ${dieNames(key)} ${n === 1 || (Array.isArray(n) && n[1] === 1) ? "die" : "dice"}`).join(" and ");

  function pickBoard(state, {pickable, pickPhase, take, takeLabel, refuse}) {
    const active = part(state, "active").mine && state.phase === pickPhase;
    const other = part(state, "others").mine && state.phase === "others";
    const open = (i) => pickable(state, i, active);
    const rows = [...new Set(game.dice.map((d) => d.id))].map((id) => el("div", {class: "dice"},
      state.dice.map((d, i) => (d.die === id ? die(d, i, {selectable: (active || other) && open(i)}) : null))));
    const picks = Object.entries(state.picks || state.takes || {}).map(([seat, dice]) => el("li", {},
      `${Room.seatName(Number(seat))}: ${dice === "refused" ? "refused" : dice.map((i) => Room.kit.faceText(state.dice[i])).join(", ")}`));
    return [
      state.dice.length ? rows : null,
      picks.length ? el("ul", {class: "picks", "aria-label": "Picks this turn"}, picks) : null,
      el("div", {class: "actions"},
        state.phase === "roll" ? button("roll", "Roll the dice", () => Room.post("roll"), {primary: true, disabled: !part(state, "active").mine}) : null,
        active || other ? button(take, takeLabel, () => Room.post(take, {dice: chosen()}), {primary: true, disabled: !Room.selected.size && take !== "use"}) : null,
        refuse && (active || other) ? button("refuse", refuse, () => Room.post("refuse")) : null,
        state.phase === "others" && part(state, "active").mine ? button("next", "End the turn now", () => Room.post("next")) : null),
    ];
  }

  function rollAndDraft(state) {
    const spec = state.phase === "pick" ? config.active_pick : config.others_pick;
    const doing = {roll: "roll the dice", pick: `pick ${specText(config.active_pick)}`,
      others: `pick ${specText(config.others_pick)} from the open dice`}[state.phase] || "";
    return [turnLine(state, state.phase === "others" ? "others" : "active", doing + (config.refuse && state.phase !== "roll" ? ", or refuse" : "")),
      ...pickBoard(state, {pickPhase: "pick", take: "pick", takeLabel: `Take the chosen dice (${specText(spec)})`, refuse: config.refuse,
        pickable: (s, i, active) => active || config.others_from === "all" || s.choice === "refused" || !s.dice[i].used})];
  }

  function recolourBox(state) {
    const faces = [...new Set(game.dice.flatMap((d) => d.faces).filter((f) => typeof f === "string"))];
    const option = (f) => el("option", {value: f}, `${game.colours[f].glyph} ${game.colours[f].label}`);
    const from = el("select", {"aria-label": "Colour to turn", "data-key": "recolour-from"}, faces.map(option));
    const to = el("select", {"aria-label": "Colour it becomes", "data-key": "recolour-to"}, faces.filter((f) => f !== config.joker).map(option));
    if (state.dice.length) from.value = state.dice[0].face;
    to.value = faces.find((f) => f !== from.value && f !== config.joker);
    return el("fieldset", {class: "star"}, el("legend", {}, label("recolour", "Turn all dice of one colour into another")),
      from, el("span", {}, " into "), to, button("recolour", "Turn them", () => Room.post("recolour", {from: from.value, to: to.value})));
  }

  function dicePool(state) {
    const share = amount((config.others_take_at || {})[state.players] ?? config.others_take);
    const doing = {roll: "roll the dice", use: "spend powers, then mark the dice you use",
      others: `take ${share} of the dice left`}[state.phase] || "";
    const using = part(state, "active").mine && state.phase === "use";
    return [turnLine(state, state.phase === "others" ? "others" : "active", doing),
      ...pickBoard(state, {pickPhase: "use", take: state.phase === "others" ? "take" : "use",
        takeLabel: state.phase === "others" ? `Take the chosen dice (${share})` : "Use the chosen dice",
        pickable: (s, i, active) => active || !s.dice[i].used}),
      using && config.powers.includes("reroll") ? el("div", {class: "actions"}, button("reroll", label("reroll", "Roll the chosen dice again"),
        () => Room.post("reroll", {dice: chosen()}), {disabled: !Room.selected.size})) : null,
      using && config.powers.includes("recolour") ? recolourBox(state) : null];
  }

  const boards = {"hold-and-roll": holdAndRoll, "roll-and-draft": rollAndDraft, "dice-pool": dicePool};
  if (config && boards[config.kind]) {
    Room.boards.push((state) => document.getElementById("board").replaceChildren(...[boards[config.kind](state)].flat(3).filter(Boolean)));
  }
})();
