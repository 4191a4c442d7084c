"""The table mechanics, one module each, registered by kind; the game's mechanic from its layout.

A mechanic (one class per `table: kind:` of layouts/table.py) declares its phases and moves: for
each move the bodies it could take now, why one is refused, and what it does (contract.py). What a
seat may do now (`allowed`) is what no refusal stops, and a move is made only when it is allowed
(base.py), so the phone and the server never disagree. companion/rules/referee.py adds the shared
lists and keeps the table from dead ends. No code here knows a game: a game is its layout.

Adding a mechanic (docs/development.md; tests/test_adding_a_mechanic.py adds the smallest): three places.
1. One module here with a MechanicBase subclass: its `kind`, PHASES, FIRST_PHASE, STATE (its own keys of the
   room's state and their shapes), TABLE_KEYS (those a stale move must not miss), `start`, `own_moves` (each Move
   with its phases, options, refusal, params and `verb`), `doing`; `new_turn` and `over` when it needs them;
   SENTENCES, the log sentences of its own entry kinds; BOARD, its phone board (default "generic": drawn from
   `allowed`). Importing this package registers it by its kind.
2. Its layout options in layouts/table.py: a TableBase subclass with its MOVES and PHASES, in `Mechanic`.
3. Its line in docs/authoring.md's table kinds.
Then a game using it (tests/games, or a template) is walked at random by tests/test_referee.py and checked
against contract.Mechanic by tests/test_mechanics.py; regenerate the schema, the reference and the catalogues.

Glossary:
- state: a room's game state as JSON data (state.TableState): seats, turn, active, phase, done,
  table_version, over (turns.py, ending.py), lists (companion/rules/lists.py), and the mechanic's own keys (STATE).
- move body: a complete move, {"move": "take", "dice": [1]} (contract.py).
- entry: what a move writes to the log, (kind, params); companion/rules/words.py writes it out.
- table keys: the parts of a state a stale move must not have missed (dice, market, turn).
"""
from __future__ import annotations

import importlib
import pkgutil

from companion.rules.mechanics.base import MechanicBase
from layouts import Game
from layouts.kept import per_object

for _module in pkgutil.iter_modules(__path__):  # each mechanic registers itself (MechanicBase.REGISTERED)
    importlib.import_module(f"{__name__}.{_module.name}")


def kinds() -> dict[str, type]:
    """Every mechanic class by its kind."""
    return MechanicBase.REGISTERED


@per_object
def _made(game: Game) -> MechanicBase:
    return kinds()[game.table.kind](game)


def mechanic_of(game: Game) -> MechanicBase | None:
    """The mechanic running the game's table, or None for a game without one (made once per loaded layout)."""
    return _made(game) if game.table else None
