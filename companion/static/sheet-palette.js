// Filling colour places (Copenhagen's facade): pick a tile this seat took from the shared list, or a colour, tap the
// cells (again: a window becomes a brick, then is left out), then draw them in one change, as the paper is drawn
// one shape at a time; "Erase" gathers cells to clear.
import {shapeSvg, swatch} from "./cells.js";
import {el} from "./dom.js";
import {_} from "./i18n.js";

const box = document.getElementById("palette");
const pending = new Map(); // place id -> the value to send (null: erase)
let choice = {colour: null, tile: null, erase: false};

/** The value not yet sent for a place (undefined: none). */
export const pendingOf = (id) => pending.get(id);

/** Forget the cells gathered (a seat switched, a change sent). */
export const forget = () => pending.clear();

/** A tap on a colour place: gathered, turned to a brick, or left out again; false when nothing is chosen yet. */
export function gather(place) {
  if (choice.erase) {
    if (pending.has(place.id)) pending.delete(place.id); else pending.set(place.id, null);
    return true;
  }
  if (!choice.colour) return false;
  const now = pending.get(place.id), brick = `${choice.colour}.brick`;
  if (now === choice.colour && place.options.includes(brick)) pending.set(place.id, brick);
  else if (now !== undefined) pending.delete(place.id);
  else pending.set(place.id, choice.colour);
  return true;
}

// A button of the palette: a tile's shape or a colour's swatch, as the shared lists show them, and its words.
function option(label, chosen, pick, picture) {
  return el("button", {type: "button", class: "tool", "aria-pressed": chosen === null ? null : String(chosen),
    onclick: pick}, picture, label);
}

/** Draw the palette for a sheet with colour places (`keys`: their colours), or hide it; `taken` the tiles this seat
 * took (list items), `send(marks)` sends the gathered cells, `redraw()` draws the sheet again. */
export function drawPalette(parts) {
  const {keys, colours, taken, send, redraw} = parts;
  box.hidden = !keys.length;
  if (!keys.length) return;
  const pick = (next) => () => { choice = next; drawPalette(parts); redraw(); };
  const tiles = taken.map((tile) => option(`${tile.id} (${tile.label})`, choice.tile === tile.id,
    pick({colour: tile.colour, tile: tile.id, erase: false}), shapeSvg(tile.shape, colours[tile.colour], 10)));
  const plain = keys.map((key) => option(colours[key].label, !choice.tile && choice.colour === key,
    pick({colour: key, tile: null, erase: false}), swatch(colours[key])));
  const erase = option(_("Erase"), choice.erase, pick({colour: null, tile: null, erase: true}));
  const draw = option(_("Draw %(count)s cells", {count: pending.size}), null, async () => {
    if (await send(Object.fromEntries(pending))) { pending.clear(); drawPalette(parts); }
  });
  draw.disabled = !pending.size;
  draw.classList.add("primary");
  const drop = option(_("Cancel"), null, () => {
    pending.clear();
    drawPalette(parts);
    redraw();
  });
  drop.disabled = !pending.size;
  const hint = el("p", {class: "hint"},
    choice.colour || choice.erase ? _("Tap the cells, then draw them.") : _("Pick a tile you took or a colour."));
  box.replaceChildren(hint, ...(tiles.length ? [group(_("Tiles you took"), tiles)] : []),
    group(_("Colours"), plain), group(_("Cells"), [erase, draw, drop]));
}

function group(label, buttons) {
  return el("div", {class: "palette-row", role: "group", "aria-label": label}, buttons);
}
