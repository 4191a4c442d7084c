"""Own roll: everyone rolls their own dice, one seat after the other; the last roll stays on the table.

The smallest mechanic, and the example of one written in one module (docs/development.md, "Adding a mechanic"):
its moves, phases, refusals and log sentences are here, its layout options in layouts/table.py (`OwnRoll`), and
a game uses it (tests/games/own-dice.yaml). It has no phone board of its own: `BOARD` is the generic one, drawn
from the seats' `allowed` bodies.

Glossary:
- phases: "roll" (the seat on turn rolls).
- dice, roller: the last roll and the seat that rolled it (keys every phone already reads: state.TableState).
"""
from __future__ import annotations

from typing import Optional

from companion.rules.contract import Move
from companion.rules.dice import roll_all, shown
from companion.rules.language import N_, Speaker
from companion.rules.mechanics.base import MechanicBase
from companion.rules.state import Die
from companion.rules.turns import pass_turn
from companion.rules.words import dice_text


def _rolled_text(game, params: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a seat's own roll: 'Ana rolled their own dice: 5'."""
    return say.gettext("%(who)s rolled their own dice: %(dice)s", who=who, dice=dice_text(game, params["dice"], say))


class OwnRoll(MechanicBase):
    """The seat on turn rolls every die of the game for itself; the turn passes with the roll."""

    kind = "own-roll"
    PHASES = {"roll": N_("roll their own dice")}
    FIRST_PHASE = "roll"
    TABLE_KEYS = ("dice", "roller")
    STATE = {"dice": list[Die], "roller": Optional[int]}
    SENTENCES = {"own-roll": _rolled_text}

    def start(self, players, rng) -> dict:
        """A new room: nobody has rolled."""
        return {"dice": [], "roller": None}

    def doing(self, state: dict, say: Speaker) -> str:
        """Roll their own dice."""
        return say.gettext("roll their own dice")

    def _roll(self, act):
        """Roll the seat's own dice onto the table, pass the turn."""
        act.state.update(dice=roll_all(self.game, act.rng), roller=act.seat)
        pass_turn(act)
        return "own-roll", {"dice": shown(act.state["dice"])}

    def own_moves(self) -> dict[str, Move]:
        """Roll: the seat on turn's, the game's first move too."""
        return {"roll": Move(self._roll, {"roll": "active"}, verb=N_("roll their own dice"), starts=True,
                             draws=True)}
