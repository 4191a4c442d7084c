// A room page's table: the phone's seats, the state drawn, what the server allows the seat this phone acts for,
// the JSON API's answers and refusals, and redraws that keep keyboard focus where it was. The server is the
// referee: the page offers exactly the moves the state's `allowed` lists for the seat this phone acts for, and
// shows its `prompt`. The page's parts (room-page.js lists them) are draw functions in room.boards; what a new
// state brings before it is drawn, in room.arrivals. Taps are sent by taps.js.
import {_, clock} from "./i18n.js";
import {el} from "./dom.js";

const data = JSON.parse(document.getElementById("room-data").textContent);
const seatsKey = `rollsheet.seats.${data.code}`;
// The room this page shows, and what this phone holds of it.
export const room = {
  code: data.code, game: data.game, state: null, boards: [], arrivals: [], selected: new Set(), selectionKey: "",
  picks: 0, // dice picked or put back so far: a tap's answer ends only the picks made before it was sent
  mine: JSON.parse(localStorage.getItem(seatsKey) || "[]"), // [{seat, name, token}] held by this phone
  acting: null, // the seat id this phone acts for when it holds several and none is on turn
  follower: null, // the live stream (live.js), started by room-page.js
  offline: false, // whether the live stream is down
};

room.saveSeats = function () {
  localStorage.setItem(seatsKey, JSON.stringify(room.mine));
  if (room.follower) room.follower.renew(); // the stream names the seats this phone holds: they are present
};
room.seatName = (seat) => (room.state.seats.find((s) => s.seat === seat) || {}).name;
room.holds = (seat) => room.mine.some((m) => m.seat === seat);

// The seat this phone acts for: the one chosen under "This phone plays for" while the server allows it anything
// (until it has made a move), else the first of ours the table waits for (the server's `waiting`), else the
// chosen (or first) of ours.
room.actor = function () {
  if (room.holds(room.acting) && ((room.state.allowed || {})[String(room.acting)] || []).length) return room.acting;
  const waiting = (room.state.waiting || []).filter((seat) => room.holds(seat));
  if (waiting.length) return waiting[0];
  return room.holds(room.acting) ? room.acting : (room.mine[0] || {}).seat;
};
// The player chooses whom this phone plays for (no pause: the choice is theirs).
room.choose = function (seat) {
  room.acting = seat;
  room.redraw();
};

// What a seat (default: the acting one) may send now: the server's `allowed` entries, those of one move when named.
room.offers = function (move, seat = room.actor()) {
  const entries = room.mine.length ? (room.state.allowed || {})[String(seat)] || [] : [];
  return move ? entries.filter((entry) => entry.move === move) : entries;
};
// Whether the acting seat may send exactly this entry.
const same = (a, b) => Object.keys(a).length === Object.keys(b).length
  && Object.keys(a).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
room.allows = (entry, seat) => room.offers(entry.move, seat).some((offered) => same(offered, entry));
// The line the server says for the acting seat (or for a phone watching without one).
room.prompt = () => (room.state.prompt || {})[room.mine.length ? String(room.actor()) : "watching"] || "";
// A button's words with the acting seat's name, on a phone that plays for several ("Take for Cy").
room.forActor = (text) => (room.mine.length > 1 ? _("%(action)s for %(name)s", {action: text, name: room.seatName(room.actor())}) : text);

room.say = function (text, isError) {
  document.getElementById(isError ? "alert" : "status").textContent = text;
  if (!isError) document.getElementById("alert").textContent = "";
};

// POST a JSON body to the room API: the answer, or null once the refusal (or the lost connection: no answer
// within ANSWER_MS) is said; `lost()`, where given, takes the lost connection over (kept.js keeps the tap).
const ANSWER_MS = 6000;
room.send = async function (path, body, lost) {
  const abort = new AbortController(), timer = setTimeout(() => abort.abort(), ANSWER_MS);
  try {
    const response = await fetch(`/api/rooms/${room.code}/${path}`, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal: abort.signal});
    const answer = await response.json();
    if (response.ok) return answer;
    room.say(answer.error || _("That did not work."), true);
    if (response.status === 409) room.refresh();
  } catch (error) {
    if (!(lost && lost())) room.say(_("No connection to the table's server; try again."), true);
  } finally {
    clearTimeout(timer);
  }
  return null;
};

room.refresh = async function () {
  const response = await fetch(`/api/rooms/${room.code}`);
  if (response.ok) room.show(await response.json());
};

function drawLog(log) {
  const list = document.getElementById("log");
  list.replaceChildren(...log.map((entry) => el("li", {},
    el("time", {}, clock(entry.at, true)),
    " ", entry.text)));
}

// The next useful control: the board's first one enabled for the turn (not the declared end), else its turn
// line (read out when focused).
room.focusNext = function () {
  const control = document.querySelector('#board button:enabled:not([data-key="end"]), #board select:enabled');
  (control || document.getElementById("turn-line") || document.getElementById("board")).focus();
};

// A shared phone whose acting seat changed without the player's choice (the table moved on, or a move ended the
// choice) takes no tap on the board for HANDOVER_MS: the second half of a double tap is not made for the next
// player. What to say then, [text, as an alert], or null when the acting seat is the one drawn.
const HANDOVER_MS = 500;
let drawnActor = null, handing = null;
room.handedOn = function () {
  if (drawnActor === null || room.mine.length < 2 || room.actor() === drawnActor) return null;
  clearTimeout(handing);
  handing = setTimeout(() => { handing = null; room.redraw(); }, HANDOVER_MS);
  return [_("This phone now plays for %(name)s.", {name: room.seatName(room.actor())}), false];
};

// Redraw every board; the focused control (by its data-key) gets the focus back, or when it is gone or
// disabled the next useful control gets it. The turn line is only where focus waits while this phone has
// nothing to do: once a control is enabled (a state that arrived after a seat was taken), focus moves on.
room.redraw = function () {
  drawnActor = room.actor();
  const key = `${room.state.table_version}/${drawnActor}`; // a new roll, turn or acting seat starts clean
  if (key !== room.selectionKey) { room.selected.clear(); room.selectionKey = key; }
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  for (const draw of room.boards) draw(room.state);
  if (handing) document.querySelectorAll("#board button, #board select").forEach((control) => { control.disabled = true; });
  if (focused) {
    const again = focused !== "turn-line" && document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus({preventScroll: true});
    else room.focusNext();
  }
};

// A newer state: what each arrival says (seats it moves come first), then who a shared phone acts for now.
room.show = function (state) {
  if (room.state && state.version <= room.state.version) return;
  const before = room.state, held = room.mine.length;
  room.state = state;
  const news = [...room.arrivals.map((arrive) => arrive(state)), room.mine.length === held && room.handedOn()].filter(Boolean);
  room.redraw();
  drawLog(state.log);
  if (before && state.log.length && (!before.log.length || state.log[0].at !== before.log[0].at)) room.say(state.log[0].text);
  for (const [text, alert] of news) room.say(text, alert);
};
// A move of this phone answered: its picks are done (no die stays outlined), the answer drawn. `picks`: the count
// when it was sent; a die picked since (on the state the stream brought first) stays picked.
room.answered = function (answer, picks = room.picks) {
  if (picks === room.picks) room.selectionKey = "";
  room.show(answer);
  room.redraw();
};
