// A group's pages: after a form, focus goes to what it changed (the play named in the address, else the sentence
// saying what was done or refused), which reads that sentence too; the import reads a JSON export (a list of plays)
// and posts it in as few parts as the companion's body limit and its cap on plays per import allow (each import counts
// toward the device's new-rooms limit; a play's BG Stats link is left out: the import does not read it; a play the
// group has already is skipped by the server, so sending again is safe).
import {_, ngettext} from "./i18n.js";

const said = document.getElementById("alert") || document.getElementById("status");
const target = (window.location.hash && document.getElementById(window.location.hash.slice(1))) || said;
if (said && said.textContent.trim() && target) {
  target.setAttribute("tabindex", "-1");
  if (target !== said) target.setAttribute("aria-describedby", said.id);
  target.focus();
}

const form = document.getElementById("import");
const told = document.getElementById("import-said");
const MOST_PLAYS = 200, MOST_BYTES = 60000;  // the import's cap; the body limit (64 KB) less room to spare

function withoutLink({bgstats_url, ...play}) { return play; }

function parts(plays) {
  const found = [];
  let part = [], bytes = 2;
  for (const play of plays) {
    const kept = play && typeof play === "object" && !Array.isArray(play) ? withoutLink(play) : play;
    const size = new TextEncoder().encode(JSON.stringify(kept)).length + 1;
    if (part.length && (part.length === MOST_PLAYS || bytes + size > MOST_BYTES)) {
      found.push(part);
      part = [];
      bytes = 2;
    }
    part.push(kept);
    bytes += size;
  }
  if (part.length) found.push(part);
  return found;
}

async function send(plays) {
  let added = 0, skipped = 0;
  for (const part of parts(plays)) {
    const response = await fetch(form.dataset.url, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(part),
    });
    const answer = await response.json();
    if (!response.ok) return {error: answer.error, added};
    added += answer.added;
    skipped += answer.skipped;
  }
  return {added, skipped};
}

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const [file] = document.getElementById("import-file").files;
  let plays;
  try {
    plays = JSON.parse(await file.text());
  } catch (error) {
    told.textContent = _("This file is not a JSON export of plays.");
    return;
  }
  if (!Array.isArray(plays)) { told.textContent = _("This file is not a JSON export of plays."); return; }
  const done = await send(plays);
  if (done.error) {
    told.textContent = ngettext("%(num)s play was imported, then: %(error)s", "%(num)s plays were imported, then: %(error)s",
      done.added, {error: done.error});
    return;
  }
  window.location.assign(`${window.location.pathname}?said=imported#stats`);  // the log says how many came
});
