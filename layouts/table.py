"""A game's table on the companion: which generic mechanic runs its dice or market, configured.

Glossary:
- kind: the mechanic (companion/rules/mechanics/): `hold-and-roll` (Simstown, Kniffel), `roll-and-draft`
  (Lost Cities, Qwixx-like), `dice-pool` (Copenhagen: a pool with powers), `market-ring` (Monolyth),
  `shared-roll` (Knister-, Qwinto-like: one roll for the table, the dice the roller chose, everyone writes it),
  `own-roll` (everyone rolls their own dice in turn).
- amount: a whole number, or the name of one of the game's values standing for it.
- pick: die id -> how many dice of it a player takes: a number, or [fewest, most]; a key may name
  several dice with `|` (`red|yellow|green|blue: [0, 1]`: at most one of those coloured dice).
- labels, prompts: the words of a kind's buttons (by move) and of what the table waits for (by phase).
- end: the room ends the game by itself after so many turns (e.g. Simstown's solo game).
- declared end: an end only the sheets show (Copenhagen's 12 points): a seat says so on the phone,
  once the round is complete (`round`) or at any time.
- counter: a number kept per seat (a Qwinto-like game's failed throws): a seat adds one with the `count`
  move, once per roll (the roller, or anyone); the game ends when a seat's count reaches `ends_at`.
"""
from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, model_validator

from layouts.blocks.base import ColourRef, Strict, ValueRef, ValueText, Words
from layouts.problems import closest

Amount = int | ValueRef
Pick = dict[str, Union[Annotated[int, Field(ge=0, le=12)], tuple[Annotated[int, Field(ge=0, le=12)],
                                                                  Annotated[int, Field(ge=0, le=12)]]]]


class TurnLimit(Strict):
    """The room ends the game after `turns` turns (or rounds), at tables of `players` (all tables when None)."""

    turns: Amount = Field(description="turns (or rounds) until the game ends: a number or a value's name")
    rounds: bool = Field(False, description="`turns` counts rounds: every seated player plays that many turns")
    players: int | None = Field(None, ge=1, le=8, description="only at tables of this many players; all when left out")
    text: ValueText = Field(description="what the phones show when it ends")


class DeclaredEnd(Strict):
    """An end only the sheets show: any seat says it is reached ("We reached the end") and the room ends."""

    text: ValueText = Field(description="what the seat confirms, e.g. 'Someone has {end_points} points or more'")
    round: bool = Field(True, description="offered only once the round is complete (everyone had as many turns)")


class Counter(Strict):
    """A number kept per seat, one added by the `count` move; the game ends when a seat's reaches `ends_at`."""

    label: ValueText = Field(description="what is counted, shown on every phone, e.g. 'Failed throws'")
    move: ValueText | None = Field(None, description="the button's text, e.g. 'I wrote nothing: failed throw'")
    by: Literal["roller", "anyone"] = Field("roller", description="who may add one, once per roll: the seat that "
                                            "rolled (the turn's player), or any seat")
    ends_at: Amount | None = Field(None, description="the game ends as soon as a seat's count reaches this")


class TableBase(Strict):
    """What every table kind may say: button texts by move, prompts by phase, how the game ends."""

    MOVES: ClassVar[tuple[str, ...]] = ()
    """The kind's moves (its mechanic's in companion/rules/mechanics, a test holds them equal): what `labels`
    may name."""
    PHASES: ClassVar[tuple[str, ...]] = ()
    """The kind's phases: what `prompts` may name."""
    WHEN: ClassVar[dict[str, str]] = {"end": "with `declared_end`", "count": "with `counters`"}
    """The moves and phases a table has only with an option, and the option (see `has`)."""
    labels: dict[str, ValueText] = Field({}, description="button texts by move, e.g. {reroll: 'Red star: reroll'}")
    prompts: dict[str, ValueText] = Field({}, description="what the table waits for in a phase, the words after "
                                                          "'waiting for Ana to', e.g. {roll: 'roll for the table'}")
    end: TurnLimit | None = Field(None, description="the room ends the game by itself after so many turns")
    declared_end: DeclaredEnd | None = Field(None, description="a seat may say the end the sheets show is reached")
    counters: dict[str, Counter] = Field({}, description="numbers kept per seat by id, e.g. {failed: {label: "
                                                         "'Failed throws', ends_at: 4}}")

    def has(self, name: str) -> bool:
        """Whether this table, with its options, has a move or phase of its kind (one of WHEN needs its option)."""
        return {"end": self.declared_end is not None, "count": bool(self.counters)}.get(name, True)

    def moves(self) -> tuple[str, ...]:
        """The moves this table has with its options: what `labels` may name."""
        return tuple(move for move in (*self.MOVES, "end", "count") if self.has(move))

    def phases(self) -> tuple[str, ...]:
        """The phases this table has with its options: what `prompts` may name."""
        return tuple(phase for phase in self.PHASES if self.has(phase))

    @model_validator(mode="after")
    def _known_moves_and_phases(self):
        problems = []
        for key, every, known, what in (("labels", (*self.MOVES, "end", "count"), self.moves(), "moves"),
                                        ("prompts", self.PHASES, self.phases(), "phases")):
            for name in sorted(set(getattr(self, key)) - set(known)):
                if name in every:
                    problems.append(f"{key}.{name}: the {self.kind} table has this {what[:-1]} only "
                                    f"{self.WHEN[name]}; its {what} here: {', '.join(known)}")
                else:
                    problems.append(f"{key}.{name}: not one of the {self.kind} table's {what}; "
                                    f"{closest(name, known)}they are: {', '.join(known)}")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class HoldAndRoll(TableBase):
    """Roll all dice, set some aside and roll the rest, up to `rolls_per_turn` rolls; then pass."""

    MOVES, PHASES = ("roll", "hold", "next"), ("roll", "rolling")
    kind: Literal["hold-and-roll"]
    rolls_per_turn: Amount = Field(3, description="rolls a turn may have: a number or a value's name")


