"""Simstown's shared dice (RULES.md 3): three d6, up to three rolls a turn.

Dice set aside (held) keep their faces on the next roll; a held die may be
released and rolled again later. `next` passes the dice to the next player.

Glossary:
- rolls: rolls made this turn (0 before the first); the house limit is `rolls_per_turn`.
"""
from __future__ import annotations

from companion.dice import dice_indexes, faces_text, reroll, roll_all
from companion.errors import impossible, malformed
from companion.rules import player_name


def start(game, rng) -> dict:
    """A new room: no dice rolled, no rolls made."""
    return {"rolls": 0}


def roll(state, body, game, rng) -> str:
    """Roll the dice not held; the first roll of a turn rolls all three."""
    who = player_name(body)
    limit = game.values["rolls_per_turn"]
    if state["rolls"] == 0:
        if body.get("hold"):
            raise malformed("Nothing to hold before the first roll of a turn.")
        state.update(turn=state["turn"] + 1, active=who, dice=roll_all(game, rng), rolls=1)
        return f"{who} rolled {faces_text(game, state['dice'])} (roll 1 of {limit})"
    if who != state["active"]:
        raise impossible(f"It is {state['active']}'s turn (roll {state['rolls']} of {limit}); "
                         "tap Next turn to start yours.")
    if state["rolls"] >= limit:
        raise impossible(f"Only {limit} rolls per turn: place your dice, then tap Next turn.")
    held = dice_indexes(body.get("hold"), len(state["dice"]), "hold")
    if len(held) == len(state["dice"]):
        raise malformed("Every die is held: release one to roll it, or place your dice.")
    loose = [i for i in range(len(state["dice"])) if i not in held]
    state["dice"] = [dict(d, held=i in held) for i, d in enumerate(reroll(state["dice"], loose, game, rng))]
    state["rolls"] += 1
    kept = f"; kept {faces_text(game, [state['dice'][i] for i in held])}" if held else ""
    return (f"{who} rolled {faces_text(game, [state['dice'][i] for i in loose])}{kept} "
            f"(roll {state['rolls']} of {limit})")


def next_turn(state, body, game, rng) -> str:
    """The turn ends; the dice pass to the next player."""
    who = player_name(body)
    if state["rolls"] == 0:
        raise impossible("Nobody has rolled this turn yet.")
    state.update(active=None, dice=[], rolls=0)
    return f"{who} ended the turn and passed the dice"


ACTIONS = {"roll": roll, "next": next_turn}
