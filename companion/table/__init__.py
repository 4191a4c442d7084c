"""A room's table: seats in turn order, whose turn it is, and the game's mechanic from its layout.

A mechanic (one class per `table: kind:` of layouts/table.py) declares its phases and moves: for
each move the bodies it could take now, why one is refused, and what it does (contract.py). What a
seat may do now (`allowed`) is what no refusal stops, and a move is made only when it is allowed
(mechanic.py), so the phone and the server never disagree. companion/referee.py adds the shared
lists and keeps the table from dead ends. No code here knows a game: a game is its layout.

Adding a mechanic: write one module here with a MechanicBase subclass (its `kind`, PHASES,
FIRST_PHASE, TABLE_KEYS, `start`, `own_moves`, `doing`; `new_turn` and `over` when it needs them; a move's
own body keys as params.Param, so the API's document shows them)
and its test (tests/test_mechanics.py shows how and checks it fits contract.Mechanic); the layout
side is its config class in layouts/table.py, and a game using it in tests/games (or a template) is walked at
random by tests/test_referee.py (every game there is). The module is found by its kind: nothing
else lists the mechanics. Its own keys of the state go in contract.TableState.

Glossary:
- state: a room's game state as JSON data (contract.TableState): seats, turn, active, phase, done,
  table_version, over (turns.py, ending.py), the mechanic's own keys and lists (companion/lists.py).
- move body: a complete move, {"move": "take", "dice": [1]} (contract.py).
- entry: what a move writes to the log, (kind, params); companion/table/words.py writes it out.
- table keys: the parts of a state a stale move must not have missed (dice, market, turn).
"""
from __future__ import annotations

import importlib
import pkgutil
import secrets
from functools import lru_cache

from companion.table.contract import Act, Entry, Stale
from companion.table.counters import counter_keys
from companion.table.mechanic import MechanicBase
from companion.table.turns import seat_name
from layouts import Game

TURN_KEYS = ("turn", "active", "phase", "over")

__all__ = ["Act", "Stale", "finish", "kinds", "mechanic_of", "new_state", "seen_of"]


@lru_cache(maxsize=1)
def kinds() -> dict[str, type]:
    """Every mechanic class by its kind, found in this package's modules."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    found, waiting = {}, list(MechanicBase.__subclasses__())
    while waiting:
        cls = waiting.pop()
        waiting.extend(cls.__subclasses__())
        if cls.kind:
            found[cls.kind] = cls
    return found


_made: dict[int, tuple[Game, MechanicBase]] = {}


def mechanic_of(game: Game) -> MechanicBase | None:
    """The mechanic running the game's table, or None for a game without one (made once per loaded layout)."""
    if not game.table:
        return None
    made = _made.get(id(game))
    if made is None or made[0] is not game:
        if len(_made) > 256:
            _made.clear()
        made = _made[id(game)] = (game, kinds()[game.table.kind](game))
    return made[1]


def new_state(game: Game, players: int, rng=secrets) -> dict:
    """The state of a new room for `players` at the table: nobody seated, nobody on turn."""
    state = {"players": players, "seats": [], "turn": 0, "active": None, "phase": None, "done": [],
             "table_version": 1, "over": None}
    mechanic = mechanic_of(game)
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
