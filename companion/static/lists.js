// Shared crossed-off lists: tiles drawn from the layout's cell maps, bridges, token stacks.
// Tap an item to cross it; tap a crossed one for what this phone may do with it (undo one's own
// crossing, claim too in the same turn, use again): only what the server accepts is offered.
(function () {
  const {el, game} = Room;
  const specs = game.lists, items = game.list_items;
  let open = null;            // {list, item} whose panel is showing
  const setupMode = {};       // list id -> taps are setup crossings
  const amount = (value) => (typeof value === "string" ? game.values[value] : value);
  // An item as people name it, never by its id alone: a tile by its printed id and shape, else its label.
  const itemName = (list, itemId) => (items[list][itemId].shape ? `${itemId} ${items[list][itemId].label}` : items[list][itemId].label);

  function shapeSvg(shapeId, colour) {
    const rows = game.shapes.find((s) => s.id === shapeId).cells.trim().split("\n").map((r) => r.replace(/ /g, ""));
    const cells = rows.flatMap((row, y) => [...row].flatMap((c, x) => (c === "#" ? [[x, y, colour.glyph_svg ? "" : colour.glyph]] : [])));
    const svg = Room.cellsSvg(cells, colour, 13);
    if (colour.glyph_svg) Glyphs.inCell(svg, cells[0][0], cells[0][1], colour, Room.onFill(colour.rgb));
    return svg;
  }

  function face(item) {
    const colour = item.colour ? game.colours[item.colour] : null;
    if (item.shape) return shapeSvg(item.shape, colour);
    if (colour) return el("span", {class: "swatch", style: `--fill:${colour.rgb};--on-fill:${Room.onFill(colour.rgb)}`}, Glyphs.mark(colour));
    if (item.value !== null) return el("span", {class: "token"}, String(item.value));
    return el("span", {class: "swatch plain"}, item.label.slice(0, 2));
  }

  const cross = (list, item, body) => { open = null; Room.post(`lists/${list}/${item}`, body); };
  const clock = (at) => new Date(at * 1000).toLocaleTimeString(I18n.language, {hour: "2-digit", minute: "2-digit"});
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
    if (!Room.mine.length) return _("take a seat first");
    if (spec.turn_action && state.turn > 0 && !Room.holds(state.active)) return _("%(name)s's turn", {name: Room.seatName(state.active)});
    const held = Object.values(room.crossed).filter((r) => r.by.includes(me())).length;
    if (spec.per_player !== null && held >= amount(spec.per_player)) return _("%(name)s has %(held)s", {name: me(), held});
    if (spec.mode === "stack" && itemId !== room.items.find((id) => !(id in room.crossed))) return _("take the highest first");
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
      const names = record ? I18n.listing(record.by) : "";
      const words = [itemName(id, itemId),
        !record ? why || _("free") : spec.mode === "claim" ? _("claimed by %(names)s", {names}) : _("crossed off by %(names)s", {names})];
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
      el("h2", {}, spec.label, el("span", {class: "count"}, " " + (spec.mode === "stack"
        ? _("%(done)s of %(total)s taken", {done: crossedCount, total: room.items.length})
        : _("%(done)s of %(total)s crossed", {done: crossedCount, total: room.items.length})))),
      setup && setupOpen ? el("div", {class: "setup"}, el("p", {}, spec.setup.text, " ",
        _("(%(done)s of %(total)s colours done)", {done: setup.done.size, total: setup.colours.length})),
        el("label", {}, el("input", {type: "checkbox", checked: setupMode[id], "data-key": `setup-${id}`,
          onchange: (e) => { setupMode[id] = e.target.checked; }}), " " + _("My taps are setup crossings"))) : null,
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
    const when = {item: itemName(spec.id, itemId), names: I18n.listing(record.by), time: clock(record.at)};
    return el("div", {class: "panel", role: "group", "aria-label": _("%(item)s actions", {item: when.item})},
      el("p", {}, record.setup ? _("%(item)s: %(names)s at %(time)s (setup)", when) : _("%(item)s: %(names)s at %(time)s", when)),
      canClaim ? action("claim", _("%(name)s reached it this turn too", {name: who}), {}, true) : null,
      spec.again && Room.mine.length ? action("again", _("Use it again: %(what)s", {what: spec.again}), {again: true}, true) : null,
      canUndo ? action("undo", spec.mode === "claim" && record.by.length > 1 ? _("Undo %(name)s's claim", {name: who})
        : _("Undo: uncross it"), record.setup ? {crossed: false, setup: true} : {crossed: false}) : null,
      el("button", {type: "button", class: "button secondary", "data-key": `close-${spec.id}`,
        onclick: () => { open = null; Room.redraw(); }}, _("Close")));
  }

  Room.boards.push((state) => {
    const lists = state.lists || {};
    document.getElementById("lists").replaceChildren(...Object.keys(lists).map((id) => drawList(id, lists[id])));
  });
})();
