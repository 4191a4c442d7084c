"""Roll and draft (Lost Cities, Qwixx-like): the active player rolls and picks first, then each other
player picks from what is left (`others_from: left`) or from every die (`all`); a refusal by the
active player opens every die to the others. Several others may pick the same dice. With
`exhausted_after`, a seat that refused that often may refuse no more, and the game ends after the
turn in which every seat is exhausted (Lost Cities: a refusal marks the dice column, 9 boxes).

Glossary:
- pick spec: die id -> how many of that die a pick holds: n, or [fewest, most] (layouts/table.py).
- phases: "roll", "pick" (the active player's part), "others".
- choice: what the active player did this turn: "picked", "refused" or None.
- picks: seat -> the die numbers that seat picked this turn, or "refused".
- refusals: seat -> refusals that seat made in the game.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Optional, Union

from companion.rules.contract import Move, dice_param
from companion.rules.dice import roll_all, shown
from companion.rules.errors import no
from companion.rules.language import N_, Speaker, current, speaker
from companion.rules.mechanics.base import MechanicBase, subsets
from companion.rules.state import Die
from companion.rules.turns import active_part_done, end_early, part_done, seat_name
from companion.rules.words import colour_text, dice_text


def _picked_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a pick: the dice, and (the active player's) what the others pick from."""
    dice = dice_text(game, p["dice"], say)
    return say.gettext("%(who)s picked %(dice)s; the others pick from %(left)s", who=who, dice=dice,
                       left=dice_text(game, p["left"], say)) if "left" in p \
        else say.gettext("%(who)s picked %(dice)s", who=who, dice=dice)


