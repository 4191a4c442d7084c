"""A market ring with a bag (Monolyth): the crystal moves 1 to `reach` slots clockwise, the active
player takes the piece it lands on (or swaps it for a 1x1 block of its colour), and the slot the
crystal left is refilled from the bag (random draw without replacement). The crystal starts beside
the market, so no piece is hidden under it; the turn then passes.

Glossary:
- piece: {"colour": colour id, "piece": piece id} (a layout polycube in one of the game's colours).
- ring: `slots` slots, each a piece or None (where the crystal took one, or the bag ran out).
- crystal: the slot the crystal stands on, None while it stands beside the market; ahead: the slots it
  reaches from there, by steps (1 first).
- box: the bag, pieces not drawn yet as {"colour/piece": count}; blocks: 1x1 blocks left per colour.
- phases: "move" (the only one).
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Annotated, Literal, Optional

from pydantic import Field

from companion.rules.contract import Move, Param
from companion.rules.errors import no
from companion.rules.language import N_, Speaker
from companion.rules.mechanics.base import MechanicBase
from companion.rules.turns import pass_turn
from companion.rules.words import colour_text, piece_text

TAKES = ("piece", "block")
STEPS = Annotated[int, Field(ge=1)]
"""A move's steps as the API document says them: at least 1 (the most is the game's reach, `_refusal`)."""


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


def _moved_text(game, p: dict, who: str, say: Speaker) -> str:
    """The log's sentence of a move: how far the crystal went, what was taken, which slot was refilled."""
    piece = piece_text(game, p["piece"], say)
    text = say.ngettext("%(who)s moved the crystal %(num)s slot and swapped the %(piece)s for a 1x1 block",
                        "%(who)s moved the crystal %(num)s slots and swapped the %(piece)s for a 1x1 block",
                        p["steps"], who=who, piece=piece) if p["take"] == "block" else \
        say.ngettext("%(who)s moved the crystal %(num)s slot and took the %(piece)s",
                     "%(who)s moved the crystal %(num)s slots and took the %(piece)s", p["steps"], who=who, piece=piece)
    refill = p.get("refill")
    return text + (say.gettext("; slot %(slot)s refilled: %(piece)s", slot=refill["slot"],
                               piece=piece_text(game, refill["piece"], say)) if refill else "")


class MarketRing(MechanicBase):
    """Move the crystal, take the piece (or a block instead); the slot it left is refilled from the bag."""

    kind = "market-ring"
    BOARD = "market-ring"  # its own board (companion/static/market.js)
    PHASES = {"move": N_("move the crystal")}
    FIRST_PHASE = "move"
    SENTENCES = {"move": _moved_text}
    TABLE_KEYS = ("ring", "crystal", "ahead", "box", "blocks")
    STATE = {"ring": list[Optional[dict]], "crystal": Optional[int], "ahead": list[int], "box": dict[str, int],
             "blocks": dict[str, int]}  # ahead: the slots the crystal reaches, by steps

    def start(self, players, rng) -> dict:
        """A new market: every slot drawn from the box, the crystal beside the ring."""
        box = full_box(self.game)
        ring = [draw(box, rng) for _ in range(self.game.amount(self.config.slots))]
        blocks = {colour: self.game.amount(self.config.blocks_per_colour) for colour in self.game.colours}
        return {"ring": ring, "crystal": None, "box": box, "blocks": blocks, "ahead": self._ahead(None, len(ring))}

    def reach(self) -> int:
        """The most slots the crystal moves."""
        return self.game.amount(self.config.reach)

    def doing(self, state: dict, say: Speaker) -> str:
        """Move the crystal 1 to `reach` slots and take that piece, or only as far as the slots that hold one (or
        take from a turn's list: lists.py)."""
        ahead = self.ahead(state)
        steps = [step for step, slot in enumerate(ahead, 1) if state["ring"][slot] is not None]
        if len(steps) in (0, len(ahead)):
            return say.gettext("move the crystal 1 to %(reach)s slots and take that piece", reach=self.reach())
        return say.ngettext("move the crystal %(steps)s slot and take that piece",
                            "move the crystal %(steps)s slots and take that piece", steps[-1],
                            steps=say.listing([str(step) for step in steps], style="or"))

    @staticmethod
    def _slot(crystal: int | None, steps: int, slots: int) -> int:
        return (steps - 1 if crystal is None else crystal + steps) % slots

    def _ahead(self, crystal: int | None, slots: int) -> list[int]:
        """The slots the crystal reaches from where it stands, 1 step first."""
        return [self._slot(crystal, steps, slots) for steps in range(1, self.reach() + 1)]

    def ahead(self, state: dict) -> list[int]:
        """The state's slots ahead of the crystal (worked out for a room saved before it kept them)."""
        return state.get("ahead") or self._ahead(state["crystal"], len(state["ring"]))

    def _options(self, act):
        blocks = self.game.amount(self.config.blocks_per_colour)
        return ({"steps": steps, "take": take} for steps in range(1, self.reach() + 1)
                for take in TAKES if take == "piece" or blocks)

    def _refusal(self, act):
        state, most = act.state, self.reach()
        steps, take = act.body["steps"], act.body["take"]
        if type(steps) is not int or not 1 <= steps <= most:
            return no(400, N_("The crystal moves 1 to %(most)s slots clockwise, not %(steps)s."), most=most,
                      steps=steps)
        if take not in TAKES or (take == "block" and not self.game.amount(self.config.blocks_per_colour)):
            return no(400, N_('"take" is "piece" (place it) or "block" (swap it for a 1x1 block).'))
        slot = self.ahead(state)[steps - 1]
        piece = state["ring"][slot]
        if piece is None:
            return no(409, N_("Slot %(slot)s is empty (the bag ran out); move the crystal elsewhere."),
                      slot=slot + 1)
        if take == "block" and state["blocks"][piece["colour"]] == 0:
            return no(409, N_("No %(colour)s 1x1 blocks are left."), colour=colour_text(self.game, piece["colour"]))
        return None

    def _move(self, act):
        """Move the crystal, take the piece it lands on (or a block), refill the slot it left; pass the turn."""
        state, steps, take = act.state, act.body["steps"], act.body["take"]
        ring, left = state["ring"], state["crystal"]
        slot = self.ahead(state)[steps - 1]
        piece, ring[slot] = ring[slot], None
        if take == "block":
            state["blocks"][piece["colour"]] -= 1
        refill = None
        if left is not None and ring[left] is None:
            ring[left] = draw(state["box"], act.rng)
            refill = {"slot": left + 1, "piece": ring[left]}
        state.update(crystal=slot, ahead=self._ahead(slot, len(ring)))
        pass_turn(act)
        return "move", {"steps": steps, "piece": piece, "take": take, "refill": refill}

    def _params(self) -> dict[str, Param]:
        """Steps (1 to the reach) and what to do with the piece ("piece" unless the body says)."""
        return {"steps": Param(STEPS, self._refusal, description="slots the crystal moves clockwise: 1 to the reach"),
                "take": Param(Literal[TAKES], self._refusal, default="piece",
                              description='"piece" (place it) or "block" (swap it for a 1x1 block)')}

    def own_moves(self) -> dict[str, Move]:
        """Move the crystal: the active player's whole turn (it may draw a refill from the bag)."""
        return {"move": Move(self._move, {"move": "active"}, params=self._params(),
                             options=self._options, refuse=self._refusal, starts=True, draws=True,
                             verb=N_("move the crystal"))}
