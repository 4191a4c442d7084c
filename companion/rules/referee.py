"""The one referee: what each seat may do now, the gate every move and crossing passes, no dead ends.

`allowed` lists, for every seat, the complete move bodies it may send now: its table's moves
(companion/rules/mechanics), the shared lists' crossings (companion/rules/lists.py) and the declared end. A move or
crossing is made only when it is one of them. After it, a seat with nothing left to do in the others'
part is done, a turn whose player has nothing to do passes by itself, and a table where nobody can
move any more ends.

Glossary:
- turn move: a move that belongs to the turn (a mechanic's move, a turn action's crossing); the
  declared end and the other crossings are not: a seat with only those has nothing to do.
- undoable: what the room's undo may take back (companion/rooms/actions.py): never a move that rolled or drew, nor
  one that ended the game (the room's dice seed is shown then: the game cannot go on).
"""
from __future__ import annotations

import secrets

from companion.rules import list_refusals, lists, mechanics
from companion.rules.contract import Act, Entry
from companion.rules.counters import counter_keys
from companion.rules.errors import Stale, impossible, missing
from companion.rules.language import current, gettext, speaker
from companion.rules.turns import copied, others, pass_turn, seat_name
from companion.rules.words import describe, end_text
from layouts import Game

TURN_KEYS = ("turn", "active", "phase", "over")


def allowed(game: Game, state: dict) -> dict[str, list[dict]]:
    """Every seat's move bodies it may send now, by seat id (as text)."""
    mechanic = mechanics.mechanic_of(game)
    return {str(s["seat"]): (mechanic.allowed(state, s["seat"]) if mechanic else [])
            + lists.allowed(game, mechanic, state, s["seat"]) for s in state["seats"]}


def turn_entries(game: Game, entries: list[dict]) -> list[dict]:
    """The move bodies that belong to the turn: a mechanic's moves (but the declared end) and turn actions."""
    mechanic = mechanics.mechanic_of(game)
    moves = mechanic.moves() if mechanic else {}
    return [e for e in entries if (e["move"] in moves and moves[e["move"]].turn)
            or (e["move"] == "cross" and game.lists[e["list"]].turn_action and set(e) == {"move", "list", "item"})]


def answers(game: Game, state: dict) -> dict:
    """What the referee tells every phone: `allowed`, `waiting` (the seats with a move of the turn now), and the
    `board` to draw them on (the mechanic's; None for a game without a table)."""
    offered, mechanic = allowed(game, state), mechanics.mechanic_of(game)
    return {"allowed": offered, "waiting": [s["seat"] for s in state["seats"]
                                            if turn_entries(game, offered[str(s["seat"])])],
            "board": mechanic.BOARD if mechanic else None}


def has_turn_move(game: Game, mechanic, state: dict, seat: int) -> bool:
    """Whether `seat` has a move that belongs to the turn: its mechanic's (but the declared end) or a turn action."""
    return next(mechanic.legal(state, seat, turn_only=True), None) is not None \
        or bool(lists.allowed(game, mechanic, state, seat, turn_only=True))


def _refuse_if_over_or_stale(game: Game, state: dict, seen: int | None) -> None:
    if state["over"]:
        raise impossible(gettext("The game is over: %(end)s", end=end_text(game, speaker(current()), state["over"])))
    if seen is not None and seen < state["table_version"]:
        raise Stale(seen)


def act(game: Game, state: dict, action: str, body: dict, seat: int, version: int, rng) -> tuple[dict, Entry, bool]:
    """`seat` makes move `action` (the room's next version is `version`): (the new state, its log entry, undoable)."""
    mechanic = mechanics.mechanic_of(game)
    offered = mechanic.moves() if mechanic else {}
    if action not in offered:
        raise missing(gettext("%(game)s has no move %(move)s; it has: %(moves)s.", game=game.name, move=repr(action),
                              moves=", ".join(sorted(offered)) or gettext("none")))
    _refuse_if_over_or_stale(game, state, seen_of(body))
    refused = mechanic.turn_refusal(state, seat, action)
    if refused:
        raise refused
    move = mechanic.canonical(action, body, state)
    new, entry, passed = mechanic.apply(state, seat, move, rng)
    done = Act(game, mechanic, new, move, seat, rng, passed)
    settle(done)
    return new, finish(done, state, version, entry), mechanic.undoable(move) and not new["over"]