def _refused_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a refusal of the dice (the active player's opens every die to the others)."""
    return say.gettext("%(who)s refused the dice; every die is open to the others", who=who) if p.get("active") \
        else say.gettext("%(who)s refused the dice", who=who)


@lru_cache(maxsize=64)
def _bounds(spec: tuple) -> tuple[frozenset, tuple]:
    """A pick spec's (items) dice named, and (dice, fewest, most) per key."""
    bounds = tuple((tuple(key.split("|")), *((n, n) if isinstance(n, int) else n)) for key, n in spec)
    return frozenset(die for dice, _, _ in bounds for die in dice), bounds


def fits(spec: dict, counts: Counter) -> bool:
    """Whether picked dice (die id -> how many) match a pick spec, each key counting the dice it names."""
    named, bounds = _bounds(tuple(spec.items()))
    return counts.keys() <= named and all(low <= sum(counts[d] for d in dice) <= high for dice, low, high in bounds)


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


class RollAndDraft(MechanicBase):
    """Roll; the active player picks (or refuses), then the others pick from the open dice."""

    kind = "roll-and-draft"
    BOARD = "roll-and-draft"  # its own board (companion/static/board.js)
    PHASES = {"roll": N_("roll the dice"), "pick": N_("pick dice"), "others": N_("pick dice")}
    FIRST_PHASE = "roll"
    SENTENCES = {"pick": _picked_text, "refuse": _refused_text}
    TABLE_KEYS = ("dice", "choice")
    STATE = {"dice": list[Die], "choice": Optional[str], "picks": dict[str, Union[list[int], str]],
             "refusals": dict[str, int]}  # choice: "picked", "refused" or None; picks: seat -> die numbers or "refused"

    def start(self, players, rng) -> dict:
        """A new room: no dice yet, nothing picked, nobody refused."""
        return {"dice": [], "choice": None, "picks": {}, "refusals": {}}

    def new_turn(self, state: dict) -> None:
        """A new turn: nobody has picked yet."""
        state.update(choice=None, picks={})

    def _exhausted(self, state: dict, seat: int) -> bool:
        limit = self.config.exhausted_after
        return limit is not None and state.get("refusals", {}).get(str(seat), 0) >= self.game.amount(limit)

    def over(self, state: dict):
        """Every seat is exhausted (refused `exhausted_after` times): the game ends with this turn."""
        if self.config.exhausted_after is not None and all(self._exhausted(state, s["seat"]) for s in state["seats"]):
            return {"reason": "exhausted"}
        return None

    def doing(self, state: dict, say: Speaker) -> str:
        """Roll; pick (the pick spec), from the open dice in the others' part; or refuse."""
        if state["phase"] == "roll":
            return say.gettext("roll the dice")
        spec = self.config.active_pick if state["phase"] == "pick" else self.config.others_pick
        text = say.gettext("pick %(dice)s", dice=spec_text(spec, self.game, say)) if state["phase"] == "pick" \
            else say.gettext("pick %(dice)s from the open dice", dice=spec_text(spec, self.game, say))
        return say.gettext("%(doing)s, or refuse", doing=text) if self.config.refuse else text

    def _open(self, state: dict) -> list[int]:
        """The dice the moving player may pick from."""
        if state["phase"] == "pick" or self.config.others_from == "all" or state["choice"] == "refused":
            return list(range(len(state["dice"])))
        return [i for i, d in enumerate(state["dice"]) if not d["used"]]

    def _roll(self, act):
        """The active player rolls every die."""
        act.state.update(dice=roll_all(self.game, act.rng), phase="pick")
        return "roll", {"dice": shown(act.state["dice"])}

    def _pick_refusal(self, act):
        state, chosen = act.state, act.body["dice"]
        spec = self.config.active_pick if state["phase"] == "pick" else self.config.others_pick
        taken = [i + 1 for i in chosen if i not in self._open(state)]
        if taken:
            return no(409, N_("Die %(die)s was taken by %(name)s: pick from the open dice."), die=taken[0],
                      name=seat_name(state, state["active"]))
        if not fits(spec, Counter(state["dice"][i]["die"] for i in chosen)):
            return no(400, N_("Pick %(dice)s."), dice=lambda: spec_text(spec, self.game, speaker(current())))
        return None

    def _pick_options(self, act):
        """Every set of the open dice as large as the pick spec allows."""
        spec = self.config.active_pick if act.state["phase"] == "pick" else self.config.others_pick
        fewest, most = (sum(n if isinstance(n, int) else n[end] for n in spec.values()) for end in (0, 1))
        open_dice = self._open(act.state)
        return ({"dice": [open_dice[i] for i in chosen]} for chosen in subsets(len(open_dice))
                if fewest <= len(chosen) <= most)

    def _pick(self, act):
        """Take dice: the active player first (they are used up with `others_from: left`), then each other."""
        state, chosen = act.state, act.body["dice"]
        state["picks"][str(act.seat)] = chosen
        if state["phase"] == "others":
            part_done(act)
            return "pick", {"dice": shown([state["dice"][i] for i in chosen])}
        if self.config.others_from == "left":
            for i in chosen:
                state["dice"][i]["used"] = True
        state["choice"] = "picked"
        active_part_done(act)
        return "pick", {"dice": shown([state["dice"][i] for i in chosen]),
                        "left": shown([d for d in state["dice"] if not d["used"]])}

    def _refuse_refusal(self, act):
        if self._exhausted(act.state, act.seat):
            return no(409, N_("%(name)s has refused %(num)s times: every refusal is used up; pick dice."),
                      name=act.name, num=self.game.amount(self.config.exhausted_after))
        return None

    def _refuse(self, act):
        """Take no dice (the layout says what that means); the active player's refusal opens every die."""
        state = act.state
        state["picks"][str(act.seat)] = "refused"
        refusals = state.setdefault("refusals", {})
        refusals[str(act.seat)] = refusals.get(str(act.seat), 0) + 1
        if state["phase"] == "pick":
            state["choice"] = "refused"
            active_part_done(act)
            return "refuse", {"active": True}
        part_done(act)
        return "refuse", {"active": False}

    def own_moves(self) -> dict[str, Move]:
        """Roll; pick (or refuse, where the layout allows it): the active player, then the others; end the turn."""
        both = {"pick": "active", "others": "others"}
        dice = {"dice": dice_param}
        offered = {"roll": Move(self._roll, {"roll": "active"}, starts=True, draws=True),
                   "pick": Move(self._pick, both, params=dice, refuse=self._pick_refusal,
                                options=self._pick_options, verb=N_("pick dice")),
                   "next": Move(end_early, {"others": "active"}, turn=False)}
        refuse = {"refuse": Move(self._refuse, both, refuse=self._refuse_refusal, verb=N_("refuse the dice"))}
        return offered | (refuse if self.config.refuse else {})
