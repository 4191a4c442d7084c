// Shared crossed-off lists: tiles drawn from the layout's cell maps, bridges, token stacks.
// Tap an item to cross it; tap a crossed one for undo / use again / claim too.
(function () {
  const {el, game} = Room;
  const specs = game.lists, items = game.list_items;
  let open = null;            // {list, item} whose panel is showing
  const setupMode = {};       // list id -> taps are setup crossings

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

  function setupStatus(spec, room) {
    if (!spec.setup || Room.state.players > spec.setup.max_players) return null;
    const sized = room.items.filter((id) => game.shapes.find((s) => s.id === id).size === spec.setup.size);
    const colours = [...new Set(sized.map((id) => items[spec.id][id].colour))];
    const done = new Set(Object.entries(room.crossed).filter(([, r]) => r.setup).map(([id]) => items[spec.id][id].colour));
    return {colours, done};
  }

  function drawList(id, room) {
    const spec = Object.assign({id}, specs[id]);
    const crossedCount = Object.keys(room.crossed).length;
    const setup = setupStatus(spec, room);
    const setupOpen = setup && setup.done.size < setup.colours.length;
    if (!(id in setupMode) || !setupOpen) setupMode[id] = Boolean(setupOpen);
    const top = room.items.find((item) => !(item in room.crossed));
    const buttons = room.items.map((itemId) => {
      const item = items[id][itemId], record = room.crossed[itemId];
      const blocked = !record && spec.mode === "stack" && itemId !== top;
      const words = [`${itemId === item.label ? itemId : `${itemId} ${item.label}`}`,
        record ? `${spec.mode === "claim" ? "claimed" : "crossed off"} by ${record.by.join(" and ")}` : "free"];
      return el("button", {type: "button", class: `item${record ? " crossed" : ""}${open && open.item === itemId && open.list === id ? " picked" : ""}`,
        disabled: blocked, "aria-label": words.join(", "),
        onclick: () => {
          if (record) { open = {list: id, item: itemId}; Room.redraw(); }
          else cross(id, itemId, setupMode[id] ? {setup: true} : {});
        }},
        face(item), item.value !== null ? null : el("span", {class: "name"}, item.shape ? itemId : item.label),
        el("span", {class: "by"}, record ? record.by.join(", ") : "\u00a0"));
    });
    return el("section", {class: `card list ${spec.mode}`, "aria-label": spec.label},
      el("h2", {}, spec.label, el("span", {class: "count"}, ` ${crossedCount} of ${room.items.length} ${spec.mode === "stack" ? "taken" : "crossed"}`)),
      setup && setupOpen ? el("div", {class: "setup"}, el("p", {}, spec.setup.text, ` (${setup.done.size} of ${setup.colours.length} colours done)`),
        el("label", {}, el("input", {type: "checkbox", checked: setupMode[id], onchange: (e) => { setupMode[id] = e.target.checked; }}),
          " My taps are setup crossings")) : null,
      room.complete && spec.ends_game ? el("p", {class: "ends", role: "alert"}, spec.ends_game) : null,
      el("div", {class: `items ${spec.mode}`}, buttons),
      open && open.list === id && room.crossed[open.item] ? panel(spec, room, open.item) : null);
  }

  function panel(spec, room, itemId) {
    const record = room.crossed[itemId];
    const mine = record.by.includes(Room.name);
    return el("div", {class: "panel", role: "group", "aria-label": `${itemId} actions`},
      el("p", {}, `${itemId}: ${record.by.join(", ")} at ${clock(record.at)}${record.setup ? " (setup)" : ""}`),
      spec.mode === "claim" && !mine && record.turn === Room.state.turn
        ? el("button", {type: "button", class: "button", onclick: () => cross(spec.id, itemId, {})}, "I reached it this turn too") : null,
      spec.again ? el("button", {type: "button", class: "button", onclick: () => cross(spec.id, itemId, {again: true})}, `Use it again: ${spec.again}`) : null,
      el("button", {type: "button", class: "button secondary", onclick: () => cross(spec.id, itemId, {crossed: false})},
        spec.mode === "claim" && record.by.length > 1 ? "Undo my claim" : "Undo: uncross it"),
      el("button", {type: "button", class: "button secondary", onclick: () => { open = null; Room.redraw(); }}, "Close"));
  }

  Room.boards.push((state) => {
    const lists = state.lists || {};
    document.getElementById("lists").replaceChildren(...Object.keys(lists).map((id) => drawList(id, lists[id])));
  });
})();
