"""Shared roll (Knister- and Qwinto-like games): the player on turn rolls for everyone, and every seat writes
that one roll on its own sheet at once.

The layout may let the roller choose which dice to roll (`choose: [fewest, most]`: the roll move names them)
and roll the chosen dice again (`rerolls`: so many times, then the roll stands; `keep` makes it stand sooner).
It says when the turn passes (`passes`): `roll` (the default): once the roll stands, so nobody taps "done" and
the next player's roll is the table's next move, while everyone writes the roll still shown; or `written`: each
other seat taps "Written" once it wrote the roll, and the turn passes when all have (the roller writes meanwhile).

Glossary:
- phases: "roll" (the player on turn rolls for everyone), "reroll" (the roller rolls the chosen dice again or
  keeps them; `rerolls` only), "write" (the others write the roll and say so; `passes: written` only).
- sum: the total of the dice, kept with the roll and shown large on every phone when the layout asks.
- standing roll: the roll once rerolls are over; roller: the seat that rolled it (a counter's `by: roller`).
- aside: the roll to write while it stands (`passes: roll`: until the next roll; `written`: until every seat
  wrote it): a seat without a move does it meanwhile (its prompt says so, not "waiting"), and the seat on
  turn does it before it rolls again.
"""
from __future__ import annotations

from functools import cached_property
from typing import Optional

from companion.rules.contract import DieNumbers, Move, Param
from companion.rules.dice import dice_indexes, dice_of, reroll, roll_chosen, shown
from companion.rules.errors import no
from companion.rules.language import N_, Speaker
from companion.rules.mechanics.base import MechanicBase, subsets
from companion.rules.state import Die
from companion.rules.turns import part_done, pass_turn
from companion.rules.words import dice_text, sum_text


def _kept_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a roll kept before its rerolls are used up (with its sum where the layout shows it)."""
    return say.gettext("%(who)s kept %(dice)s", who=who, dice=dice_text(game, p["dice"], say)) + sum_text(p, say)


def _written_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a seat that wrote the roll."""
    return say.gettext("%(who)s wrote the roll", who=who)


