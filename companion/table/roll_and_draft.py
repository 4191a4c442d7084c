"""Roll and draft (Lost Cities, Qwixx-like): the active player rolls and picks first, then each other
player picks from what is left (`others_from: left`) or from every die (`all`); a refusal by the
active player opens every die to the others. Several others may pick the same dice.

Glossary:
- pick spec: die id -> how many of that die a pick holds: n, or [fewest, most] (layouts/table.py).
- phases: "roll", "pick" (the active player's part), "others".
- choice: what the active player did this turn: "picked", "refused" or None.
- picks: seat -> the die numbers that seat picked this turn, or "refused".
"""
from __future__ import annotations

from collections import Counter

from companion.dice import dice_indexes, roll_all, shown
from companion.errors import impossible, malformed
from companion.language import N_, Speaker, current, gettext, speaker
from companion.table.dice_pool import next_turn
from companion.table.turns import Move, active_part_done, part_done, seat_name
from companion.table.words import colour_text

PHASES = {"roll": N_("%(active)s rolls"), "pick": N_("%(active)s picks first"), "others": N_("the other players pick")}
"""What the table waits for in each phase."""
FIRST_PHASE = "roll"
TABLE_KEYS = ("dice", "choice")


def start(game, players, rng) -> dict:
    """A new room: no dice yet, nothing picked."""
    return {"dice": [], "choice": None, "picks": {}}


def new_turn(state: dict) -> None:
    """A new turn: nobody has picked yet."""
    state.update(choice=None, picks={})


def roll(act) -> tuple[str, dict]:
    """The active player rolls every die."""
    act.state.update(dice=roll_all(act.game, act.rng), phase="pick")
    return "roll", {"dice": shown(act.state["dice"])}


def _open(act) -> list[int]:
    """The dice the moving player may pick from."""
    state = act.state
    if state["phase"] == "pick" or act.config.others_from == "all" or state["choice"] == "refused":
        return list(range(len(state["dice"])))
    return [i for i, d in enumerate(state["dice"]) if not d["used"]]


def _fits(spec: dict, counts: Counter) -> bool:
    """Whether picked dice (die id -> how many) match a pick spec, each key counting the dice it names."""
    bounds = {tuple(key.split("|")): (n, n) if isinstance(n, int) else n for key, n in spec.items()}
    named = {die for dice in bounds for die in dice}
    return set(counts) <= named and all(low <= sum(counts[d] for d in dice) <= high for dice, (low, high) in bounds.items())


def die_name(game, die_id: str, say: Speaker) -> str:
    """A die in a sentence: its colour's name when its id is one of the game's colours, else the catalogue's
    word for a die id layouts commonly use (colour, number, white, d6), else the id as written."""
    if die_id in game.colours:
        return colour_text(game, die_id)
    # TRANSLATORS: a die named by what it shows, in "1 colour die and 1 number die".
    common = {"colour": say.pgettext("die", "colour"), "number": say.pgettext("die", "number"),
              "white": say.pgettext("die", "white"), "d6": say.pgettext("die", "d6")}
    return common.get(die_id, die_id)


def spec_text(spec: dict, game, say: Speaker) -> str:
    """A pick spec for a person: '1 colour die and 1 number die', '0 to 2 white dice', '0 to 1 red or blue die'."""
    def part(key: str, n) -> str:
        count = str(n) if isinstance(n, int) else say.gettext("%(low)s to %(high)s", low=n[0], high=n[1])
        dice = say.listing([die_name(game, die, say) for die in key.split("|")], style="or")
        return say.ngettext("%(count)s %(dice)s die", "%(count)s %(dice)s dice", n if isinstance(n, int) else n[1],
                            count=count, dice=dice)

    return say.listing([part(key, n) for key, n in spec.items()])


def pick_texts(game, say: Speaker) -> dict[str, str]:
    """The game's picks for a person, as the phone's board says them: {"active_pick", "others_pick"}."""
    return {name: spec_text(getattr(game.table, name), game, say) for name in ("active_pick", "others_pick")}


def pick(act) -> tuple[str, dict]:
    """Take dice: the active player first (they are used up with `others_from: left`), then each other."""
    state = act.state
    active = state["phase"] == "pick"
    spec = act.config.active_pick if active else act.config.others_pick
    chosen = dice_indexes(act.body.get("dice"), len(state["dice"]))
    taken = [i + 1 for i in chosen if i not in _open(act)]
    if taken:
        raise impossible(gettext("Die %(die)s was taken by %(name)s: pick from the open dice.", die=taken[0],
                                 name=seat_name(state, state["active"])))
    if not _fits(spec, Counter(state["dice"][i]["die"] for i in chosen)):
        raise malformed(gettext("Pick %(dice)s.", dice=spec_text(spec, act.game, speaker(current()))))
    if not active:
        state["picks"][str(act.seat)] = chosen
        part_done(act)
        return "pick", {"dice": shown([state["dice"][i] for i in chosen])}
    if act.config.others_from == "left":
        for i in chosen:
            state["dice"][i]["used"] = True
    state.update(choice="picked")
    state["picks"][str(act.seat)] = chosen
    active_part_done(act)
    return "pick", {"dice": shown([state["dice"][i] for i in chosen]),
                    "left": shown([d for d in state["dice"] if not d["used"]])}


def refuse(act) -> tuple[str, dict]:
    """Take no dice (the layout says what that means); the active player's refusal opens every die."""
    state = act.state
    state["picks"][str(act.seat)] = "refused"
    if state["phase"] == "pick":
        state["choice"] = "refused"
        active_part_done(act)
        return "refuse", {"active": True}
    part_done(act)
    return "refuse", {"active": False}


def moves(config) -> dict[str, Move]:
    """Roll; pick (or refuse, where the layout allows it): the active player, then the others; end the turn."""
    both = {"pick": "active", "others": "others"}
    offered = {"roll": Move(roll, {"roll": "active"}, starts=True, draws=True), "pick": Move(pick, both),
               "next": Move(next_turn, {"others": "active"})}
    return offered | ({"refuse": Move(refuse, both)} if config.refuse else {})