class RollAndDraft(TableBase):
    """The active player rolls and picks first; the others pick from what is left (or from all)."""

    MOVES, PHASES = ("roll", "pick", "refuse", "next"), ("roll", "pick", "others")
    WHEN = {**TableBase.WHEN, "refuse": "with `refuse`"}
    kind: Literal["roll-and-draft"]
    active_pick: Pick = Field(min_length=1,
                              description="die id -> how many the active player takes: n or [fewest, most]")
    others_pick: Pick = Field(min_length=1, description="die id -> how many each other player takes")
    others_from: Literal["left", "all"] = Field("left", description="left: the dice the active player left")
    refuse: ValueText | None = Field(None, description="what refusing means; None: nobody may refuse")
    exhausted_after: Amount | None = Field(None, description="refusals that exhaust a seat (it may refuse no more); "
                                           "the game ends after the turn in which every seat is exhausted")

    def has(self, name: str) -> bool:
        """Refusing is a move only where the layout says what it means."""
        return super().has(name) and (name != "refuse" or self.refuse is not None)


class DicePool(TableBase):
    """The active player rolls, may spend powers on the dice, uses some; each other player takes some."""

    MOVES, PHASES = ("roll", "reroll", "recolour", "use", "take", "pass", "next"), ("roll", "use", "others")
    WHEN = {**TableBase.WHEN, "reroll": "with `powers: [reroll]`", "recolour": "with `powers: [recolour]`"}
    kind: Literal["dice-pool"]
    powers: list[Literal["reroll", "recolour"]] = Field([], description="what the active player may do to the dice")
    joker: ColourRef | None = Field(None, description="the face that counts as any colour; never a recolour target")
    others_take: Amount = Field(1, description="dice each other player takes")
    others_take_at: dict[int, Amount] = Field({}, description="players at the table -> dice each other player takes")

    def has(self, name: str) -> bool:
        """A power is a move only where the layout gives it."""
        return super().has(name) and (name not in ("reroll", "recolour") or name in self.powers)


class MarketRing(TableBase):
    """A ring of piece slots with a crystal: move it, take the piece it lands on; refill from the bag."""

    MOVES, PHASES = ("move",), ("move",)
    kind: Literal["market-ring"]
    slots: Amount = Field(description="slots around the ring")
    reach: Amount = Field(description="the crystal moves 1 to this many slots clockwise")
    blocks_per_colour: Amount = Field(0, description="1x1 blocks a piece may be swapped for; 0: no swapping")


class SharedRoll(TableBase):
    """The player on turn rolls for everyone (the dice they choose, rerolled as often as allowed); every seat
    writes the same roll at once."""

    MOVES, PHASES = ("roll", "reroll", "keep", "written"), ("roll", "reroll", "write")
    WHEN = {**TableBase.WHEN, "written": "with `passes: written`", "write": "with `passes: written`",
            "reroll": "with `rerolls`", "keep": "with `rerolls`"}
    kind: Literal["shared-roll"]
    sum: bool = Field(False, description="every phone shows the dice's sum large (the number everyone writes)")
    passes: Literal["roll", "written"] = Field(
        "roll", description="roll: the turn passes with each roll (nobody taps done); written: once every other "
                            "seat tapped Written")
    choose: tuple[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)]] | None = Field(
        None, description="[fewest, most]: the roller chooses that many of the dice to roll; none: every die")
    rerolls: Amount = Field(0, description="times the roller may roll the chosen dice again before the roll stands")
    write: Words | None = Field(None, description="what every seat does with the roll standing, {roll} the roll; "
                                                  "default 'write {roll} on your sheet'")

    def has(self, name: str) -> bool:
        """Written (and its phase) only where the turn waits for it; reroll and keep only with `rerolls`."""
        if name in ("written", "write"):
            return self.passes == "written"
        if name in ("reroll", "keep"):
            return self.rerolls != 0
        return super().has(name)

    @model_validator(mode="after")
    def _choose_and_write(self):
        problems = []
        if self.choose and self.choose[0] > self.choose[1]:
            problems.append(f"choose: {list(self.choose)} names fewest before most: write [{self.choose[1]}, "
                            f"{self.choose[0]}]")
        if self.write is not None and set(re.findall(r"\{([^}]*)\}", self.write)) - {"roll"}:
            problems.append(f"write: {self.write!r}: its only placeholder is {{roll}}, the roll to write")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class OwnRoll(TableBase):
    """Everyone rolls their own dice, one seat after the other; the turn passes with the roll."""

    MOVES, PHASES = ("roll",), ("roll",)
    kind: Literal["own-roll"]


Mechanic = Annotated[Union[HoldAndRoll, RollAndDraft, DicePool, MarketRing, SharedRoll, OwnRoll],
                     Field(discriminator="kind")]
