"""A room's table: seats in turn order, whose turn it is, and the game's mechanic from its layout.

A mechanic (one class per `table: kind:` of layouts/table.py) declares its phases and moves: for
each move the bodies it could take now, why one is refused, and what it does (contract.py). What a
seat may do now (`allowed`) is what no refusal stops, and a move is made only when it is allowed
(mechanic.py), so the phone and the server never disagree. companion/rules/referee.py adds the shared
lists and keeps the table from dead ends. No code here knows a game: a game is its layout.

Adding a mechanic: write one module here with a MechanicBase subclass (its `kind`, PHASES,
FIRST_PHASE, TABLE_KEYS, `start`, `own_moves`, `doing`; `new_turn` and `over` when it needs them; a move's
own body keys as params.Param, so the API's document shows them)
and its test (tests/test_mechanics.py shows how and checks it fits contract.Mechanic); the layout
side is its config class in layouts/table.py, and a game using it in tests/games (or a template) is walked at
random by tests/test_referee.py (every game there is). The module is found by its kind: nothing
else lists the mechanics. Its own keys of the state go in state.TableState.

Glossary:
- state: a room's game state as JSON data (state.TableState): seats, turn, active, phase, done,
  table_version, over (turns.py, ending.py), the mechanic's own keys and lists (companion/rules/lists.py).
- move body: a complete move, {"move": "take", "dice": [1]} (contract.py).
- entry: what a move writes to the log, (kind, params); companion/rules/words.py writes it out.
- table keys: the parts of a state a stale move must not have missed (dice, market, turn).
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from companion.rules.mechanics.base import MechanicBase
from layouts import Game


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
