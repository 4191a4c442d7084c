"""Lost Cities' shared dice (RULES.md 2): three colour dice and three d10 (0-9).

The active player takes one die of each kind (or refuses); the other players pick
from what is left: 2 + 2 dice, or all 6 when the active player refused.

Glossary:
- kind: a die's layout id (`colour` or `number`); a pick is one die of each kind.
- 0/10: a rolled 0 counts as 10 once an expedition has started, so it is shown as 0/10.
"""
from __future__ import annotations

from companion.dice import dice_indexes, face_text, roll_all
from companion.errors import impossible, malformed
from companion.rules import player_name


def start(game, rng) -> dict:
    """A new room: no dice yet, nothing picked."""
    return {"picked": None}


def number_text(game, face) -> str:
    """A face as read at the table: a colour, a number, or 0/10."""
    return "0/10" if face == 0 else face_text(game, face)


def _dice_text(game, dice) -> str:
    return ", ".join(number_text(game, d["face"]) for d in dice)


def roll(state, body, game, rng) -> str:
    """A new turn: the player rolls all six dice."""
    who = player_name(body)
    if body.get("hold"):
        raise malformed("A Lost Cities turn rolls all six dice; nothing is held.")
    state.update(turn=state["turn"] + 1, active=who, dice=roll_all(game, rng), picked=None)
    return f"{who} rolled {_dice_text(game, state['dice'])}"


def _open_turn(state):
    if not state["dice"]:
        raise impossible("Nobody has rolled yet: roll first.")
    if state["picked"] is not None:
        raise impossible(f"{state['active']} has already {state['picked']} this turn; roll for the next turn.")


def pick(state, body, game, rng) -> str:
    """The active player takes one colour die and one number die."""
    who = player_name(body)
    _open_turn(state)
    dice = state["dice"]
    chosen = dice_indexes(body.get("dice"), len(dice))
    kinds = sorted(dice[i]["die"] for i in chosen)
    if kinds != sorted(die.id for die in game.dice):
        raise malformed("Pick two dice: one colour die and one number die.")
    for i in chosen:
        dice[i]["used"] = True
    state["picked"] = "picked"
    left = [d for d in dice if not d["used"]]
    return (f"{who} took {_dice_text(game, [dice[i] for i in chosen])}; "
            f"the others pick from {_dice_text(game, left)}")


def refuse(state, body, game, rng) -> str:
    """The active player marks their dice column instead; all six dice are open to the others."""
    who = player_name(body)
    _open_turn(state)
    state["picked"] = "refused"
    return f"{who} refused the dice; the others pick from all six"


ACTIONS = {"roll": roll, "pick": pick, "refuse": refuse}
