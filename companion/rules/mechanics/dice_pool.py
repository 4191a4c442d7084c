"""A dice pool with powers (Copenhagen): the active player rolls, may spend powers on the dice, uses
dice of one colour (jokers join any colour, per the rulebook); then each other player may take dice
from those left (they are not used up), or pass.

Powers (the layout's `powers`): `reroll` rolls chosen dice again; `recolour` turns every die of one
face into another colour (never into the joker). Each other player takes `others_take` dice, or
`others_take_at[players]` at that table size (Copenhagen: 2 dice each with 2 players), or all that
are left when fewer are; with none left there is nothing to take and the turn passes.

Glossary:
- phases: "roll" (the turn's roll not made yet), "use" (the active player's part), "others".
- used: the dice the active player used; takes: seat -> the dice that seat took this turn, or "passed".
"""
from __future__ import annotations

from itertools import combinations
from typing import Union

from companion.rules.contract import Move, Param, dice_param
from companion.rules.dice import reroll as reroll_dice, roll_all, shown
from companion.rules.errors import Refusal, no
from companion.rules.language import N_, Speaker, ngettext
from companion.rules.mechanics.base import MechanicBase, dice_sets
from companion.rules.state import Die
from companion.rules.turns import active_part_done, end_early, part_done
from companion.rules.words import colour_text, dice_text


def _recoloured_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a recolour: how many dice of which colour became which."""
    return say.ngettext("%(who)s turned %(num)s %(from)s into %(to)s", "%(who)s turned %(num)s %(from)s into %(to)s",
                        p.get("count", 0), who=who, **{key: colour_text(game, p[key], say) for key in ("from", "to")})


def _used_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of the active player's use: the dice used, the dice left for the others."""
    return say.gettext("%(who)s used %(dice)s; left for the others: %(left)s", who=who,
                       dice=dice_text(game, p["dice"], say), left=dice_text(game, p.get("left", []), say))


def _taken_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of another player's take."""
    return say.gettext("%(who)s took %(dice)s", who=who, dice=dice_text(game, p["dice"], say))


def _passed_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of another player's pass."""
    return say.gettext("%(who)s passed", who=who)


