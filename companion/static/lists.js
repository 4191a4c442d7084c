// Shared crossed-off lists: tiles drawn from the layout's cell maps, bridges, token stacks.
// Tap an item to cross it; tap a crossed one for what this phone may do with it (undo one's own
// crossing, claim too in the same turn, use again): only what the server accepts is offered.
(function () {
  const {el, game} = Room;
  const specs = game.lists, items = game.list_items;
  let open = null;            // {list, item} whose panel is showing
  const setupMode = {};       // list id -> taps are setup crossings
  const amount = (value) => (typeof value === "string" ? game.values[value] : value);

  function shapeSvg(shapeId, colour) {
    const rows = game.shapes.find((s) => s.id === shapeId).cells.trim().split("\n").map((r) => r.replace(/ /g, ""));
    const cells = rows.flatMap((row, y) => [...row].flatMap((c, x) => (c === "#" ? [[x, y, colour.glyph]] : [])));
    return Room.cellsSvg(cells, colour, 13);
  }

  function face(item) {
    const colour = item.colour ? game.colours[item.colour] : null;
    if (item.shape) return shapeSvg(item.shape, colour);
    if (colour) return el("span", {class: "swatch", style: `--fill:${colour.rgb};--on-fill:${Room.onFill(colour.rgb)}`}, colour.glyph);
    if (item.value !== null) return el("span", {class: "token"}, String(item.value));
    return el("span", {class: "swatch plain"}, item.label.slice(0, 2));
  }

  const cross = (list, item, body) => { open = null; Room.post(`lists/${list}/${item}`, body); };
  const clock = (at) => new Date(at * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  const me = () => Room.seatName(Room.actor());

  function setupStatus(spec, room) {
    if (!spec.setup || Room.state.players > spec.setup.max_players) return null;
    const sized = room.items.filter((id) => game.shapes.find((s) => s.id === id).size === spec.setup.size);
    const colours = [...new Set(sized.map((id) => items[spec.id][id].colour))];
    const done = new Set(Object.entries(room.crossed).filter(([, r]) => r.setup).map(([id]) => items[spec.id][id].colour));
    return {colours, done};
  }

  // Why this phone may not cross an item of the list now ("" when it may).
  function blocked(spec, room, itemId) {
    const state = Room.state;
    if (!Room.mine.length) return "take a seat first";
    if (spec.turn_action && state.turn > 0 && !Room.holds(state.active)) return `${Room.seatName(state.active)}'s turn`;
    const held = Object.values(room.crossed).filter((r) => r.by.includes(me())).length;
    if (spec.per_player !== null && held >= amount(spec.per_player)) return `${me()} has ${held}`;
    if (spec.mode === "stack" && itemId !== room.items.find((id) => !(id in room.crossed))) return "take the highest first";
    return "";
  }

  function drawList(id, room) {
    const spec = Object.assign({id}, specs[id]);
    const setup = setupStatus(spec, room);
    const setupOpen = setup && setup.done.size < setup.colours.length;
    if (!(id in setupMode) || !setupOpen) setupMode[id] = Boolean(setupOpen);
    const buttons = room.items.map((itemId) => {
      const item = items[id][itemId], record = room.crossed[itemId];
      const why = record ? "" : blocked(spec, room, itemId);
      const words = [itemId === item.label ? itemId : `${itemId} ${item.label}`,
        record ? `${spec.mode === "claim" ? "claimed" : "crossed off"} by ${record.by.join(" and ")}` : why || "free"];
      return el("button", {type: "button", "data-key": `item-${id}-${itemId}`, disabled: Boolean(why),
        class: `item${record ? " crossed" : ""}${open && open.item === itemId && open.list === id ? " picked" : ""}`,
        "aria-label": words.join(", "),
        onclick: () => {
          if (record) { open = {list: id, item: itemId}; Room.redraw(); }
          else cross(id, itemId, setupMode[id] ? {setup: true} : {});
        }},
      face(item), item.value !== null ? null : el("span", {class: "name"}, item.shape ? itemId : item.label),
      el("span", {class: "by"}, record ? record.by.join(", ") : "\u00a0"));
    });
    const crossedCount = Object.keys(room.crossed).length;
    return el("section", {class: `card list ${spec.mode}`, "aria-label": spec.label},
      el("h2", {}, spec.label, el("span", {class: "count"}, ` ${crossedCount} of ${room.items.length} ${spec.mode === "stack" ? "taken" : "crossed"}`)),
      setup && setupOpen ? el("div", {class: "setup"}, el("p", {}, spec.setup.text, ` (${setup.done.size} of ${setup.colours.length} colours done)`),
        el("label", {}, el("input", {type: "checkbox", checked: setupMode[id], "data-key": `setup-${id}`,
          onchange: (e) => { setupMode[id] = e.target.checked; }}), " My taps are setup crossings")) : null,
      room.complete && spec.ends_game ? el("p", {class: "ends", role: "alert"}, spec.ends_game) : null,
      el("div", {class: `items ${spec.mode}`}, buttons),
      open && open.list === id && room.crossed[open.item] ? panel(spec, room, open.item) : null);
  }

  // The actions the server accepts for a crossed item, for this phone's acting seat.
  function panel(spec, room, itemId) {
    const record = room.crossed[itemId], who = me(), state = Room.state;
    const mine = record.by.includes(who);
    const last = room.items.filter((id) => id in room.crossed).at(-1);
    const canUndo = Room.mine.length && (record.setup ? setupMode[spec.id] : mine && (spec.mode !== "stack" || itemId === last));
    const canClaim = spec.mode === "claim" && Room.mine.length && !mine && record.turn === state.turn && record.by.length < state.players;
    const action = (key, text, body, primary) => el("button", {type: "button", "data-key": `${key}-${spec.id}-${itemId}`,
      class: primary ? "button" : "button secondary", onclick: () => cross(spec.id, itemId, body)}, text);
    return el("div", {class: "panel", role: "group", "aria-label": `${itemId} actions`},
      el("p", {}, `${itemId}: ${record.by.join(", ")} at ${clock(record.at)}${record.setup ? " (setup)" : ""}`),
      canClaim ? action("claim", `${who} reached it this turn too`, {}, true) : null,
      spec.again && Room.mine.length ? action("again", `Use it again: ${spec.again}`, {again: true}, true) : null,
      canUndo ? action("undo", spec.mode === "claim" && record.by.length > 1 ? `Undo ${who}'s claim` : "Undo: uncross it",
        record.setup ? {crossed: false, setup: true} : {crossed: false}) : null,
      el("button", {type: "button", class: "button secondary", "data-key": `close-${spec.id}`,
        onclick: () => { open = null; Room.redraw(); }}, "Close"));
  }

  Room.boards.push((state) => {
    const lists = state.lists || {};
    document.getElementById("lists").replaceChildren(...Object.keys(lists).map((id) => drawList(id, lists[id])));
  });
})();
