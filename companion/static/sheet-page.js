// The sheet page's entry: the sheets of the seat shown (this phone's own to mark, another seat's to look at), the
// seat switcher, the total (or not: "Hide my total"), zoom, the live stream (another phone of the same seat), and
// the end of the game, where each held seat's card is made from its sheet.
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {follow} from "./live.js";
import {changeMarks, readSheet, say} from "./sheet-api.js";
import {ask} from "./sheet-keypad.js";
import {drawPalette, forget, gather, pendingOf} from "./sheet-palette.js";
import {cell, fitWords, sheetSvg} from "./sheet-svg.js";

const data = JSON.parse(document.getElementById("sheet-data").textContent);
const colours = data.game.colours, code = data.code;
const mine = JSON.parse(localStorage.getItem(`rollsheet.seats.${code}`) || "[]"); // [{seat, name, token}]
const HIDE = "rollsheet.hide-total", ZOOMS = [1, 2, 4];
let state = null, seat = null, sheet = null, drawnVersion = null, zoom = 0, carded = new Set();

const holder = () => mine.find((m) => m.seat === seat);
const nameOf = (id) => (state.seats.find((s) => s.seat === id) || {}).name || "";

// What a screen reader says of a place: its name and its mark ("Red, box 3, 7"; a cross: crossed or not).
function spoken(place, value, pending) {
  const said = (v) => (v === undefined || v === null ? _("empty")
    : place.kind === "cross" ? _("crossed") : place.kind === "colour" ? place.choices[v] || v : String(v));
  const now = `${place.name}, ${said(value)}`;
  return pending === undefined ? now : _("%(place)s; to draw: %(value)s", {place: now, value: said(pending)});
}

async function act(place) {
  const value = sheet.marks[place.id];
  if (place.kind === "cross") return send({[place.id]: value === true ? null : true});
  if (place.kind === "colour") {
    if (!gather(place)) say(_("Pick a tile you took or a colour."), true);
    return redraw();
  }
  const typed = await ask(place, place.name, value);
  if (typed !== undefined && typed !== value) await send({[place.id]: typed});
  document.querySelector(`[data-place="${CSS.escape(place.id)}"]`).focus();
}

async function send(marks) {
  const answer = await changeMarks(code, holder(), marks);
  if (answer) { sheet = answer; say(""); redraw(); }
  return answer;
}

function drawTotal() {
  const hidden = localStorage.getItem(HIDE) === "1", total = document.getElementById("total");
  document.getElementById("hide-total").checked = hidden;
  total.hidden = hidden || !sheet || sheet.card === null;
  if (!sheet) return;
  total.textContent = sheet.total === null ? _("Total: not yet complete") : _("Total: %(total)s", {total: sheet.total});
}

function redraw() {
  if (!sheet) return;
  const focused = document.activeElement?.dataset?.place;
  const editable = Boolean(holder());
  const seatName = nameOf(seat);
  const parts = data.sheets.map((drawing) => {
    const svg = sheetSvg(drawing, _("%(name)s's sheet: %(title)s", {name: seatName, title: drawing.title}),
      (place) => cell(place, sheet.marks[place.id], {colours, editable, spoken, pending: pendingOf(place.id)}));
    // a sheet to look at scrolls by keyboard too
    return el("div", {class: "sheet-view", "data-zoom": ZOOMS[zoom], tabindex: editable ? null : "0", role: "region",
      "aria-label": drawing.title}, svg);
  });
  document.getElementById("sheets").replaceChildren(...parts);
  document.querySelectorAll("#sheets svg").forEach(fitWords);
  const keys = [...new Set(data.sheets.flatMap((d) => d.places).filter((p) => p.kind === "colour")
    .flatMap((p) => p.options.map((o) => o.split(".")[0])))];
  drawPalette({keys: editable ? keys : [], colours, taken: taken(), send, redraw});
  drawTotal();
  if (focused) {
    const again = document.querySelector(`[data-place="${CSS.escape(focused)}"]`);
    if (again) again.focus({preventScroll: true});
  }
}

