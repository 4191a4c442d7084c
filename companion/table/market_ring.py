"""A market ring with a bag (Monolyth): the crystal moves 1 to `reach` slots clockwise, the active
player takes the piece it lands on (or swaps it for a 1x1 block of its colour), and the slot the
crystal left is refilled from the bag (random draw without replacement). The crystal starts beside
the market, so no piece is hidden under it; the turn then passes.

Glossary:
- piece: {"colour": colour id, "piece": piece id} (a layout polycube in one of the game's colours).
- ring: `slots` slots, each a piece or None (where the crystal took one, or the bag ran out).
- crystal: the slot the crystal stands on, None while it stands beside the market.
- box: the bag, pieces not drawn yet as {"colour/piece": count}; blocks: 1x1 blocks left per colour.
- phases: "move" (the only one).
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from companion.errors import impossible, malformed
from companion.language import N_, gettext
from companion.table.turns import Move, pass_turn
from companion.table.words import colour_text

PHASES = {"move": N_("%(active)s moves the crystal")}
"""What the table waits for in each phase."""
FIRST_PHASE = "move"
TABLE_KEYS = ("ring", "crystal", "box", "blocks")
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


def start(game, players, rng) -> dict:
    """A new market: every slot drawn from the box, the crystal beside the ring."""
    box = full_box(game)
    ring = [draw(box, rng) for _ in range(game.amount(game.table.slots))]
    blocks = {colour: game.amount(game.table.blocks_per_colour) for colour in game.colours}
    return {"ring": ring, "crystal": None, "box": box, "blocks": blocks}


def new_turn(state: dict) -> None:
    """Nothing to reset: the market stays as the last player left it."""


def move(act) -> tuple[str, dict]:
    """Move the crystal, take the piece it lands on (or a block), refill the slot it left; pass the turn."""
    state, most = act.state, act.game.amount(act.config.reach)
    steps, take = act.body.get("steps"), act.body.get("take", "piece")
    if type(steps) is not int or not 1 <= steps <= most:
        raise malformed(gettext("The crystal moves 1 to %(most)s slots clockwise, not %(steps)s.", most=most,
                                steps=steps))
    if take not in TAKES or (take == "block" and not act.game.amount(act.config.blocks_per_colour)):
        raise malformed(gettext('"take" is "piece" (place it) or "block" (swap it for a 1x1 block).'))
    ring, left = state["ring"], state["crystal"]
    slot = (steps - 1 if left is None else left + steps) % len(ring)
    piece = ring[slot]
    if piece is None:
        raise impossible(gettext("Slot %(slot)s is empty (the bag ran out); move the crystal elsewhere.", slot=slot + 1))
    if take == "block" and state["blocks"][piece["colour"]] == 0:
        raise impossible(gettext("No %(colour)s 1x1 blocks are left.", colour=colour_text(act.game, piece["colour"])))
    ring[slot] = None
    if take == "block":
        state["blocks"][piece["colour"]] -= 1
    refill = None
    if left is not None and ring[left] is None:
        ring[left] = draw(state["box"], act.rng)
        refill = {"slot": left + 1, "piece": ring[left]}
    state["crystal"] = slot
    pass_turn(act)
    return "move", {"steps": steps, "piece": piece, "take": take, "refill": refill}


def moves(config) -> dict[str, Move]:
    """Move the crystal: the active player's whole turn."""
    return {"move": Move(move, {"move": "active"}, starts=True, draws=True)}
