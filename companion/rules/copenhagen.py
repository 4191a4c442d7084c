"""Copenhagen's shared dice (RULES.md 1): roll five colour dice, spend red and green
stars on them, and mark the dice the active player used so the others see what is left.

Glossary:
- joker: the grey face, any colour for the active player; never a green star's target.
"""
from __future__ import annotations

from companion.dice import dice_indexes, faces_text, reroll as reroll_dice, roll_all
from companion.errors import impossible, malformed
from companion.rules import player_name

JOKER = "joker"


def start(game, rng) -> dict:
    """Copenhagen rooms start with no dice on the table."""
    return {}


def _rolled(state) -> list[dict]:
    if not state["dice"]:
        raise impossible("Nobody has rolled yet: roll first.")
    return state["dice"]


def roll(state, body, game, rng) -> str:
    """A new turn: the player rolls all five dice."""
    who = player_name(body)
    if body.get("hold"):
        raise malformed("A Copenhagen turn rolls all five dice; to roll some again, spend a red star (reroll).")
    state.update(turn=state["turn"] + 1, active=who, dice=roll_all(game, rng))
    return f"{who} rolled {faces_text(game, state['dice'])}"


def reroll(state, body, game, rng) -> str:
    """Red star: roll the chosen unused dice again."""
    who = player_name(body)
    dice = _rolled(state)
    chosen = dice_indexes(body.get("dice"), len(dice))
    if not chosen:
        raise malformed('Choose the dice to roll again: "dice": [0, 3].')
    if any(dice[i]["used"] for i in chosen):
        raise impossible("A die already used cannot be rolled again.")
    state["dice"] = reroll_dice(dice, chosen, game, rng)
    again = faces_text(game, [state["dice"][i] for i in chosen])
    return f"{who} spent a red star and rolled {len(chosen)} dice again: {again}"


def recolour(state, body, game, rng) -> str:
    """Green star: turn every unused die of one colour into another colour."""
    who = player_name(body)
    dice = _rolled(state)
    faces = game.dice[0].faces
    source, target = body.get("from"), body.get("to")
    if source not in faces or target not in faces or target == JOKER:
        colours = ", ".join(f for f in faces if f != JOKER)
        raise malformed(f'Name two colours: "from" a face on the dice and "to" one of {colours}.')
    if source == target:
        raise malformed("Turn a colour into a different colour.")
    turned = [d for d in dice if d["face"] == source and not d["used"]]
    if not turned:
        raise impossible(f"No unused die shows {game.colours[source].label.lower()}.")
    for die in turned:
        die["face"] = target
    names = game.colours[source].label.lower(), game.colours[target].label.lower()
    return f"{who} spent a green star: {len(turned)} {names[0]} turned {names[1]}"


def use(state, body, game, rng) -> str:
    """The active player marks the dice they used; the rest are left for the others."""
    who = player_name(body)
    dice = _rolled(state)
    chosen = dice_indexes(body.get("dice"), len(dice))
    for i, die in enumerate(dice):
        die["used"] = i in chosen
    left = [d for d in dice if not d["used"]]
    if not chosen:
        return f"{who} cleared the used dice"
    return (f"{who} used {faces_text(game, [dice[i] for i in chosen])}; "
            f"left to pick: {faces_text(game, left) or 'nothing'}")


ACTIONS = {"roll": roll, "reroll": reroll, "recolour": recolour, "use": use}