// The tiles the shown seat's player took from the shared lists (the items with a shape).
function taken() {
  const name = nameOf(seat), items = data.game.list_items;
  return Object.entries(state.lists || {}).flatMap(([list, kept]) => Object.entries(kept.crossed)
    .filter(([item, record]) => record.by.includes(name) && (items[list] || {})[item] && items[list][item].shape)
    .map(([item]) => ({...items[list][item], shape: data.game.shapes.find((s) => s.id === items[list][item].shape)})));
}

function drawSeats() {
  const nav = document.getElementById("seat-switch");
  nav.replaceChildren(...state.seats.map((s) => el("button", {type: "button", class: "tool",
    "aria-pressed": String(s.seat === seat), onclick: () => choose(s.seat)},
  mine.some((m) => m.seat === s.seat) ? _("%(name)s (this phone)", {name: s.name}) : s.name)));
}

async function choose(next) {
  seat = next;
  forget();
  drawSeats();
  await load();
}

async function load() {
  const shown = seat;
  drawnVersion = (state.sheets || {})[String(seat)];
  const answer = await readSheet(code, seat);
  if (answer && shown === seat) { sheet = answer; redraw(); }
}

// The end: each seat this phone holds makes its card from its sheet (a change of no marks saves it), once.
async function theEnd() {
  const scored = state.over && data.game.scoring; // a game without scoring has no cards to make
  document.getElementById("the-end").hidden = !scored;
  if (!scored) return;
  const missing = state.cards.filter((c) => !c.saved).map((c) => c.name);
  document.getElementById("end-line").textContent = missing.length
    ? _("The cards come from the sheets; waiting for: %(names)s.", {names: missing.join(", ")})
    : _("Every card came from its sheet.");
  for (const me of mine) {
    const card = state.cards.find((c) => c.seat === me.seat);
    if (card && !card.saved && !carded.has(me.seat)) {
      carded.add(me.seat);
      await changeMarks(code, me, {});
    }
  }
}

function show(next) {
  if (state && next.version <= state.version) return;
  const first = state === null;
  state = next;
  if (first) seat = (mine.find((m) => state.seats.some((s) => s.seat === m.seat)) || state.seats[0] || {}).seat ?? null;
  drawSeats();
  if (!state.seats.length) say(_("Take a seat first: type your name under Seats."));
  if (seat !== null && (first || (state.sheets || {})[String(seat)] !== drawnVersion)) load();
  else redraw();
  theEnd();
}

// A tap on a place of one's own sheet, or Enter or Space on it, acts on it.
const places = new Map(data.sheets.flatMap((d) => d.places).map((p) => [p.id, p]));
const placeAt = (event) => places.get(event.target.closest("[data-place][tabindex]")?.dataset.place);
document.getElementById("sheets").addEventListener("click", (event) => {
  const place = placeAt(event);
  if (place) act(place);
});
document.getElementById("sheets").addEventListener("keydown", (event) => {
  const place = placeAt(event);
  if (!place || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  act(place);
});
document.getElementById("hide-total").addEventListener("change", (event) => {
  localStorage.setItem(HIDE, event.target.checked ? "1" : "0");
  drawTotal();
});
// Zoom: the sheet at the screen's width, twice or four times as wide (scrolled to pan); the button says how much.
const zoomButton = document.getElementById("zoom");
const sayZoom = () => { zoomButton.textContent = _("Zoom: %(times)s×", {times: ZOOMS[zoom]}); };
zoomButton.addEventListener("click", () => {
  zoom = (zoom + 1) % ZOOMS.length;
  sayZoom();
  document.querySelectorAll(".sheet-view").forEach((view) => { view.dataset.zoom = ZOOMS[zoom]; });
  const shown = document.activeElement.closest("[data-place]") || document.querySelector("[data-place]");
  if (shown) shown.scrollIntoView({block: "nearest", inline: "center"}); // the focused place (or the first) in view
});
sayZoom();

const response = await fetch(`/api/rooms/${code}`);
if (response.ok) show(await response.json());
const lost = (down) => { document.getElementById("connection").hidden = !down; };
follow(code, show, () => (state ? state.version : 0), lost, {seats: () => mine.map((m) => m.seat), away: () => {}});