class SharedRoll(MechanicBase):
    """One roll for the whole table; every seat writes it; the turn passes once it stands or once all wrote it."""

    kind = "shared-roll"
    BOARD = "shared-roll"  # its own board (companion/static/board.js)
    PHASES = {"roll": N_("roll the dice for everyone"), "reroll": N_("roll the dice again or keep them"),
              "write": N_("write the roll on their sheet")}
    FIRST_PHASE = "roll"
    SENTENCES = {"keep": _kept_text, "written": _written_text}
    TABLE_KEYS = ("dice", "sum")
    STATE = {"dice": list[Die], "sum": Optional[int], "roller": Optional[int], "rolled": int, "rerolled": int}
    # sum: the roll's total when the layout shows it; rolled: rolls made in the game (a reroll is part of its roll)

    def start(self, players, rng) -> dict:
        """A new room: nothing rolled yet."""
        return {"dice": [], "sum": None, "roller": None, "rolled": 0, "rerolled": 0}

    @cached_property
    def rerolls(self) -> int:
        """How often the roller may roll the chosen dice again."""
        return self.game.amount(self.config.rerolls)

    def doing(self, state: dict, say: Speaker) -> str:
        """Roll for everyone (the dice chosen); roll again or keep; or write the roll, then say so."""
        if state["phase"] == "write":
            return say.gettext("write %(roll)s on your sheet, then tap Written", roll=self.roll_text(state))
        if state["phase"] == "reroll":
            return say.gettext("roll the dice again, or keep %(roll)s", roll=self.roll_text(state))
        if self.config.choose:
            fewest, most = self.choice()
            return say.gettext("choose %(fewest)s to %(most)s dice and roll them for everyone",
                               fewest=fewest, most=most)
        return say.gettext("roll the dice for everyone")

    def waited(self, state: dict, say: Speaker) -> str:
        """What the table waits for, said of the seats that act: the others write the roll on *their* sheets."""
        if state["phase"] == "write" and "write" not in self.config.prompts:
            return say.gettext(self.PHASES["write"])
        return super().waited(state, say)

    def aside(self, state: dict, say: Speaker) -> str | None:
        """Write the roll standing (None before the first roll, while it may be rolled again, once all wrote it)."""
        standing = state["dice"] and (self.config.passes == "roll" or state["phase"] == "write")
        if not standing or state["phase"] == "reroll":
            return None
        if self.config.write:
            return self.config.write.replace("{roll}", self.roll_text(state))
        return say.gettext("write %(roll)s on your sheet", roll=self.roll_text(state))

    def roll_text(self, state: dict) -> str:
        """The roll as a seat writes it: the sum where the layout shows it, else the faces."""
        if state["sum"] is not None:
            return str(state["sum"])
        return ", ".join(str(d["face"]) for d in state["dice"])

    def roller(self, state: dict) -> int | None:
        """The seat that rolled the roll standing (None before the first roll and while it may be rolled again)."""
        return state.get("roller") if state["dice"] and state["phase"] != "reroll" else None

    def window(self, state: dict) -> int:
        """A counter counts once per roll."""
        return state.get("rolled", 0)

    def _rolled(self, act, kind: str):
        """The dice rolled: their sum; the roller may roll again, or the roll stands."""
        dice = act.state["dice"]
        total = sum(d["face"] for d in dice if isinstance(d["face"], int)) if self.config.sum else None
        act.state["sum"] = total
        entry = kind, {"dice": shown(dice), **({"sum": total} if total is not None else {})}
        if act.state["rerolled"] < self.rerolls:
            act.state["phase"] = "reroll"
        else:
            self._stands(act)
        return entry

    def _stands(self, act) -> None:
        """The roll stands: the turn passes at once, or waits for the others to have written it."""
        if self.config.passes == "roll" or len(act.state["seats"]) == 1:
            pass_turn(act)
        else:
            act.state.update(phase="write", done=[])

    def _roll(self, act):
        """Roll the chosen dice (every die, unless the layout lets the roller choose) for the table."""
        chosen = act.body["dice"] if self.config.choose else range(len(dice_of(self.game)))
        act.state.update(dice=roll_chosen(self.game, chosen, act.rng), roller=act.seat,
                         rolled=act.state.get("rolled", 0) + 1, rerolled=0)
        return self._rolled(act, "roll")

    def _reroll(self, act):
        """Roll the chosen dice again."""
        act.state["dice"] = reroll(act.state["dice"], range(len(act.state["dice"])), self.game, act.rng)
        act.state["rerolled"] += 1
        return self._rolled(act, "reroll")

    def _keep(self, act):
        """The roller keeps the roll: it stands."""
        self._stands(act)
        return "keep", {"dice": shown(act.state["dice"]), **({"sum": act.state["sum"]} if act.config.sum else {})}

    def _written(self, act):
        """The seat wrote the roll; the turn passes once every other seat has."""
        part_done(act)
        return "written", {}

    def choice(self) -> tuple[int, int]:
        """How many dice the roller chooses: [fewest, most] of the layout, at most the game's dice (`rollsheet
        check` says a choice beyond them)."""
        count = len(dice_of(self.game))
        return min(self.config.choose[0], count), min(self.config.choose[1], count)

    def _chosen_sets(self, act):
        """Every set of dice the roller may choose to roll."""
        fewest, most = self.choice()
        return ({"dice": list(chosen)} for chosen in subsets(len(dice_of(self.game)))
                if fewest <= len(chosen) <= most)

    def _choice_refusal(self, act):
        fewest, most = self.choice()
        if not fewest <= len(act.body["dice"]) <= most:
            return no(400, N_('Choose %(fewest)s to %(most)s dice to roll: "dice": [0, 2].'), fewest=fewest, most=most)
        return None

    def own_moves(self) -> dict[str, Move]:
        """Roll (the player on turn's, naming the dice where they choose); reroll and keep where the layout allows
        rerolls; `written` (each other seat's) when the turn waits for it."""
        count = len(dice_of(self.game))
        chosen = Param(DieNumbers,
                       lambda act: no(400, N_('"dice" must be a list of die numbers, e.g. [0, 2]')),
                       normal=lambda value, state: dice_indexes(value, count),
                       description="the die numbers to roll, from 0 in the game's dice")
        moves = {"roll": Move(self._roll, {"roll": "active"}, starts=True, draws=True)}
        if self.config.choose:
            moves["roll"] = Move(self._roll, {"roll": "active"}, starts=True, draws=True, params={"dice": chosen},
                                 options=self._chosen_sets, refuse=self._choice_refusal)
        if self.config.rerolls != 0:
            moves["reroll"] = Move(self._reroll, {"reroll": "active"}, draws=True)
            moves["keep"] = Move(self._keep, {"reroll": "active"}, verb=N_("keep the roll"))
        if self.config.passes == "written":
            moves["written"] = Move(self._written, {"write": "others"}, verb=N_("say the roll is written"))
        return moves
