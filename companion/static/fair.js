// Fair dice (docs/fair-dice.md): the room's commitment, the SHA-256 of its secret seed, shown from the start;
// once the game is over, the link to the proof that `rollsheet verify` checks.
import {el} from "./dom.js";
import {_} from "./i18n.js";
import {room} from "./room.js";

// The dice commitment line, and the proof's link once the game is over.
export function drawFair(state) {
  const line = document.getElementById("fair");
  line.hidden = !state.commitment;
  if (!state.commitment) return;
  const proof = el("a", {href: `/api/rooms/${room.code}/proof`, "data-key": "proof",
    download: `proof-${room.code}.json`}, _("Proof of the dice: check it with rollsheet verify"));
  const commitment = el("code", {"data-key": "commitment"}, state.commitment);
  line.replaceChildren(_("Dice commitment (SHA-256):") + " ", commitment, " ",
    state.over ? proof : _("The seed behind it is revealed when the game is over."));
}
