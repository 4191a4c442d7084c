// The board of the room's table, chosen from data: the board named by the state's `board` (else the game's table
// kind), drawn above the table's counters and the declared end; a mechanic without a board of its own here gets
// the generic board (its allowed moves as buttons), never nothing. A game without a table has no board.
import {counters, endControl} from "./board-kit.js";
import {diceBoards} from "./dice-boards.js";
import {genericBoard} from "./generic-board.js";
import {marketBoards} from "./market-board.js";
import {room} from "./room.js";

/** The boards this page knows, by the name of the mechanic they draw. */
export const boards = {...diceBoards, ...marketBoards};

// The name of the board the state asks for: its `board`, else the game's table kind (null: no table).
const boardName = (state) => state.board || (room.game.table || {}).kind || null;

/** Draw the board the state names (or the generic one) into #board. */
export function drawBoard(state) {
  const name = boardName(state);
  if (!name) return;
  const draw = boards[name] || genericBoard;
  const parts = [draw(state), counters(state), endControl()];
  document.getElementById("board").replaceChildren(...parts.flat(3).filter(Boolean));
}