class DicePool(MechanicBase):
    """Roll, spend powers, use dice of one colour; each other player takes some of the rest, or passes."""

    kind = "dice-pool"
    BOARD = "dice-pool"  # its own board (companion/static/board.js)
    PHASES = {"roll": N_("roll the dice"), "use": N_("choose the dice to use"), "others": N_("take their dice")}
    FIRST_PHASE = "roll"
    SENTENCES = {"recolour": _recoloured_text, "use": _used_text, "take": _taken_text, "pass": _passed_text}
    TABLE_KEYS = ("dice",)
    STATE = {"dice": list[Die], "takes": dict[str, Union[list[int], str]]}  # takes: seat -> die numbers or "passed"

    def start(self, players, rng) -> dict:
        """A new room: no dice on the table, nobody took any."""
        return {"dice": [], "takes": {}}

    def new_turn(self, state: dict) -> None:
        """A new turn: last turn's dice stay in view until the roll; nobody has taken any."""
        state["takes"] = {}

    def share(self, state: dict) -> int:
        """How many dice each other player takes now: the table size's share, or all that are left."""
        config = self.config
        wanted = self.game.amount(config.others_take_at.get(state["players"], config.others_take))
        return min(wanted, sum(not d["used"] for d in state["dice"]))

    def doing(self, state: dict, say: Speaker) -> str:
        """Roll; spend powers, then use dice of one colour; take n of the dice left, or pass."""
        if state["phase"] == "use":
            return say.gettext("spend powers, then choose the dice to use: one colour, jokers join it")
        if state["phase"] == "others":
            return say.ngettext("take %(num)s of the dice left, or pass", "take %(num)s of the dice left, or pass",
                                self.share(state))
        return say.gettext("roll the dice")

    def __init__(self, game):
        self.faces = list(dict.fromkeys(face for die in game.dice for face in die.faces if isinstance(face, str)))
        super().__init__(game)

    def _roll(self, act):
        """The active player rolls every die."""
        act.state.update(dice=roll_all(self.game, act.rng), phase="use")
        return "roll", {"dice": shown(act.state["dice"])}

    def _reroll(self, act):
        """A power: roll the chosen dice again."""
        chosen = act.body["dice"]
        act.state["dice"] = reroll_dice(act.state["dice"], chosen, self.game, act.rng)
        return "reroll", {"dice": shown([act.state["dice"][i] for i in chosen])}

    def _recolour_refusal(self, act):
        faces, joker = self.faces, self.config.joker
        source, target = act.body["from"], act.body["to"]
        if source not in faces or target not in faces or target == joker:
            return no(400, N_('Name two colours: "from" a face on the dice and "to" one of %(colours)s.'),
                      colours=lambda: ", ".join(f for f in faces if f != joker))
        if source == target:
            return no(400, N_("Turn a colour into a different colour."))
        if not any(d["face"] == source for d in act.state["dice"]):
            return no(409, N_("No die shows %(colour)s."), colour=colour_text(self.game, source))
        return None

    def _recolour(self, act):
        """A power: every die showing one colour turns into another colour (never into the joker)."""
        turned = [d for d in act.state["dice"] if d["face"] == act.body["from"]]
        for die in turned:
            die["face"] = act.body["to"]
        return "recolour", {"count": len(turned), "from": act.body["from"], "to": act.body["to"]}

    def _use_refusal(self, act):
        colours = {act.state["dice"][i]["face"] for i in act.body["dice"]} - {self.config.joker}
        if len(colours) > 1:
            return no(409, N_("Use dice of one colour (jokers join any colour): %(colours)s are several."),
                      colours=lambda: ", ".join(colour_text(self.game, c) for c in sorted(colours)))
        return None

    def _use(self, act):
        """The active player marks the dice they used (maybe none); the others take from the rest."""
        dice = act.state["dice"]
        for i, die in enumerate(dice):
            die["used"] = i in act.body["dice"]
        active_part_done(act)
        return "use", {"dice": shown([d for d in dice if d["used"]]), "left": shown([d for d in dice if not d["used"]])}

    def _take_refusal(self, act):
        left = [i for i, d in enumerate(act.state["dice"]) if not d["used"]]
        chosen, share = act.body["dice"], self.share(act.state)
        if any(i not in left for i in chosen):
            return no(409, N_("Take dice the active player left, not the ones they used."))
        if len(chosen) != share or not share:
            return Refusal(400, lambda: ngettext('Take %(num)s of the dice left: "dice": %(example)s.',
                                                 'Take %(num)s of the dice left: "dice": %(example)s.', share,
                                                 example=left[:share]))
        return None

    def _take(self, act):
        """Another player takes their dice from those the active player left."""
        act.state["takes"][str(act.seat)] = act.body["dice"]
        part_done(act)
        return "take", {"dice": shown([act.state["dice"][i] for i in act.body["dice"]])}

    def _pass_refusal(self, act):
        return None if self.share(act.state) else no(409, N_("No die is left: there is nothing to take."))

    def _pass(self, act):
        """Another player takes no die ("darf": they may)."""
        act.state["takes"][str(act.seat)] = "passed"
        part_done(act)
        return "pass", {}

    def _left_sets(self, act):
        """Every set of the dice left, of the share's size."""
        left = [i for i, d in enumerate(act.state["dice"]) if not d["used"]]
        return ({"dice": list(chosen)} for chosen in combinations(left, self.share(act.state)))

    def _colour_pairs(self, act):
        """Every face on the dice with every colour it could turn into."""
        return ({"from": f, "to": t} for f in dict.fromkeys(d["face"] for d in act.state["dice"]) for t in self.faces)

    @staticmethod
    def _reroll_refusal(act):
        return None if act.body["dice"] else no(400, N_('Choose the dice to roll again: "dice": [0, 3].'))

    def own_moves(self) -> dict[str, Move]:
        """Roll, the layout's powers, use; take or pass for the others; end the turn."""
        dice = {"dice": dice_param}
        colour = Param(str, self._recolour_refusal, description="a colour id of the dice's faces")
        offered = {"roll": Move(self._roll, {"roll": "active"}, starts=True, draws=True),
                   "use": Move(self._use, {"use": "active"}, params=dice, options=dice_sets, refuse=self._use_refusal,
                               verb=N_("use dice")),
                   "take": Move(self._take, {"others": "others"}, params=dice, options=self._left_sets,
                                refuse=self._take_refusal, verb=N_("take dice")),
                   "pass": Move(self._pass, {"others": "others"}, refuse=self._pass_refusal, verb=N_("pass")),
                   "next": Move(end_early, {"others": "active"}, turn=False)}
        powers = {"reroll": Move(self._reroll, {"use": "active"}, params=dice, draws=True, options=dice_sets,
                                 refuse=self._reroll_refusal),
                  "recolour": Move(self._recolour, {"use": "active"}, params={"from": colour, "to": colour},
                                   options=self._colour_pairs, refuse=self._recolour_refusal, verb=N_("turn dice"))}
        return offered | {name: powers[name] for name in self.config.powers}
