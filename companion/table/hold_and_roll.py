"""Hold and roll (Simstown, Kniffel): roll every die, set some aside, roll the rest; then pass.

The layout's `rolls_per_turn` caps the rolls of a turn; a die set aside (held) keeps its face and
may be released and rolled again later. Holds are moves of their own, so every phone sees them live.

Glossary:
- phases: "roll" (nothing rolled this turn yet), "rolling" (at least one roll made).
- rolls: rolls made this turn.
"""
from __future__ import annotations

from companion.dice import dice_indexes, reroll, roll_all, shown
from companion.errors import impossible, malformed
from companion.language import N_, gettext, ngettext
from companion.table.turns import Move, pass_turn

PHASES = {"roll": N_("%(active)s rolls the dice"), "rolling": N_("%(active)s is rolling")}
"""What the table waits for in each phase."""
FIRST_PHASE = "roll"
TABLE_KEYS = ("dice", "rolls")


def start(game, players, rng) -> dict:
    """A new room: no dice rolled, no rolls made."""
    return {"dice": [], "rolls": 0}


def new_turn(state: dict) -> None:
    """The dice pass on: the next player starts with no rolls made and nothing held."""
    state.update(dice=[], rolls=0)


def _limit(act) -> int:
    return act.game.amount(act.config.rolls_per_turn)


def _holds(act, value, what: str) -> list[dict]:
    """The dice with the held ones set from a list of die numbers."""
    held = dice_indexes(value, len(act.state["dice"]), what)
    return [dict(d, held=i in held) for i, d in enumerate(act.state["dice"])]


def roll(act) -> tuple[str, dict]:
    """Roll all dice (the first roll of a turn) or the dice not held; `hold` may set the holds first."""
    state, limit = act.state, _limit(act)
    if state["rolls"] >= limit:
        raise impossible(ngettext("Only %(num)s roll per turn: place your dice, then end the turn.",
                                  "Only %(num)s rolls per turn: place your dice, then end the turn.", limit))
    if state["rolls"] == 0:
        if act.body.get("hold"):
            raise malformed(gettext("Nothing to hold before the first roll of a turn."))
        state.update(dice=roll_all(act.game, act.rng), rolls=1, phase="rolling")
        return "roll", {"dice": shown(state["dice"]), "roll": 1, "limit": limit}
    if "hold" in act.body:
        state["dice"] = _holds(act, act.body["hold"], "hold")
    loose = [i for i, d in enumerate(state["dice"]) if not d["held"]]
    if not loose:
        raise malformed(gettext("Every die is held: release one to roll it, or end the turn."))
    state["dice"] = reroll(state["dice"], loose, act.game, act.rng)
    state["rolls"] += 1
    return "roll", {"dice": shown([state["dice"][i] for i in loose]), "roll": state["rolls"], "limit": limit,
                    "kept": shown([d for d in state["dice"] if d["held"]])}


def hold(act) -> tuple[str, dict]:
    """Set dice aside (and release the others) before the next roll."""
    if act.state["rolls"] >= _limit(act):
        raise impossible(gettext("No rolls are left this turn: there is nothing to hold dice for."))
    dice = _holds(act, act.body.get("dice"), "dice")
    if dice == act.state["dice"]:
        raise impossible(gettext("Those dice are set aside already: nothing changed."))
    act.state["dice"] = dice
    return "hold", {"dice": shown([d for d in dice if d["held"]])}


def next_turn(act) -> tuple[str, dict]:
    """The turn ends; the dice pass to the next player."""
    pass_turn(act)
    return "next", {}


def moves(config) -> dict[str, Move]:
    """Roll, hold and end the turn: all the active player's."""
    return {"roll": Move(roll, {"roll": "active", "rolling": "active"}, starts=True, draws=True),
            "hold": Move(hold, {"rolling": "active"}),
            "next": Move(next_turn, {"rolling": "active"})}
