"""Hold and roll (Simstown, Kniffel): roll every die, set some aside, roll the rest; then pass.

The layout's `rolls_per_turn` caps the rolls of a turn; a die set aside (held) keeps its face and
may be released and rolled again later. Holds are moves of their own, so every phone sees them live;
`roll` rolls every die that is not held. Ending the turn is the active player's "pass" ("may stop early").

Glossary:
- phases: "roll" (nothing rolled this turn yet), "rolling" (at least one roll made).
- rolls: rolls made this turn.
"""
from __future__ import annotations

from companion.rules.contract import Move, dice_param
from companion.rules.dice import reroll, roll_all, shown
from companion.rules.errors import Refusal, no
from companion.rules.language import N_, Speaker, ngettext
from companion.rules.mechanics.base import MechanicBase, dice_sets
from companion.rules.state import Die
from companion.rules.turns import pass_turn
from companion.rules.words import dice_text


def _held_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a hold: the dice set aside, or every die released."""
    return say.gettext("%(who)s set aside %(dice)s", who=who, dice=dice_text(game, p["dice"], say)) if p["dice"] \
        else say.gettext("%(who)s released every die", who=who)


class HoldAndRoll(MechanicBase):
    """Roll, set dice aside and roll again up to `rolls_per_turn` times, then end the turn."""

    kind = "hold-and-roll"
    BOARD = "hold-and-roll"  # its own board (companion/static/board.js)
    PHASES = {"roll": N_("roll the dice"), "rolling": N_("set dice aside and roll again, or end the turn")}
    FIRST_PHASE = "roll"
    TABLE_KEYS = ("dice", "rolls")
    STATE = {"dice": list[Die], "rolls": int}
    SENTENCES = {"hold": _held_text}

    def start(self, players, rng) -> dict:
        """A new room: no dice rolled, no rolls made."""
        return {"dice": [], "rolls": 0}

    def new_turn(self, state: dict) -> None:
        """The dice pass on: the next player starts with no rolls made and nothing held."""
        state.update(dice=[], rolls=0)

    def limit(self) -> int:
        """Rolls a turn allows."""
        return self.game.amount(self.config.rolls_per_turn)

    def doing(self, state: dict, say: Speaker) -> str:
        """Roll; set aside and roll again (roll n of m); or place the dice and end the turn."""
        if state["phase"] != "rolling":
            return say.gettext("roll the dice")
        if state["rolls"] < self.limit():
            return say.gettext("set dice aside and roll again, or end the turn (roll %(roll)s of %(limit)s)",
                               roll=state["rolls"], limit=self.limit())
        return say.gettext("place the dice, then end the turn")

    def _roll_refusal(self, act):
        state, limit = act.state, self.limit()
        if state["rolls"] >= limit:
            return Refusal(409, lambda: ngettext("Only %(num)s roll per turn: place your dice, then end the turn.",
                                                 "Only %(num)s rolls per turn: place your dice, then end the turn.",
                                                 limit))
        if state["rolls"] and all(d["held"] for d in state["dice"]):
            return no(409, N_("Every die is held: release one to roll it, or end the turn."))
        return None

    def _roll(self, act):
        """Roll all dice (the turn's first roll) or the dice not held."""
        state, limit = act.state, self.limit()
        if state["rolls"] == 0:
            state.update(dice=roll_all(self.game, act.rng), rolls=1, phase="rolling")
            return "roll", {"dice": shown(state["dice"]), "roll": 1, "limit": limit}
        loose = [i for i, d in enumerate(state["dice"]) if not d["held"]]
        state["dice"] = reroll(state["dice"], loose, self.game, act.rng)
        state["rolls"] += 1
        return "roll", {"dice": shown([state["dice"][i] for i in loose]), "roll": state["rolls"], "limit": limit,
                        "kept": shown([d for d in state["dice"] if d["held"]])}

    def _hold_refusal(self, act):
        if act.state["rolls"] >= self.limit():
            return no(409, N_("No rolls are left this turn: there is nothing to hold dice for."))
        if act.body["dice"] == [i for i, d in enumerate(act.state["dice"]) if d["held"]]:
            return no(409, N_("Those dice are set aside already: nothing changed."))
        return None

    def _hold(self, act):
        """Set the named dice aside (and release the others) before the next roll."""
        held = act.body["dice"]
        act.state["dice"] = [dict(d, held=i in held) for i, d in enumerate(act.state["dice"])]
        return "hold", {"dice": shown([d for d in act.state["dice"] if d["held"]])}

    def _next(self, act):
        """The turn ends; the dice pass to the next player."""
        pass_turn(act)
        return "next", {}

    def own_moves(self) -> dict[str, Move]:
        """Roll, hold and end the turn: all the active player's."""
        return {"roll": Move(self._roll, {"roll": "active", "rolling": "active"}, refuse=self._roll_refusal,
                             starts=True, draws=True),
                "hold": Move(self._hold, {"rolling": "active"}, params={"dice": dice_param}, refuse=self._hold_refusal,
                             options=dice_sets, verb=N_("set dice aside")),
                "next": Move(self._next, {"rolling": "active"})}
