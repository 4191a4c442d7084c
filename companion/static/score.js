// Score form: one card per player, one card shown at a time (a button per player above them, with the
// running total); every change posts the form to /api/score/<game>?running=1, which answers the result,
// or every bad field (each shown next to it, its player's button marked) with the running totals of the
// players whose own numbers are fine. The page may start from a prefilled list of players (#prefill);
// switching the language keeps the cards (they wait in sessionStorage for the page in the new language).
// Reading and filling a card: score-fields.js; the card on show and the player buttons: score-cards.js; the
// result under the cards: score-result.js; a room's cards, each saved by its own seat's phone: score-room.js. A problem
// shows on a card only once it is judged (typed on this phone, or saved in the room), named by its player.
// The score page's entry module.
import * as Glyphs from "./glyphs.js";
import {_} from "./i18n.js";
import {Cards} from "./score-cards.js";
import {fill, paint, readCard, stepped} from "./score-fields.js";
import {showResult} from "./score-result.js";
import {RoomCards} from "./score-room.js";

Glyphs.paint(document); // the glyphs the page was served with

const form = document.getElementById("score");
const cards = document.getElementById("players");
const cardTemplate = document.getElementById("player-card");
const keptKey = `rollsheet.score.${form.dataset.game}`;
const kept = JSON.parse(sessionStorage.getItem(keptKey) || "null"); // {players, touched} left by the language switch
sessionStorage.removeItem(keptKey);
const prefill = kept ? kept.players : JSON.parse(document.getElementById("prefill").textContent);
const [fewest, most] = [Number(form.dataset.min), Number(form.dataset.max)];
let radioGroups = 0;
let asked = 0;
let timer = null;
let touched = false; // the result shows once someone has typed a number

function addPlayer(player = {}) {
  const card = cardTemplate.content.firstElementChild.cloneNode(true);
  card.querySelector(".name").value = _("Player %(num)s", {num: cards.children.length + 1});
  card.querySelectorAll("fieldset.choice").forEach((choice) => {
    radioGroups += 1;
    choice.querySelectorAll("input[type=radio]").forEach((radio) => { radio.name = `choice-${radioGroups}`; });
  });
  paint(card);
  fill(card, player);
  cards.append(card);
  Cards.entries(card);
}

function playersChanged() {
  const count = cards.children.length;
  document.getElementById("add-player").hidden = count >= most || RoomCards.active; // a room's cards are its seats
  cards.querySelectorAll(".remove").forEach((button) => { button.hidden = count <= fewest || RoomCards.active; });
  cards.querySelectorAll("[data-players]").forEach((option) => {
    const [low, high] = option.dataset.players.split("-").map(Number);
    option.hidden = count < low || count > high;
    if (option.hidden && option.querySelector("input").checked) {
      option.parentElement.querySelector("input[value='']").checked = true;
    }
  });
  cards.querySelectorAll("fieldset.choice").forEach((choice) => {
    choice.hidden = ![...choice.querySelectorAll("[data-players]")].some((option) => !option.hidden);
  });
  Cards.draw();
  schedule();
}

function gather(every = false) {
  // the cards that count (a room's result leaves out the cards never saved), or every card
  const where = {};
  const counted = [...cards.children].filter((card) => every || RoomCards.counted(card));
  const players = counted.map((card, i) => readCard(card, `players[${i}]`, where));
  return { payload: { players }, where, counted };
}

function post(payload, query = "") {
  return fetch(form.dataset.api + query, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload),
  });
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 200);
}

async function update() {
  const mine = ++asked;
  const { payload, where, counted } = gather();
  const answer = await post(payload, "?running=1");
  const body = await answer.json();
  if (mine !== asked) return;
  clearErrors();
  document.getElementById("result").classList.toggle("partial", !RoomCards.ready());
  if (answer.ok) showResult(body, touched || RoomCards.settled()); // a room's result shows on every phone
  else {
    showErrors(body, where);
    showRunning(body.running, counted);
  }
  Cards.draw();
}

function showRunning(running, counted) {
  // On a 400, a card keeps its total when its own numbers are fine; the others grey out.
  counted.forEach((card, i) => {
    const total = Array.isArray(running) ? running[i] : null;
    if (total !== null && total !== undefined) card.querySelector(".running").value = total;
    const stale = total === null || total === undefined;
    card.classList.toggle("stale", stale);
    card.querySelector(".running").setAttribute("aria-label", stale ? _("running total, out of date") : _("running total"));
  });
}

function clearErrors() {
  document.querySelectorAll(".invalid").forEach((element) => element.classList.remove("invalid"));
  document.querySelectorAll(".field-error, #form-error").forEach((slot) => { slot.textContent = ""; });
  document.getElementById("form-error").hidden = true;
  document.getElementById("result").classList.remove("stale");
  cards.querySelectorAll(".stale").forEach((card) => {
    card.classList.remove("stale");
    card.querySelector(".running").setAttribute("aria-label", _("running total"));
  });
}

