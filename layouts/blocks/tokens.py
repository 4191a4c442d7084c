"""Token sheets: round tokens to cut out, one group per stack, sized to the player count."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, Icon, Strict, TableRef, ValueText, Words


class Stack(Strict):
    """The tokens of one table: its top values (one per player) or all of them, `each` times."""

    table: TableRef = Field(description="the table whose values the tokens show")
    label: ValueText | None = Field(None, description="printed on each token; default the table's label")
    icon: Icon | None = Field(None, description="an icon on each token")
    take: Literal["players", "all"] = Field("players",
                                            description="players: the top value per player; all: every value")
    each: int = Field(1, ge=1, le=6, description="copies of every value")
    players_max: int | None = Field(None, ge=1, description="only printed for at most this many players")

    def tokens(self, values: list[int], players: int) -> list[int]:
        """The token values this stack prints for a player count, highest first."""
        if self.players_max is not None and players > self.players_max:
            return []
        chosen = values[:players] if self.take == "players" else values
        return [value for value in chosen for _ in range(self.each)]


class TokenSheet(BlockBase):
    type: Literal["token_sheet"]
    stacks: list[Stack] = Field(min_length=1, description="one group of tokens per stack")
    diameter: float = Field(20, ge=12, le=40, description="token size in mm; the circle is the cut line")
    caption: Words = Field("Tokens for a table of {players, plural, one {# player} other {# players}}",
                           description="`{players}`: the player count (a plural block may count it)")
