// The room's sheet API for the sheet page: read a seat's sheet, change marks on one's own (its token, a request id),
// and say a refusal (strict mode's sentence) as an alert.
import {_} from "./i18n.js";

const ANSWER_MS = 6000;

/** Say a line in the status, or as an alert when it is a refusal. */
export function say(text, isError) {
  document.getElementById(isError ? "alert" : "status").textContent = text;
  if (!isError) document.getElementById("alert").textContent = "";
}

const requestId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)),
  (b) => b.toString(16).padStart(2, "0")).join("");

/** A seat's sheet {"marks", "card", "total"}, or null when it cannot be read now. */
export async function readSheet(code, seat) {
  try {
    const response = await fetch(`/api/rooms/${code}/sheets/${seat}`);
    return response.ok ? await response.json() : null;
  } catch (error) {
    return null;
  }
}

/** Change marks on a seat this phone holds (`me`: {seat, token}): the sheet after, or null once the refusal is said. */
export async function changeMarks(code, me, marks) {
  const abort = new AbortController(), timer = setTimeout(() => abort.abort(), ANSWER_MS);
  try {
    const response = await fetch(`/api/rooms/${code}/sheets/${me.seat}`, {method: "PATCH", signal: abort.signal,
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({token: me.token, request: requestId(), marks})});
    const answer = await response.json();
    if (response.ok) return answer;
    say(answer.error || _("That did not work."), true);
  } catch (error) {
    say(_("No connection to the table's server; try again."), true);
  } finally {
    clearTimeout(timer);
  }
  return null;
}
