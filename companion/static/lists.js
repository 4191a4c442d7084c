// Shared crossed-off lists: tiles drawn from the layout's cell maps, bridges, token stacks.
// A tap on an item opens what this phone may do with it now, as the server's `allowed` lists it for the
// acting seat (cross it off, at setup, claim it too, use it again, undo one's own crossing); nothing is
// sent before that second tap, so crossing a tile is always confirmed.
import {shapeSvg, swatch} from "./cells.js";
import {el} from "./dom.js";
import {_, clock, listing} from "./i18n.js";
import {room} from "./room.js";
import {make} from "./taps.js";

const {game} = room;
const specs = game.lists, items = game.list_items;
let open = null;            // {list, item} whose panel is showing
// An item as people name it, never by its id alone: a tile by its printed id and shape, else its label.
const itemName = (list, itemId) => (items[list][itemId].shape ? `${itemId} ${items[list][itemId].label}` : items[list][itemId].label);

function face(item) {
  const colour = item.colour ? game.colours[item.colour] : null;
  if (item.shape) return shapeSvg(game.shapes.find((s) => s.id === item.shape), colour);
  if (colour) return swatch(colour);
  if (item.value !== null) return el("span", {class: "token"}, String(item.value));
  return el("span", {class: "swatch plain"}, item.label.slice(0, 2));
}

const offered = (list, item) => room.offers("cross").filter((entry) => entry.list === list && entry.item === item);

// What a button of the panel says for one allowed crossing of the item.
function wording(spec, item, entry, record) {
  const who = room.seatName(room.actor()), name = itemName(spec.id, item);
  if (entry.crossed === false) return spec.mode === "claim" && record.by.length > 1 ? _("Undo %(name)s's claim", {name: who})
    : entry.setup ? _("Undo the setup crossing") : _("Undo: uncross it");
  if (entry.again) return _("Use it again: %(what)s", {what: spec.again});
  if (entry.setup) return _("Cross off %(item)s at setup", {item: name});
  if (record) return _("%(name)s reached it this turn too", {name: who});
  return {claim: _("Claim %(item)s", {item: name}), stack: _("Take %(item)s", {item: name})}[spec.mode]
    || _("Cross off %(item)s", {item: name});
}

function drawList(id, list) {
  const spec = Object.assign({id}, specs[id]);
  const buttons = list.items.map((itemId) => {
    const item = items[id][itemId], record = list.crossed[itemId];
    const names = record ? listing(record.by) : "";
    const words = [itemName(id, itemId),
      !record ? _("free") : spec.mode === "claim" ? _("claimed by %(names)s", {names}) : _("crossed off by %(names)s", {names})];
    return el("button", {type: "button", "data-key": `item-${id}-${itemId}`, disabled: !offered(id, itemId).length,
      class: `item${record ? " crossed" : ""}${open && open.item === itemId && open.list === id ? " picked" : ""}`,
      "aria-label": words.join(", "), "aria-expanded": String(Boolean(open && open.item === itemId && open.list === id)),
      onclick: () => {
        open = {list: id, item: itemId};
        room.redraw();
        document.querySelector(`#lists .panel button`).focus(); // the panel's first action
      }},
    face(item), item.value !== null ? null : el("span", {class: "name"}, item.shape ? itemId : item.label),
    el("span", {class: "by"}, record ? record.by.join(", ") : "\u00a0"));
  });
  const crossedCount = Object.keys(list.crossed).length;
  const setup = spec.setup && room.offers("cross").some((entry) => entry.list === id && entry.setup);
  return el("section", {class: `card list ${spec.mode}`, "aria-label": spec.label},
    el("h2", {}, spec.label, el("span", {class: "count"}, " " + (spec.mode === "stack"
      ? _("%(done)s of %(total)s taken", {done: crossedCount, total: list.items.length})
      : _("%(done)s of %(total)s crossed", {done: crossedCount, total: list.items.length})))),
    setup ? el("div", {class: "setup"}, el("p", {}, spec.setup.text)) : null,
    list.complete && spec.ends_game ? el("p", {class: "ends", role: "alert"}, spec.ends_game) : null,
    el("div", {class: `items ${spec.mode}`}, buttons),
    open && open.list === id ? panel(spec, list, open.item) : null);
}

// The item's allowed crossings for the acting seat, each a button; Close folds the panel.
function panel(spec, list, itemId) {
  const record = list.crossed[itemId];
  const entries = offered(spec.id, itemId);
  if (!entries.length) { open = null; return null; }
  const when = record && {item: itemName(spec.id, itemId), names: listing(record.by), time: clock(record.at)};
  const key = (entry) => (entry.crossed === false ? "undo" : entry.again ? "again" : record ? "claim" : "cross");
  return el("div", {class: "panel", role: "group", "aria-label": _("%(item)s actions", {item: itemName(spec.id, itemId)})},
    el("p", {}, !record ? _("%(item)s is free.", {item: itemName(spec.id, itemId)}) : record.setup ? _("%(item)s: %(names)s at %(time)s (setup)", when)
      : _("%(item)s: %(names)s at %(time)s", when)),
    entries.map((entry, i) => el("button", {type: "button", "data-key": `${key(entry)}-${spec.id}-${itemId}`,
      class: i ? "button secondary" : "button", onclick: () => {
        open = null; // the item keeps the focus while the panel folds away
        document.querySelector(`[data-key="item-${spec.id}-${itemId}"]`).focus({preventScroll: true});
        make(entry);
      }},
    room.forActor(wording(spec, itemId, entry, record)))),
    el("button", {type: "button", class: "button secondary", "data-key": `close-${spec.id}`,
      onclick: () => {
        open = null;
        room.redraw();
        document.querySelector(`[data-key="item-${spec.id}-${itemId}"]`).focus();
      }}, _("Close")));
}

// Every shared list of the state, each with its items and the panel open.
export function drawLists(state) {
  const lists = state.lists || {};
  document.getElementById("lists").replaceChildren(...Object.keys(lists).map((id) => drawList(id, lists[id])));
}
