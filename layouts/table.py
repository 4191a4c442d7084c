"""A game's table on the companion: which generic mechanic runs its dice or market, configured.

Glossary:
- kind: the mechanic (companion/table/): `hold-and-roll` (Simstown, Kniffel), `roll-and-draft`
  (Lost Cities, Qwixx-like), `dice-pool` (Copenhagen: a pool with powers), `market-ring` (Monolyth).
- amount: a whole number, or the name of one of the game's values standing for it.
- pick: die id -> how many dice of it a player takes: a number, or [fewest, most]; a key may name
  several dice with `|` (`red|yellow|green|blue: [0, 1]`: at most one of those coloured dice).
- end: the room ends the game by itself after so many turns (e.g. Simstown's solo game).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from layouts.blocks.base import ColourRef, Strict, ValueRef, ValueText

Amount = int | ValueRef
Pick = dict[str, Union[Annotated[int, Field(ge=0, le=12)], tuple[Annotated[int, Field(ge=0, le=12)],
                                                                  Annotated[int, Field(ge=0, le=12)]]]]


class TurnLimit(Strict):
    """The room ends the game after `turns` turns (or rounds), at tables of `players` (all tables when None)."""

    turns: Amount = Field(description="turns (or rounds) until the game ends: a number or a value's name")
    rounds: bool = Field(False, description="`turns` counts rounds: every seated player plays that many turns")
    players: int | None = Field(None, ge=1, le=8, description="only at tables of this many players; all when left out")
    text: ValueText = Field(description="what the phones show when it ends")


class TableBase(Strict):
    labels: dict[str, ValueText] = Field({}, description="button texts by move, e.g. {reroll: 'Red star: reroll'}")
    end: TurnLimit | None = Field(None, description="the room ends the game by itself after so many turns")


class HoldAndRoll(TableBase):
    """Roll all dice, set some aside and roll the rest, up to `rolls_per_turn` rolls; then pass."""

    kind: Literal["hold-and-roll"]
    rolls_per_turn: Amount = Field(3, description="rolls a turn may have: a number or a value's name")


class RollAndDraft(TableBase):
    """The active player rolls and picks first; the others pick from what is left (or from all)."""

    kind: Literal["roll-and-draft"]
    active_pick: Pick = Field(min_length=1, description="die id -> how many the active player takes: n or [fewest, most]")
    others_pick: Pick = Field(min_length=1, description="die id -> how many each other player takes")
    others_from: Literal["left", "all"] = Field("left", description="left: the dice the active player left")
    refuse: ValueText | None = Field(None, description="what refusing means; None: nobody may refuse")


class DicePool(TableBase):
    """The active player rolls, may spend powers on the dice, uses some; each other player takes some."""

    kind: Literal["dice-pool"]
    powers: list[Literal["reroll", "recolour"]] = Field([], description="what the active player may do to the dice")
    joker: ColourRef | None = Field(None, description="the face that counts as any colour; never a recolour target")
    others_take: Amount = Field(1, description="dice each other player takes")
    others_take_at: dict[int, Amount] = Field({}, description="players at the table -> dice each other player takes")


class MarketRing(TableBase):
    """A ring of piece slots with a crystal: move it, take the piece it lands on; refill from the bag."""

    kind: Literal["market-ring"]
    slots: Amount = Field(description="slots around the ring")
    reach: Amount = Field(description="the crystal moves 1 to this many slots clockwise")
    blocks_per_colour: Amount = Field(0, description="1x1 blocks a piece may be swapped for; 0: no swapping")


Mechanic = Annotated[Union[HoldAndRoll, RollAndDraft, DicePool, MarketRing], Field(discriminator="kind")]
