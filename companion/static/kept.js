// A tap kept through a drop: a move of the game that rolls and draws nothing (written, pass, next, a crossing...)
// tapped while the connection is lost is shown as "Sending ..." and sent, with its request id, once the connection
// is back; it is dropped, with a sentence, when the table moved on meanwhile (the move is no longer in `allowed`, or
// the server refuses it: 409, a stale version). A roll or a draw (the moves the server names in the room data's
// `draws`) is never kept: the phone says it cannot roll while offline. The server stays the referee.
import {_} from "./i18n.js";
import {room} from "./room.js";

const draws = new Set(JSON.parse(document.getElementById("room-data").textContent).draws || []);
const RETRY_MS = 3000; // a tap whose answer was lost while the stream stayed up is sent again this much later
let taps = []; // [{entry, path, sent, seat, words}] in the order tapped
let sending = false, tapped = "";

// The words of the button last tapped, so that "Sending ..." names the tap as the player saw it.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button");
  tapped = button ? button.textContent.trim() : "";
}, true);

function draw() {
  const line = document.getElementById("kept");
  line.hidden = !taps.length;
  line.textContent = taps.length ? _("Sending as soon as the connection is back: %(taps)s",
    {taps: taps.map((tap) => `"${tap.words}"`).join(", ")}) : "";
}

// A function that keeps the tap (answering true), or null for a roll or a draw, which is never kept.
export function keeper(entry, path, sent, seat) {
  if (draws.has(entry.move)) return null;
  const tap = {entry, path, sent, seat, words: tapped || entry.move};
  return () => {
    if (!taps.some((kept) => kept.sent.request === sent.request)) taps.push(tap); // a tap repeated is kept once
    draw();
    if (!room.offline) setTimeout(send, RETRY_MS);
    return true;
  };
}

// A roll or a draw tapped offline: said, not sent.
export function refuse() {
  room.say(_("This phone cannot roll or draw while the connection is lost: tap again once it is back."), true);
  return null;
}

const dropped = (tap) => room.say(_("The table moved on while the connection was lost: \"%(tap)s\" was not made.",
  {tap: tap.words}), true);

// The kept taps, in order, against the table as it is now: each still allowed is sent, the others dropped.
async function send() {
  if (sending || room.offline || !taps.length) return;
  sending = true;
  try {
    await room.refresh();
    while (taps.length && !room.offline) {
      const tap = taps.shift();
      draw();
      if (!room.holds(tap.seat) || !room.allows(tap.entry, tap.seat)) { dropped(tap); continue; }
      let again = false; // the connection lost again: the tap waits at the head of the line
      const lost = () => { again = true; taps.unshift(tap); draw(); return true; };
      const answer = await room.send(tap.path, tap.sent, lost);
      if (answer) room.answered(answer);
      else if (!again) dropped(tap);
      if (again) break;
    }
  } catch (error) {
    // the table could not be read: the taps wait
  } finally {
    sending = false;
    if (taps.length && !room.offline) setTimeout(send, RETRY_MS); // the stream is up but a request failed
  }
}

// The live stream lost (down) or back: taps kept are sent once it is back.
export function linkChanged(down) {
  if (!down) send();
}