function showErrors(body, where) {
  // A check's problem, named at every field it reads (`about`: the field the check is at), is said once: beside
  // the field typed last among them, else beside the field the check is at.
  const said = new Map();
  (body.errors || [body]).forEach(({ error, field, about }) => {
    const element = placed(field, where);
    const card = element && element.closest(".player");
    const typed = Boolean(card) && element.dataset.path !== undefined && element.dataset.path === card.dataset.typed;
    const key = `${about || field} ${error}`;
    if (!said.has(key) || typed) said.set(key, { error, element });
  });
  said.forEach(showError);
  document.getElementById("result").classList.add("stale");
}

function placed(field, where) {
  // The element a problem's field (players[0].a.b) is shown at: its own, else its nearest parent's.
  let path = field;
  while (path && !where[path]) {
    const parent = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
    path = parent === path ? "" : parent;
  }
  return where[path];
}

function showError({ error, element }) {
  const card = element && element.closest(".player");
  if (card && !RoomCards.judged(card)) return;
  if (!element) {
    const slot = document.getElementById("form-error");
    slot.textContent = error;
    slot.hidden = false;
  } else {
    const box = element.matches(".player") ? element : element.closest(".field, header");
    const slot = element.matches(".player") ? element.querySelector(".card-error") : box.querySelector(".field-error");
    box.classList.add("invalid");
    const said = _("%(name)s: %(problem)s", {name: card.querySelector(".name").value.trim(), problem: error});
    slot.textContent = slot.textContent ? `${slot.textContent}; ${said}` : said;
    box.querySelector("input")?.setAttribute("aria-invalid", "true");
  }
}

async function download(format) {
  const answer = await post(gather().payload, `?format=${format}`);
  if (!answer.ok) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await answer.blob());
  link.download = `${form.dataset.game}-score.${format}`;
  link.click();
  URL.revokeObjectURL(link.href);
}

async function saveToRoom() {
  // The room takes a score from a player seated there: this phone sends the first seat it holds (room.js keeps them).
  if (!RoomCards.confirmSave()) return;
  const { payload, where } = gather();
  const [seat] = JSON.parse(localStorage.getItem(`rollsheet.seats.${form.dataset.room}`) || "[]");
  const saver = seat ? { player: seat.name, token: seat.token } : {};
  const answer = await post({ ...payload, room: form.dataset.room, ...saver });
  const body = await answer.json();
  clearErrors();
  // The line under the button says how the save went; a refusal stays there when the form redraws its errors.
  document.getElementById("saved").textContent = answer.ok ? _("Saved to room %(code)s.", {code: form.dataset.room}) : body.error;
  if (!answer.ok) showErrors(body, where);
  Cards.draw();
  // A room of a group recorded the play there: links to the group's page and, on a phone, to BG Stats (on a
  // desktop its QR code, to scan with the phone that has BG Stats).
  const played = document.getElementById("played"), qr = document.getElementById("played-qr");
  played.hidden = qr.hidden = !(answer.ok && body.play);
  if (answer.ok && body.play) {
    document.getElementById("played-group").href = body.play.url;
    document.getElementById("played-bgstats").href = body.play.bgstats_url;
    qr.querySelector("img").src = `/g/${body.play.group}/plays/${encodeURIComponent(body.play.id)}/bgstats.svg`;
  }
}

cards.addEventListener("click", (event) => {
  const step = event.target.closest(".step");
  if (step) {
    const input = step.parentElement.querySelector("input");
    input.value = stepped(input, Number(step.dataset.step));
    changed({target: input});
  }
  const remove = event.target.closest(".remove");
  if (remove) {
    remove.closest(".player").remove();
    Cards.shown = Math.max(0, Cards.shown - 1);
    playersChanged();
  }
  if (event.target.closest(".next-card")) Cards.show(Cards.shown + 1, true);
});
function changed(event) {
  touched = true;
  event.target.closest(".player").dataset.touched = "yes";
  event.target.closest(".player").dataset.typed = event.target.closest("[data-path]")?.dataset.path ?? "";
  Cards.entries(event.target.closest(".player"));
  if (event.target.matches(".name")) Cards.draw();
  schedule();
}
cards.addEventListener("input", changed);
cards.addEventListener("change", changed);
document.getElementById("add-player").addEventListener("click", () => {
  addPlayer();
  Cards.shown = cards.children.length - 1;
  playersChanged();
  cards.children[Cards.shown].querySelector(".name").focus();
});
document.querySelectorAll("[data-export]").forEach((button) => {
  button.addEventListener("click", () => download(button.dataset.export));
});
document.getElementById("save-room")?.addEventListener("click", saveToRoom);
form.addEventListener("submit", (event) => event.preventDefault());
document.getElementById("language-switch").addEventListener("submit", () => {
  sessionStorage.setItem(keptKey, JSON.stringify({players: gather(true).payload.players, touched}));
});
prefill.forEach((player) => addPlayer(player));
// a form of its own starts with two players; one a room fills has the room's seated players, no more
const fromRoom = Boolean(form.dataset.room) && prefill.length > 0;
for (let n = cards.children.length; n < (fromRoom ? fewest : Math.max(fewest, Math.min(2, most))); n += 1) addPlayer();
playersChanged(); // once every card is in: token choices depend on the player count
touched = kept ? kept.touched : prefill.some((player) => Object.keys(player).some((key) => key !== "name"));
RoomCards.follow(schedule); // a room's cards, live: the result is asked for again after each state
