// The room page's entry: the parts of the page, drawn in this order on every redraw (each into its own place),
// what a new state brings first (a seat moved to another phone), and the live stream that brings the states.
import {drawAway, heard} from "./away.js";
import {drawBoard} from "./board-choice.js";
import {drawFair} from "./fair.js";
import {linkChanged} from "./kept.js";
import {drawLists} from "./lists.js";
import {follow} from "./live.js";
import {room} from "./room.js";
import {drawSeats} from "./seats.js";
import {drawUndo, ignoreSecondTaps} from "./taps.js";
import {drawAsks, settle} from "./takeover.js";
import {keepScreenOn} from "./wake.js";

room.boards.push(drawUndo, drawAsks, drawSeats, drawBoard, drawLists, drawFair, drawAway);
room.arrivals.push(settle);
ignoreSecondTaps(document.getElementById("board"));
keepScreenOn();

const recent = JSON.parse(localStorage.getItem("rollsheet.rooms") || "{}");
recent[room.game.id] = {code: room.code, at: Date.now()};
localStorage.setItem("rollsheet.rooms", JSON.stringify(recent));

// "Connection lost: retrying ..." while the live stream is down; gone once it is back.
function banner(down) {
  room.offline = down;
  document.getElementById("connection").hidden = !down;
  linkChanged(down);
}
window.addEventListener("load", () => {
  room.follower = follow(room.code, room.show, () => (room.state ? room.state.version : 0), banner,
    {seats: () => room.mine.map((m) => m.seat), away: heard});
});
