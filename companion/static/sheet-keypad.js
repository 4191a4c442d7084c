// The keypad a number or text place opens: a small dialog with the digits (and a minus for a sum), or a line of text;
// it answers the value to write, null to clear the place, or undefined when the player cancels.
import {el} from "./dom.js";
import {_} from "./i18n.js";

const dialog = document.getElementById("keypad"), shown = document.getElementById("keypad-value");
const text = document.getElementById("keypad-text"), keys = document.getElementById("keypad-keys");
let typed = "", cleared = false, fresh = true;

function key(label, press, name) {
  return el("button", {type: "button", class: "key", "aria-label": name,
    onclick: () => { press(); shown.textContent = typed; }}, label);
}

// A digit typed first replaces the number the place holds; after that, digits add up as on a calculator.
const digit = (n) => () => { typed = fresh ? String(n) : typed + n; fresh = false; };
keys.replaceChildren(...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => key(String(n), digit(n))),
  key("−", () => { typed = typed.startsWith("-") ? typed.slice(1) : `-${typed}`; fresh = false; }, _("Minus")),
  key("0", digit(0)),
  key("⌫", () => { typed = typed.slice(0, -1); fresh = false; }, _("Delete the last digit")));
// A keyboard types on the keypad too (digits, minus, backspace), then Enter writes.
dialog.addEventListener("keydown", (event) => {
  const typedKey = /^[0-9]$/.test(event.key) ? event.key : {"-": "−", Backspace: "⌫"}[event.key];
  const pressed = keys.hidden ? null : typedKey;
  const button = pressed && [...keys.children].find((b) => b.textContent === pressed);
  if (!button) return;
  event.preventDefault();
  button.click();
  document.getElementById("keypad-ok").focus();
});
document.getElementById("keypad-clear").addEventListener("click", () => { cleared = true; dialog.close("ok"); });

/** Ask for a place's value (`place.kind` number or text; `name` what it is called, `value` its mark now). */
export function ask(place, name, value) {
  const number = place.kind === "number";
  typed = value === undefined || value === null ? "" : String(value);
  cleared = false;
  fresh = true;
  dialog.returnValue = "";
  document.getElementById("keypad-title").textContent = name;
  shown.textContent = typed;
  shown.hidden = keys.hidden = !number;
  text.hidden = number;
  text.value = typed;
  dialog.showModal();
  (number ? keys.querySelector("button") : text).focus();
  return new Promise((done) => {
    dialog.addEventListener("close", () => {
      if (cleared) done(null);
      else if (dialog.returnValue !== "ok") done(undefined);
      else if (number) done(/^-?\d+$/.test(typed) ? Number(typed) : typed === "" ? null : undefined);
      else done(text.value.trim() || null);
    }, {once: true});
  });
}
