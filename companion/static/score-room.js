// The score form of a room: every seat's own card, live (live.js). A card of a seat this phone holds has "Save
// my card" (PUT /api/rooms/<code>/cards/<seat>); another seat's card fills in as its phone saves it ("Waiting for
// Ben's card" until then). Once every card is in, the room's result is made; before that any seated phone may
// "Finish with the cards we have". Saving every card at once (#save-room) says first whose saved cards it replaces.
// RoomCards.ready(): whether the winner may show; RoomCards.settled(): whether the room has its result; RoomCards.counted(card): whether the card is in the result (a
// room's result leaves out the cards never saved); RoomCards.judged(card): whether the card's problems are shown (typed on this
// phone or saved in the room); RoomCards.confirmSave(): whether a whole save may go now (else it says why not yet);
// RoomCards.follow(changed): follows the room's cards, calling changed() after each state drawn.
import {_, clock, listing} from "./i18n.js";
import {follow} from "./live.js";
import {Cards} from "./score-cards.js";
import {cell, fill, readCard} from "./score-fields.js";

// A room's cards on the score form: each seat's own, saved by its phone.
export const RoomCards = (function () {
  const form = document.getElementById("score");
  const cards = document.getElementById("players");
  const code = form.dataset.room;
  const mine = () => JSON.parse(localStorage.getItem(`rollsheet.seats.${code}`) || "[]"); // [{seat, name, token}]
  const on = {state: null, filled: {}, warned: false, state0: false, changed: () => {}};

  const cardOf = (name) => [...cards.children].find((card) => card.querySelector(".name").value.trim() === name);
  const held = (seat) => mine().find((one) => one.seat === seat.seat || one.name === seat.name);

  function status(card) {
    let line = card.querySelector(".card-status");
    if (!line) {
      line = cell("p", "", "card-status");
      line.setAttribute("role", "status");
      card.querySelector("header").after(line);
    }
    return line;
  }

  function saveButton(card, seat) {
    let button = card.querySelector(".save-card");
    if (!button) {
      button = cell("button", _("Save my card"), "save-card");
      button.type = "button";
      button.addEventListener("click", () => saveCard(card, seat.seat));
      card.querySelector(".card-error").before(button);
    }
    return button;
  }

  function show(state) {
    on.state = state;
    state.cards.forEach((seat) => {
      const card = cardOf(seat.name);
      if (!card) return;
      const own = held(seat);
      card.dataset.seat = seat.seat;
      card.querySelector(".name").readOnly = true;
      if (seat.saved && on.filled[seat.seat] !== seat.at && !(own && card.dataset.touched)) {
        on.filled[seat.seat] = seat.at;
        fill(card, {name: seat.name, ...seat.fields});
        Cards.entries(card);
        delete card.dataset.touched;
      }
      card.dataset.saved = seat.saved ? "yes" : "";
      if (own) saveButton(card, seat).textContent = seat.saved ? _("Save my card again") : _("Save my card");
      status(card).textContent = seat.saved ? _("%(name)s's card saved by %(by)s at %(time)s",
        {name: seat.name, by: seat.by, time: clock(seat.at)})
        : own ? _("Your card is not saved yet") : _("Waiting for %(name)s's card", {name: seat.name});
    });
    if (!on.state0) { // the form opens on this phone's own card
      on.state0 = true;
      const own = [...cards.children].findIndex((card) => card.querySelector(".save-card"));
      if (own > 0) Cards.show(own, false);
    }
    const waiting = state.cards.filter((seat) => !seat.saved).map((seat) => seat.name);
    const line = document.getElementById("room-cards");
    line.textContent = state.scored ? (state.scored.missing.length
      ? _("The room's result, without the cards of %(names)s", {names: listing(state.scored.missing)})
      : _("The room's result: every card is in"))
      : _("Waiting for the cards of %(names)s", {names: listing(waiting)});
    document.getElementById("finish-cards").hidden = Boolean(state.scored) || !mine().length
      || waiting.length === state.cards.length;
    on.changed();
  }

  async function send(method, path, body) {
    const answer = await fetch(`/api/rooms/${code}${path}`, {
      method, headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const state = await answer.json();
    if (answer.ok) show(state);
    return {answer, state};
  }

  async function saveCard(card, seat) {
    const {name, ...fields} = readCard(card, "card", {});
    const one = mine().find((held) => held.seat === seat || held.name === name);
    const {answer, state} = await send("PUT", `/cards/${seat}`, {token: one.token, fields});
    if (answer.ok) delete card.dataset.touched;
    else status(card).textContent = state.error;
  }

  async function finish() {
    const [one] = mine();
    const {answer, state} = await send("POST", "/cards/finish", {player: one.name, token: one.token});
    document.getElementById("saved").textContent = answer.ok ? "" : state.error;
  }

  function judged(card) {
    return !active || Boolean(card.dataset.touched || card.dataset.saved);
  }

  function othersSaved() {
    const names = mine().map((one) => one.name);
    return on.state ? on.state.cards.filter((seat) => seat.saved && !names.includes(seat.by)).map((seat) => seat.name) : [];
  }

  function confirmSave() {
    const others = othersSaved();
    if (!others.length || on.warned || !mine().length) return true; // a phone without a seat hears the room's refusal
    on.warned = true;
    document.getElementById("saved").textContent = _("%(names)s saved their own cards: saving replaces them with the "
      + "numbers on this phone. Tap again to replace them.", {names: listing(others)});
    return false;
  }

  function counted(card) {
    return !active || !on.state || !on.state.scored || Boolean(card.dataset.saved);
  }

  function settled() {
    return Boolean(active && on.state && on.state.scored);
  }

  function ready() {
    // a seated phone shows a winner once every card is saved in the room or typed on it; a phone of no seat here
    // keeps the score of the sheets it is handed, as a form of its own does
    return !active || !mine().length || settled() || [...cards.children].every((card) => card.dataset.saved || card.dataset.touched);
  }

  const active = Boolean(code);
  // Follows the room's cards live (a room's score page only), calling changed() after each state drawn.
  function followRoom(changed) {
    if (!active) return;
    on.changed = changed;
    document.getElementById("finish-cards").addEventListener("click", finish);
    window.addEventListener("load", () => follow(code, show, () => (on.state ? on.state.version : 0), () => {},
      {seats: () => mine().map((one) => one.seat), away: () => {}})); // a phone on its score page is present
  }
  return {active, judged, confirmSave, ready, counted, settled, follow: followRoom};
})();