def cross(game: Game, state: dict, list_id: str, item_id: str, body: dict, seat: int, version: int,
          now: float) -> tuple[dict, Entry, bool]:
    """`seat` crosses, uncrosses, sets up or uses again one list item: (the new state, its log entry, undoable)."""
    mechanic = mechanics.mechanic_of(game)
    move = lists.crossing(game, state, list_id, item_id, body)
    turn_action = game.lists[list_id].turn_action and set(move) == {"move", "list", "item"}
    _refuse_if_over_or_stale(game, state, seen_of(body) if turn_action else None)
    refused = list_refusals.refusal(game, mechanic, state, move, seat)
    if refused:
        raise refused
    if move not in lists.allowed(game, mechanic, state, seat):
        raise impossible(gettext("That move is not open to %(name)s now.", name=seat_name(state, seat)))
    done = Act(game, mechanic, copied(state), move, seat)
    if turn_action and state["turn"] == 0:
        done.state.update(turn=1, active=seat)
    entry = lists.cross(done, now)
    settle(done)
    return done.state, finish(done, state, version, entry), not done.state["over"]


def undone(game: Game, state: dict, slot: dict | None, seat: int) -> tuple[dict, Entry]:
    """The state before the last move (the undo `slot`) and the undo's entry: only its seat's, never a roll or draw,
    never once the game is over (its dice's seed is shown then)."""
    _refuse_if_over_or_stale(game, state, None)
    if slot is None or slot["seat"] != seat:
        raise impossible(gettext("Only the last move can be undone, by the player who made it, before anything "
                                 "else happens."))
    kind, params = slot["entry"]
    if slot["state"] is None:
        said = describe(game, kind, params, seat_name(state, seat), speaker(current()))
        raise impossible(gettext("That move rolled or drew, and the table has seen what came up: it stays (%(move)s).",
                                 move=said))
    return slot["state"], ("undo", {"kind": kind, "params": params})


def settle(act: Act) -> None:
    """No dead ends: idle others are done, an idle player's turn passes, a table where nobody can move ends."""
    state, mechanic = act.state, act.mechanic
    idle = 0
    while mechanic and state["turn"] and not state["over"]:
        if mechanic.role(state) == "others":
            waiting = [s for s in others(state) if s not in state["done"]]
            state["done"].extend(s for s in waiting if not has_turn_move(act.game, mechanic, state, s))
            if set(others(state)) - set(state["done"]):
                return
        elif has_turn_move(act.game, mechanic, state, state["active"]):
            return
        elif idle == len(state["seats"]):
            state.update(over={"reason": "stuck"}, phase="over", done=[])
            return
        else:
            idle += 1
        pass_turn(act)


def new_state(game: Game, players: int, rng=secrets) -> dict:
    """The state of a new room for `players` at the table: nobody seated, nobody on turn."""
    state = {"players": players, "seats": [], "turn": 0, "active": None, "phase": None, "done": [],
             "table_version": 1, "over": None}
    mechanic = mechanics.mechanic_of(game)
    if mechanic:
        state.update(phase=mechanic.FIRST_PHASE, **mechanic.start(players, rng), **counter_keys(game.table))
    return state


def seen_of(body: dict) -> int | None:
    """The room version the phone drew (`seen`, a whole number: companion/contract/bodies.py), when it sent one."""
    return body.get("seen")


def finish(act: Act, before: dict, version: int, entry: Entry) -> Entry:
    """Mark the table changed at `version` when the move changed it; say in the entry who is on turn now."""
    keys = TURN_KEYS + (act.mechanic.TABLE_KEYS if act.mechanic else ())
    if any(act.state.get(key) != before.get(key) for key in keys):
        act.state["table_version"] = version
    kind, params = entry
    if act.passed or (act.state["over"] and not before["over"]):
        over = act.state["over"]
        params = dict(params, turn_to=None if over else seat_name(act.state, act.state["active"]))
        if over:
            params["over"] = over
    return kind, params
