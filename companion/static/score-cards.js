// The score form shows one player's card at a time: a button per player above the cards (name, running
// total, a mark when the card has a problem), kept across redraws so that a tap never lands on a button
// being replaced, and "Next: Ben" at the end of a card. A list of entries (Monolyth's prophecies) opens one
// more entry once the one before it has its first widget set.
// Cards.draw() after any change to the cards; Cards.show(i, focus); Cards.entries(card); Cards.shown: the card on show.
import {_} from "./i18n.js";
import {cell, read} from "./score-fields.js";

// The card on show and the player buttons above the cards.
export const Cards = (function () {
  const cards = document.getElementById("players");
  const tabs = document.getElementById("player-tabs");
  const on = {shown: 0};

  function draw() {
    on.shown = Math.min(on.shown, cards.children.length - 1);
    while (tabs.children.length > cards.children.length) tabs.lastElementChild.remove();
    while (tabs.children.length < cards.children.length) {
      const tab = cell("button", "", "tab"), at = tabs.children.length;
      tab.type = "button";
      tab.append(cell("span", "", "tab-name"), cell("span", "", "tab-total"));
      tab.addEventListener("click", () => show(at));
      tabs.append(tab);
    }
    [...cards.children].forEach((card, i) => {
      const name = card.querySelector(".name").value.trim() || _("Player %(num)s", {num: i + 1});
      const total = card.querySelector(".running").value, bad = card.querySelector(".invalid") !== null;
      const tab = tabs.children[i];
      tab.classList.toggle("bad", bad);
      tab.setAttribute("aria-pressed", String(i === on.shown));
      tab.setAttribute("aria-label", bad ? _("%(name)s: %(total)s points, a field to fix", {name, total})
        : _("%(name)s: %(total)s points", {name, total}));
      tab.firstElementChild.textContent = name;
      tab.lastElementChild.textContent = bad ? "!" : total;
      card.hidden = i !== on.shown;
      const next = card.querySelector(".next-card");
      next.hidden = i === cards.children.length - 1;
      if (!next.hidden) next.textContent = _("Next: %(name)s", {name: cards.children[i + 1].querySelector(".name").value});
    });
  }

  function show(i, focus) {
    on.shown = i;
    draw();
    if (focus) cards.children[i].querySelector(".name").focus();
  }

  function entries(card) {
    let previous = null;
    card.querySelectorAll(".field.entry").forEach((entry) => {
      const first = (box) => read(box.querySelector("[data-path]")) !== undefined;
      entry.hidden = previous !== null && previous.dataset.path === entry.dataset.path && !first(previous) && !first(entry);
      previous = entry;
    });
  }

  return Object.defineProperty({draw, show, entries}, "shown", {get: () => on.shown, set: (i) => { on.shown = i; }});
})();
