"""A dice pool with powers (Copenhagen): the active player rolls, may spend powers on the dice,
uses some of them; then each other player takes dice from those left (they are not used up).

Powers (the layout's `powers`): `reroll` rolls chosen dice again; `recolour` turns every unused die
of one colour into another (never into the joker). Each other player takes `others_take` dice, or
`others_take_at[players]` at that table size (Copenhagen: 2 dice each with 2 players).

Glossary:
- phases: "roll" (the turn's roll not made yet), "use" (the active player's part), "others".
- used: the dice the active player used; takes: seat -> the dice that seat took this turn.
"""
from __future__ import annotations

from companion.dice import dice_indexes, reroll as reroll_dice, roll_all, shown
from companion.errors import impossible, malformed
from companion.language import N_, gettext
from companion.table.turns import Move, active_part_done, others, part_done, pass_turn, seat_name
from companion.table.words import colour_text

PHASES = {"roll": N_("%(active)s rolls"), "use": N_("%(active)s chooses the dice to use"),
          "others": N_("the other players take dice")}
"""What the table waits for in each phase."""
FIRST_PHASE = "roll"
TABLE_KEYS = ("dice",)


def start(game, players, rng) -> dict:
    """A new room: no dice on the table, nobody took any."""
    return {"dice": [], "takes": {}}


def new_turn(state: dict) -> None:
    """A new turn: last turn's dice stay in view until the roll; nobody has taken any."""
    state["takes"] = {}


def roll(act) -> tuple[str, dict]:
    """The active player rolls every die."""
    act.state.update(dice=roll_all(act.game, act.rng), phase="use")
    return "roll", {"dice": shown(act.state["dice"])}


def reroll(act) -> tuple[str, dict]:
    """A power: roll the chosen dice again."""
    chosen = dice_indexes(act.body.get("dice"), len(act.state["dice"]))
    if not chosen:
        raise malformed(gettext('Choose the dice to roll again: "dice": [0, 3].'))
    act.state["dice"] = reroll_dice(act.state["dice"], chosen, act.game, act.rng)
    return "reroll", {"dice": shown([act.state["dice"][i] for i in chosen])}


def recolour(act) -> tuple[str, dict]:
    """A power: every die showing one colour turns into another colour (never into the joker)."""
    faces = [face for die in act.game.dice for face in die.faces if isinstance(face, str)]
    source, target = act.body.get("from"), act.body.get("to")
    if source not in faces or target not in faces or target == act.config.joker:
        targets = ", ".join(dict.fromkeys(f for f in faces if f != act.config.joker))
        raise malformed(gettext('Name two colours: "from" a face on the dice and "to" one of %(colours)s.',
                                colours=targets))
    if source == target:
        raise malformed(gettext("Turn a colour into a different colour."))
    turned = [d for d in act.state["dice"] if d["face"] == source]
    if not turned:
        raise impossible(gettext("No die shows %(colour)s.", colour=colour_text(act.game, source)))
    for die in turned:
        die["face"] = target
    return "recolour", {"count": len(turned), "from": source, "to": target}


def use(act) -> tuple[str, dict]:
    """The active player marks the dice they used (maybe none); the others take from the rest."""
    dice = act.state["dice"]
    chosen = dice_indexes(act.body.get("dice"), len(dice))
    for i, die in enumerate(dice):
        die["used"] = i in chosen
    active_part_done(act)
    return "use", {"dice": shown([d for d in dice if d["used"]]), "left": shown([d for d in dice if not d["used"]])}


def _share(act) -> int:
    """How many dice each other player takes at this table."""
    config = act.config
    return act.game.amount(config.others_take_at.get(act.state["players"], config.others_take))


def take(act) -> tuple[str, dict]:
    """Another player takes their dice from those the active player left."""
    dice = act.state["dice"]
    left = [i for i, d in enumerate(dice) if not d["used"]]
    share = min(_share(act), len(left))
    chosen = dice_indexes(act.body.get("dice"), len(dice))
    if any(i not in left for i in chosen):
        raise impossible(gettext("Take dice the active player left, not the ones they used."))
    if len(chosen) != share:
        raise malformed(gettext('Take %(num)s of the dice left: "dice": %(example)s.', num=share, example=left[:share]))
    act.state["takes"][str(act.seat)] = chosen
    part_done(act)
    return "take", {"dice": shown([dice[i] for i in chosen])}


def next_turn(act) -> tuple[str, dict]:
    """The active player ends the turn before every other player took their dice."""
    skipped = [seat_name(act.state, s) for s in others(act.state) if s not in act.state["done"]]
    pass_turn(act)
    return "next", {"skipped": skipped}


def moves(config) -> dict[str, Move]:
    """Roll, the layout's powers, use; take for the others; end the turn."""
    offered = {"roll": Move(roll, {"roll": "active"}, starts=True, draws=True),
               "use": Move(use, {"use": "active"}),
               "take": Move(take, {"others": "others"}),
               "next": Move(next_turn, {"others": "active"})}
    powers = {"reroll": Move(reroll, {"use": "active"}, draws=True), "recolour": Move(recolour, {"use": "active"})}
    return offered | {name: powers[name] for name in config.powers}
