// A room page: the player's name, the JSON API, live updates (live.js), the log.
// Game boards (games.js) and shared lists (lists.js) register a draw function in Room.boards.
const Room = (function () {
  const data = JSON.parse(document.getElementById("room-data").textContent);
  const room = {
    code: data.code, game: data.game, state: null, boards: [], selected: new Set(),
    name: localStorage.getItem("rollsheet.name") || "",
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
    node.append(...children.flat().filter((c) => c !== null && c !== undefined));
    return node;
  };

  // Text colour readable on a colour fill (dark on light colours, white on dark ones).
  room.onFill = function (rgb) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(rgb.slice(i, i + 2), 16));
    return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1b1b1b" : "#ffffff";
  };

  // A polyomino (or a piece seen from above) as SVG: [x, y, text] cells in a colour, `px` per cell.
  room.cellsSvg = function (cells, colour, px) {
    const ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
    const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
    const set = (node, attrs) => { for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v); return node; };
    set(svg, {viewBox: `-1 -1 ${w * 10 + 2} ${h * 10 + 2}`, width: w * px, height: h * px, "aria-hidden": "true"});
    for (const [x, y, text] of cells) {
      const label = set(document.createElementNS(ns, "text"), {x: x * 10 + 5, y: y * 10 + 7.3, "text-anchor": "middle",
        "font-size": 6.5, "font-weight": 700, fill: room.onFill(colour.rgb)});
      label.textContent = text;
      svg.append(set(document.createElementNS(ns, "rect"), {x: x * 10, y: y * 10, width: 10, height: 10,
        fill: colour.rgb, stroke: "#1b1b1b", "stroke-width": 0.8}), label);
    }
    return svg;
  };

  room.say = function (text, isError) {
    const status = document.getElementById("status");
    status.textContent = text;
    status.classList.toggle("error", Boolean(isError));
  };

  room.post = async function (path, body) {
    if (!room.name) { askName(); room.say("Set your name first.", true); return; }
    try {
      const response = await fetch(`/api/rooms/${room.code}/${path}`, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(Object.assign({player: room.name}, body || {})),
      });
      const answer = await response.json();
      if (!response.ok) { room.say(answer.error || "That did not work.", true); return; }
      room.selected.clear();
      show(answer);
    } catch (error) {
      room.say("No connection to the table's server; try again.", true);
    }
  };

  function drawLog(log) {
    const list = document.getElementById("log");
    list.replaceChildren(...log.map((entry) => room.el("li", {},
      room.el("time", {}, new Date(entry.at * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", second: "2-digit"})),
      " ", entry.text)));
  }

  function show(state) {
    if (room.state && state.version <= room.state.version) return;
    const before = room.state;
    room.state = state;
    if (!before || before.turn !== state.turn) room.selected.clear();
    for (const draw of room.boards) draw(state);
    drawLog(state.log);
    if (before && state.log.length && (!before.log.length || state.log[0].at !== before.log[0].at)) {
      room.say(state.log[0].text);
    }
  }
  room.redraw = () => { for (const draw of room.boards) draw(room.state); };

  function askName() {
    const form = document.getElementById("name-form");
    form.hidden = false;
    document.getElementById("name").value = room.name;
    document.getElementById("name").focus();
  }
  document.getElementById("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    room.name = document.getElementById("name").value.trim().slice(0, 30);
    if (!room.name) return;
    localStorage.setItem("rollsheet.name", room.name);
    document.getElementById("who-name").textContent = room.name;
    event.target.hidden = true;
    room.say(`You play as ${room.name}.`);
  });
  document.getElementById("who").addEventListener("click", askName);
  document.getElementById("who-name").textContent = room.name || "set your name";
  if (!room.name) askName();

  const recent = JSON.parse(localStorage.getItem("rollsheet.rooms") || "{}");
  recent[room.game.id] = {code: room.code, at: Date.now()};
  localStorage.setItem("rollsheet.rooms", JSON.stringify(recent));
  window.addEventListener("load", () => Live.follow(room.code, show, () => (room.state ? room.state.version : 0)));
  return room;
})();
