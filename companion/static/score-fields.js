// A player card's widgets and the player's JSON, both ways (used by score.js).
// Widgets carry data-path: where their value goes in the player's JSON ("a.b" nests, "x[]" appends);
// an entry (a list item made of widgets) is sent once its first widget is set. A stepper with
// data-values steps to the next of those legal values only (stepped()).
import * as Glyphs from "./glyphs.js";

// An element with text (and a class).
export function cell(tag, text, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

// Colours, marks and glyphs under `root` from their data attributes.
export function paint(root) {
  // Colours come as data attributes (a strict Content-Security-Policy forbids inline styles).
  root.querySelectorAll("[data-rgb]").forEach((chip) => {
    Object.assign(chip.style, { background: chip.dataset.rgb, color: chip.dataset.ink });
  });
  root.querySelectorAll("[data-mark]").forEach((element) => element.style.setProperty("--mark", element.dataset.mark));
  Glyphs.paint(root);
}

// A widget's value as the player's JSON takes it (undefined: not set).
export function read(field) {
  if (field.classList.contains("stepper")) {
    const text = field.querySelector("input").value.trim();
    return text === "" ? undefined : /^\d+$/.test(text) ? Number(text) : text;
  }
  if (field.classList.contains("tally")) return field.querySelectorAll("input:checked").length;
  if (field.classList.contains("select")) return field.querySelector("select").value;
  if (field.classList.contains("choice")) {
    const picked = field.querySelector("input:checked");
    return picked && picked.value !== "" ? Number(picked.value) : undefined;
  }
  return field.querySelector("input").checked || undefined; // toggle
}

function put(target, path, value, element, where, prefix) {
  if (value === undefined) return;
  if (path.endsWith("[]")) {
    const list = path.slice(0, -2);
    (target[list] ||= []).push(value);
    where[`${prefix}${list}`] ||= element.closest("fieldset.section");
    where[`${prefix}${list}[${target[list].length - 1}]`] = element;
    return;
  }
  const keys = path.split(".");
  let node = target;
  keys.slice(0, -1).forEach((key) => { node = node[key] ||= {}; });
  node[keys.at(-1)] = value;
  keys.forEach((_, n) => { where[prefix + keys.slice(0, n + 1).join(".")] ||= element; });
}

// A stepper's value after one tap of a step button.
export function stepped(input, step) {
  // The stepper's value after one tap of a step button: by its step, or to the next legal value.
  const now = parseInt(input.value, 10) || 0;
  const high = input.dataset.max ? Number(input.dataset.max) : Infinity;
  if (!input.dataset.values) return Math.max(0, Math.min(high, now + step));
  const values = input.dataset.values.split(" ").map(Number);
  const next = step > 0 ? values.find((v) => v > now) : [...values].reverse().find((v) => v < now);
  return next ?? (step > 0 ? values.at(-1) : values[0]);
}

function lookup(player, path) {
  return path.split(".").reduce((node, key) => (node == null ? undefined : node[key]), player);
}

function set(field, value) {
  if (value === undefined || value === null) return;
  if (field.classList.contains("stepper")) field.querySelector(".controls input").value = value;
  else if (field.classList.contains("select")) {
    const select = field.querySelector("select");
    if ([...select.options].some((option) => option.value === String(value))) select.value = String(value);
  } else if (field.classList.contains("tally")) {
    field.querySelectorAll("input").forEach((box, n) => { box.checked = n < value; });
  } else if (field.classList.contains("choice")) {
    const option = field.querySelector(`input[value="${Number(value)}"]`);
    if (option) option.checked = true;
  } else field.querySelector("input").checked = Boolean(value); // toggle
}

// A card filled in from a player in the POST payload's shape.
export function fill(card, player) {
  // A prefilled player, in the POST payload's shape: list items go to the first widget that can take them.
  if (typeof player.name === "string") card.querySelector(".name").value = player.name;
  const left = {};
  card.querySelectorAll("[data-path]").forEach((field) => {
    if (field.parentElement.closest(".entry")) return;
    const path = field.dataset.path;
    if (!path.endsWith("[]")) {
      set(field, lookup(player, path));
      return;
    }
    const list = (left[path] ||= Array.isArray(player[path.slice(0, -2)]) ? [...player[path.slice(0, -2)]] : []);
    if (field.classList.contains("entry")) {
      const item = list.shift();
      if (item) field.querySelectorAll("[data-path]").forEach((part) => set(part, lookup(item, part.dataset.path)));
      return;
    }
    const at = list.findIndex((value) => field.querySelector(`input[value="${Number(value)}"]`));
    if (at >= 0) set(field, list.splice(at, 1)[0]);
  });
}

// The player of one card, in the POST payload's shape.
export function readCard(card, at, where) {
  // The player of one card; `where` maps each field's contract path (players[0].a.b) to its element.
  const player = { name: card.querySelector(".name").value };
  where[`${at}.name`] = card.querySelector("header");
  where[at] = card;
  card.querySelectorAll("[data-path]").forEach((field) => {
    if (field.parentElement.closest(".entry")) return;
    if (!field.classList.contains("entry")) {
      put(player, field.dataset.path, read(field), field, where, `${at}.`);
      return;
    }
    const item = {};
    const inner = {};
    const parts = [...field.querySelectorAll("[data-path]")];
    parts.forEach((part) => put(item, part.dataset.path, read(part), part, inner, ""));
    if (item[parts[0].dataset.path] === undefined) return;
    put(player, field.dataset.path, item, field, where, `${at}.`);
    const list = field.dataset.path.slice(0, -2);
    Object.entries(inner).forEach(([key, part]) => { where[`${at}.${list}[${player[list].length - 1}].${key}`] = part; });
  });
  return player;
}
