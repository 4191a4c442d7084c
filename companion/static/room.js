// A room page: the phone's seats, the JSON API (name, seat token, the version drawn and a request id go
// with every tap), live updates (live.js), the log, and redraws that keep keyboard focus where it was.
// The server is the referee: the page offers exactly the moves the state's `allowed` lists for the seat
// this phone acts for, and shows its `prompt`. Boards (board.js, market.js), seats (seats.js) and shared
// lists (lists.js) register a draw function in Room.boards.
const Room = (function () {
  const data = JSON.parse(document.getElementById("room-data").textContent);
  const seatsKey = `rollsheet.seats.${data.code}`;
  const room = {
    code: data.code, game: data.game, state: null, boards: [], selected: new Set(), selectionKey: "",
    mine: JSON.parse(localStorage.getItem(seatsKey) || "[]"), // [{seat, name, token}] held by this phone
    acting: null, // the seat id this phone acts for when it holds several and none is on turn
  };

  // el("button", {class: "x", onclick: f}, "text", child...) builds a DOM node.
  room.el = function (tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "style") node.style.cssText = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
    return node;
  };

  let follower = null; // the live stream (Live.follow)
  room.saveSeats = function () {
    localStorage.setItem(seatsKey, JSON.stringify(room.mine));
    if (follower) follower.renew(); // the stream names the seats this phone holds: they are present
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

  // One tap, one move. A tap is in flight from before it is sent until its answer; the same button tapped again
  // next (nothing else tapped in between) while it is in flight, or within DOUBLE_TAP_MS of its answer, is the
  // second half of a double tap and is not sent, whoever the phone acts for by then. A tap's request id comes from
  // the version shown when it was made: the same move tapped again on that version (a retry after a lost answer)
  // carries the same id, and the server makes it once.
  const DOUBLE_TAP_MS = 350;
  const ids = new Map(); // request ids by version, seat and move
  let last = {button: "", flying: false, answered: 0}; // the last tap
  function requestId(sent) {
    if (!ids.has(sent)) {
      if (ids.size > 50) ids.clear();
      ids.set(sent, Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""));
    }
    return ids.get(sent);
  }
  room.requestId = requestId;
  const doubleTap = (button) => button === last.button && (last.flying || Date.now() - last.answered < DOUBLE_TAP_MS);

  // Send an allowed entry: a list crossing to lists/<list>/<item>, any other move to its name.
  room.make = function (entry) {
    const {move, list, item, ...body} = entry;
    return room.post(move === "cross" ? `lists/${list}/${item}` : move, body, undefined, entry);
  };

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
      if (response.status === 409) refresh();
    } catch (error) {
      if (!(lost && lost())) room.say(_("No connection to the table's server; try again."), true);
    } finally {
      clearTimeout(timer);
    }
    return null;
  };

  // POST to the room API as `seat` (default: the acting seat), with its token and the version shown. A move made
  // for the seat chosen under "This phone plays for" ends the choice: the phone follows the table again. A move of
  // the game (`entry`) tapped without a connection is kept for later or refused (kept.js).
  room.post = async function (path, body, seat, entry) {
    const me = room.mine.find((m) => m.seat === (seat === undefined ? room.actor() : seat));
    if (!me) { room.say(_("Take a seat first: type your name under Seats."), true); return null; }
    const button = JSON.stringify([path, body || {}]);
    if (doubleTap(button)) return null;
    const sent = Object.assign({player: me.name, token: me.token, seen: room.state.version,
      request: requestId(`${room.state.version}/${me.seat}/${button}`)}, body || {});
    const keep = entry && room.kept.keeper(entry, path, sent, me.seat);
    if (entry && room.offline) return keep ? keep() && null : room.kept.refuse();
    const tap = last = {button, flying: true, answered: 0}, chosen = room.acting;
    const answer = await room.send(path, sent, keep);
    Object.assign(tap, {flying: false, answered: Date.now()});
    if (answer && me.seat === chosen && room.acting === chosen) room.acting = null; // not a choice made since
    if (answer) show(answer);
    const handed = answer && handedOn(); // the stream had brought that state: drawn for the chosen seat
    if (answer) room.answered(answer); // its picks done, drawn again (for the chosen seat)
    if (handed) room.say(...handed);
    return answer;
  };

  async function refresh() {
    const response = await fetch(`/api/rooms/${room.code}`);
    if (response.ok) show(await response.json());
  }
  room.refresh = refresh;

  function drawLog(log) {
    const list = document.getElementById("log");
    list.replaceChildren(...log.map((entry) => room.el("li", {},
      room.el("time", {}, new Date(entry.at * 1000).toLocaleTimeString(I18n.language, {hour: "2-digit", minute: "2-digit", second: "2-digit"})),
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
  function handedOn() {
    if (drawnActor === null || room.mine.length < 2 || room.actor() === drawnActor) return null;
    clearTimeout(handing);
    handing = setTimeout(() => { handing = null; room.redraw(); }, HANDOVER_MS);
    return [_("This phone now plays for %(name)s.", {name: room.seatName(room.actor())}), false];
  }

  // The second tap of a double tap (a click counted 2 or more at the same spot) lands on whatever the first tap's
  // answer drew under the finger (Simstown: the middle die, set aside): the board takes no such tap.
  document.getElementById("board").addEventListener("click", (event) => {
    if (event.detail > 1) { event.stopPropagation(); event.preventDefault(); }
  }, true);

  // Redraw every board; the focused control (by its data-key) gets the focus back, or when it is gone or
  // disabled the next useful control gets it. The turn line is only where focus waits while this phone has
  // nothing to do: once a control is enabled (a state that arrived after a seat was taken), focus moves on.
  room.redraw = function () {
    drawnActor = room.actor();
    const key = `${room.state.table_version}/${drawnActor}`; // a new roll, turn or acting seat starts clean
    if (key !== room.selectionKey) { room.selected.clear(); room.selectionKey = key; }
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    for (const draw of room.boards) draw(room.state);
    Away.draw();
    if (handing) document.querySelectorAll("#board button, #board select").forEach((control) => { control.disabled = true; });
    if (focused) {
      const again = focused !== "turn-line" && document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus({preventScroll: true});
      else room.focusNext();
    }
  };

  // What each new state brings before it is drawn (a seat that moved to another phone: takeover.js): each
  // answers what to say then, [text, as an alert], or nothing.
  room.arrivals = [];

  function show(state) {
    if (room.state && state.version <= room.state.version) return;
    const before = room.state, held = room.mine.length;
    room.state = state;
    // what each arrival says (seats it moves come first), then who a shared phone acts for now
    const news = [...room.arrivals.map((arrive) => arrive(state)), room.mine.length === held && handedOn()].filter(Boolean);
    room.redraw();
    drawLog(state.log);
    if (before && state.log.length && (!before.log.length || state.log[0].at !== before.log[0].at)) room.say(state.log[0].text);
    for (const [text, alert] of news) room.say(text, alert);
  }
  room.show = show;
  // A move of this phone answered: its picks are done (no die stays outlined), the answer drawn.
  room.answered = function (answer) {
    room.selectionKey = "";
    show(answer);
    room.redraw();
  };

  // The undo offer: only to the phone holding the seat that made the room's last move.
  room.boards.push((state) => {
    const slot = document.getElementById("undo");
    const mine = state.undo && room.holds(state.undo.seat);
    slot.replaceChildren(...(mine ? [room.el("button", {type: "button", class: "button secondary", "data-key": "undo",
      onclick: () => room.post("undo", {}, state.undo.seat)}, _("Undo %(name)s's last move", {name: room.seatName(state.undo.seat)}))] : []));
  });

  const recent = JSON.parse(localStorage.getItem("rollsheet.rooms") || "{}");
  recent[room.game.id] = {code: room.code, at: Date.now()};
  localStorage.setItem("rollsheet.rooms", JSON.stringify(recent));
  // "Connection lost: retrying ..." while the live stream is down; gone once it is back.
  const banner = (down) => {
    room.offline = down;
    document.getElementById("connection").hidden = !down;
    room.kept.link(down);
  };
  window.addEventListener("load", () => {
    follower = Live.follow(room.code, show, () => (room.state ? room.state.version : 0), banner,
      {seats: () => room.mine.map((m) => m.seat), away: Away.heard});
  });
  return room;
})();
