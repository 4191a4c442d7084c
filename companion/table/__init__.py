"""A room's table: seats in turn order, whose turn it is, and the game's mechanic from its layout.

A mechanic (one module per `table: kind:` of layouts/table.py) offers moves; `apply` checks who may
make a move now (turns.py), runs it on a copy of the state and says what happened as a log entry.
No code here knows a game: everything a game needs is in its layout.

Glossary:
- state: a room's game state as JSON data: seats, turn, active, phase, done, table_version, over
  (turns.py), the mechanic's own keys (dice, rolls, picks, ring...) and lists (companion/lists.py).
- entry: what a move writes to the log, (kind, params); companion/table/words.py writes it out.
- table keys: the parts of a state a stale move must not have missed (dice, market, turn).
"""
from __future__ import annotations

import secrets

from companion.errors import impossible, malformed, missing
from companion.table import dice_pool, hold_and_roll, market_ring, roll_and_draft
from companion.table.turns import Act, Stale, check, copied, seat_name
from companion.language import gettext, speaker, current
from companion.table.words import move_verb
from layouts import Game

MECHANICS = {"hold-and-roll": hold_and_roll, "roll-and-draft": roll_and_draft, "dice-pool": dice_pool,
             "market-ring": market_ring}
TURN_KEYS = ("turn", "active", "phase", "over")

__all__ = ["Act", "Stale", "apply", "finish", "moves", "new_state", "seen_of"]


def mechanic_of(game: Game):
    """The module running the game's table, or None for a game without one."""
    return MECHANICS[game.table.kind] if game.table else None


def new_state(game: Game, players: int, rng=secrets) -> dict:
    """The state of a new room for `players` at the table: nobody seated, nobody on turn."""
    state = {"players": players, "seats": [], "turn": 0, "active": None, "phase": None, "done": [],
             "table_version": 1, "over": None}
    mechanic = mechanic_of(game)
    if mechanic:
        state.update(phase=mechanic.FIRST_PHASE, **mechanic.start(game, players, rng))
    return state


def moves(game: Game) -> dict:
    """The moves a game's rooms accept, by name."""
    mechanic = mechanic_of(game)
    return mechanic.moves(game.table) if mechanic else {}


def seen_of(body: dict) -> int | None:
    """The room version the phone drew (`seen`), when it sent one."""
    seen = body.get("seen")
    if seen is not None and (type(seen) is not int or seen < 0):
        raise malformed(gettext('"seen" is the version of the state your phone shows, a whole number.'))
    return seen


def apply(game: Game, state: dict, action: str, body: dict, seat: int, version: int,
          rng=secrets) -> tuple[dict, tuple[str, dict]]:
    """The state after `seat` makes move `action` (the room's next version is `version`), and its log entry."""
    offered = moves(game)
    if action not in offered:
        raise missing(gettext("%(game)s has no move %(move)s; it has: %(moves)s.", game=game.name, move=repr(action),
                              moves=", ".join(sorted(offered)) or gettext("none")))
    move = offered[action]
    act = Act(game, mechanic_of(game), copied(state), body, seat, rng)
    check(act, move, move_verb(action, speaker(current())), seen_of(body))
    kind, params = move.run(act)
    if act.state == state and not move.draws:
        raise impossible(gettext("That changes nothing at the table."))
    return act.state, finish(act, state, version, (kind, params))


def finish(act: Act, before: dict, version: int, entry: tuple[str, dict]) -> tuple[str, dict]:
    """Mark the table changed at `version` when the move changed it; say in the entry who is on turn now."""
    keys = TURN_KEYS + (act.mechanic.TABLE_KEYS if act.mechanic else ())
    if any(act.state.get(key) != before.get(key) for key in keys):
        act.state["table_version"] = version
    kind, params = entry
    if act.passed:
        params = dict(params, turn_to=None if act.state["over"] else seat_name(act.state, act.state["active"]))
    return kind, params
