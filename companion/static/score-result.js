// The score form's result under the cards, from the server's answer: each card's running total, the winner and
// every other tie, the ranking, and each player's breakdown by part (in the paper's colours and glyphs).
// showResult(result, touched) after each answer without a problem; the result shows once a number was typed.
import * as Glyphs from "./glyphs.js";
import {_, listing} from "./i18n.js";
import {cell} from "./score-fields.js";

const cards = document.getElementById("players");
const labels = JSON.parse(document.getElementById("breakdown-labels").textContent);

function label(key) {
  const { label: text, glyph, glyph_svg, rgb, ink } = labels[key] || { label: key };
  const head = cell("th", text);
  if (glyph) {
    const chip = cell("span", "", "chip");
    chip.append(Glyphs.mark({ glyph, glyph_svg }));
    Object.assign(chip.style, { background: rgb, color: ink });
    chip.setAttribute("aria-hidden", "true");
    head.prepend(chip);
  }
  return head;
}

/** The answer's result under the cards, shown once `touched`. */
export function showResult(result, touched) {
  const totals = Object.fromEntries(result.players.map((p) => [p.name, p.total]));
  [...cards.children].forEach((card) => {
    card.querySelector(".running").value = totals[card.querySelector(".name").value.trim()] ?? "";
  });
  cards.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
  const names = listing(result.winners);
  document.getElementById("winner").textContent = result.tiebreak
    || (result.winners.length > 1 ? _("%(names)s share the win", {names}) : _("%(name)s wins", {name: names}));
  document.getElementById("tiebreaks").replaceChildren(...(result.tiebreaks || [])
    .filter((note) => note !== result.tiebreak).map((note) => cell("li", note)));
  document.getElementById("ranking").replaceChildren(...result.players.map((p) => {
    const row = document.createElement("tr");
    row.className = result.winners.includes(p.name) ? "won" : "";
    const name = cell("th", p.name);
    name.setAttribute("scope", "row");
    if (result.winners.includes(p.name)) name.append(cell("span", " · " + _("winner"), "won-mark"));
    row.append(cell("td", p.rank, "rank"), name, cell("td", p.total, "points"));
    return row;
  }));
  const head = document.createElement("tr");
  head.append(cell("td", ""), ...result.players.map((p) => cell("th", p.name)));
  head.querySelectorAll("th").forEach((th) => th.setAttribute("scope", "col"));
  const rows = Object.keys(result.players[0].breakdown).map((key) => {
    const row = document.createElement("tr");
    row.append(label(key), ...result.players.map((p) => cell("td", p.breakdown[key])));
    return row;
  });
  const total = document.createElement("tr");
  total.className = "total";
  total.append(cell("th", _("Total")), ...result.players.map((p) => cell("td", p.total)));
  document.getElementById("breakdown").replaceChildren(head, ...rows, total);
  document.getElementById("result").hidden = !touched;
}
