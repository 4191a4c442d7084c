"""Monolyth's market (RULES.md 4): a ring of piece slots with the crystal, refilled from the box.

A move takes the crystal 1 to `crystal_max_move` slots clockwise; the player takes
the piece it lands on, or swaps it for a 1x1 block of its colour. The slot where
the crystal started is refilled by a random draw from the box (without replacement).

Glossary:
- piece: {"colour": colour id, "piece": piece id} (a layout polycube in one colour).
- ring: `market_slots` slots, each a piece or None (the crystal's slot after a take).
- box: pieces not drawn yet, as {"colour/piece": count}; blocks: 1x1 blocks left per colour.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from companion.errors import impossible, malformed
from companion.rules import player_name

TAKES = ("piece", "block")


def full_box(game) -> dict[str, int]:
    """Every piece of every colour, as the game's box holds them before setup."""
    return {f"{colour}/{piece.id}": piece.count for colour in game.colours for piece in game.pieces}


def draw(box: dict[str, int], rng) -> dict | None:
    """Take one piece out of the box, each remaining piece equally likely; None when empty."""
    keys = sorted(box)
    bounds = list(accumulate(box[key] for key in keys))
    if not bounds or bounds[-1] == 0:
        return None
    key = keys[bisect_right(bounds, rng.randbelow(bounds[-1]))]
    box[key] -= 1
    colour, piece = key.split("/")
    return {"colour": colour, "piece": piece}


def start(game, rng) -> dict:
    """A new market: every slot drawn from the box, the crystal on slot 0."""
    box = full_box(game)
    ring = [draw(box, rng) for _ in range(game.values["market_slots"])]
    blocks = {colour: game.values["blocks_per_colour"] for colour in game.colours}
    return {"ring": ring, "crystal": 0, "box": box, "blocks": blocks}


def piece_text(game, piece: dict) -> str:
    """A piece as read at the table, e.g. 'teal L-tricube'."""
    name = next(p.name for p in game.pieces if p.id == piece["piece"])
    return f"{game.colours[piece['colour']].label.lower()} {name}"


def move(state, body, game, rng) -> str:
    """Move the crystal, take the piece it lands on (or a block), refill where it started."""
    who = player_name(body)
    steps, take = body.get("steps"), body.get("take", "piece")
    most = game.values["crystal_max_move"]
    if type(steps) is not int or not 1 <= steps <= most:
        raise malformed(f"The crystal moves 1 to {most} slots clockwise, not {steps}.")
    if take not in TAKES:
        raise malformed('"take" is "piece" (place it) or "block" (swap it for a 1x1 block).')
    ring, start_slot = state["ring"], state["crystal"]
    slot = (start_slot + steps) % len(ring)
    piece = ring[slot]
    if piece is None:
        raise impossible(f"Slot {slot + 1} is empty (the box ran out); move the crystal elsewhere.")
    if take == "block" and state["blocks"][piece["colour"]] == 0:
        raise impossible(f"No {game.colours[piece['colour']].label.lower()} 1x1 blocks are left.")
    ring[slot] = None
    line = f"{who} moved the crystal {steps} and took the {piece_text(game, piece)}"
    if take == "block":
        state["blocks"][piece["colour"]] -= 1
        line = f"{who} moved the crystal {steps} and swapped the {piece_text(game, piece)} for a 1x1 block"
    if ring[start_slot] is None:
        ring[start_slot] = draw(state["box"], rng)
        refill = piece_text(game, ring[start_slot]) if ring[start_slot] else "nothing: the box is empty"
        line += f"; slot {start_slot + 1} refilled: {refill}"
    state.update(crystal=slot, turn=state["turn"] + 1, active=who)
    return line


def roll(state, body, game, rng) -> str:
    """Monolyth has no dice."""
    raise malformed("Monolyth has no dice: move the crystal instead.")


ACTIONS = {"move": move, "roll": roll}
