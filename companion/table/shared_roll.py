"""Shared roll (Knister and other roll-and-writes): the player on turn rolls for everyone, and every seat
writes that one roll on its own sheet at once.

The layout says when the turn passes (`passes`): `roll` (the default): a roll passes the turn at once,
so nobody taps "done" and the next player's roll is the table's next move, while everyone writes the
roll still shown; or `written`: each other seat taps "Written" once it wrote the roll, and the turn
passes when all have (the roller writes meanwhile).

Glossary:
- phases: "roll" (the player on turn rolls for everyone), "write" (the others write the roll and say so;
  `passes: written` only).
- sum: the total of the dice, kept with the roll and shown large on every phone when the layout asks.
- aside: the roll to write while it stands (`passes: roll`: until the next roll; `written`: until every seat
  wrote it): a seat without a move does it meanwhile (its prompt says so, not "waiting"), and the seat on
  turn does it before it rolls again.
"""
from __future__ import annotations

from companion.dice import roll_all, shown
from companion.language import N_, Speaker
from companion.table.contract import Move
from companion.table.mechanic import MechanicBase
from companion.table.turns import part_done, pass_turn


class SharedRoll(MechanicBase):
    """One roll for the whole table; every seat writes it; the turn passes on the next roll or once all wrote it."""

    kind = "shared-roll"
    PHASES = {"roll": N_("roll the dice for everyone"), "write": N_("write the roll on their sheet")}
    FIRST_PHASE = "roll"
    TABLE_KEYS = ("dice", "sum")

    def start(self, players, rng) -> dict:
        """A new room: nothing rolled yet."""
        return {"dice": [], "sum": None}

    def doing(self, state: dict, say: Speaker) -> str:
        """Roll for everyone; or write the roll, then say so."""
        if state["phase"] == "write":
            return say.gettext("write %(roll)s on your sheet, then tap Written", roll=self.roll_text(state))
        return say.gettext("roll the dice for everyone")

    def aside(self, state: dict, say: Speaker) -> str | None:
        """Write the roll shown while it stands (None before the first roll, and once every seat said it wrote it)."""
        standing = state["dice"] and (self.config.passes == "roll" or state["phase"] == "write")
        return say.gettext("write %(roll)s on your sheet", roll=self.roll_text(state)) if standing else None

    def roll_text(self, state: dict) -> str:
        """The roll as a seat writes it: the sum where the layout shows it, else the faces."""
        if state["sum"] is not None:
            return str(state["sum"])
        return ", ".join(str(d["face"]) for d in state["dice"])

    def _roll(self, act):
        """Roll every die for the table; pass the turn at once, or wait for the others to have written it."""
        dice = roll_all(self.game, act.rng)
        total = sum(d["face"] for d in dice if isinstance(d["face"], int)) if self.config.sum else None
        act.state.update(dice=dice, sum=total)
        entry = "roll", {"dice": shown(dice), **({"sum": total} if total is not None else {})}
        if self.config.passes == "roll" or len(act.state["seats"]) == 1:
            pass_turn(act)
        else:
            act.state.update(phase="write", done=[])
        return entry

    def _written(self, act):
        """The seat wrote the roll; the turn passes once every other seat has."""
        part_done(act)
        return "written", {}

    def own_moves(self) -> dict[str, Move]:
        """Roll (the player on turn's); `written` (each other seat's) when the turn waits for it."""
        moves = {"roll": Move(self._roll, {"roll": "active"}, starts=True, draws=True)}
        if self.config.passes == "written":
            moves["written"] = Move(self._written, {"write": "others"})
        return moves
