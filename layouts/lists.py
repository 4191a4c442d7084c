"""Shared lists: what a table uses once, kept by the companion for everyone
(Copenhagen's single-use tiles, Lost Cities' bridges, Monolyth's token stacks).

Glossary:
- mode: how an item is crossed off.
  once:  one player crosses it; crossing it again is refused, naming who did.
  claim: several players may claim it, all within the turn of the first claim (bridges).
  stack: token values, highest first; a player takes the highest one left; the stack
         holds one token per player at the table.
- items: written out (`items`), the game's single-use shapes (`shapes: limited`), or
  token values read from the game's tables (`tables`, `copies` of each value).
- max_players: a list or item only in play up to this many players.
- setup: at small tables, the table crosses items before play (one per colour, of a size).
- again: a crossed item may be used again without uncrossing it (the label of that action).
- per_player: a player crosses at most this many items of the list (a stack: one token each).
- turn_action: crossing an item is the active player's whole turn (Monolyth's prophecies).
- crossed_by: `anyone` (a seated player, any time in play) or `active` (who places a shape: the player
  on turn once the turn's first phase is made, then until the next roll the one whose turn just
  ended; and setup crossings before play).
- ends_after: the game ends once this many items are crossed (default: all of them).
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from layouts.blocks.base import ColourRef, Strict, TableRef, ValueRef, ValueText, Words

ItemId = Field(pattern=r"^[A-Za-z0-9-]+$", max_length=20)


class ListItem(Strict):
    id: str = ItemId
    label: Words = ""
    colour: ColourRef | None = None
    shape: str | None = Field(None, description="id of the shape drawn for this item")
    value: int | None = Field(None, description="a token's value (scored by token fields)")
    max_players: int | None = Field(None, ge=1, le=8, description="only in play up to this many players")


class TableItems(Strict):
    table: TableRef = Field(description="the table whose values are the tokens")
    copies: int = Field(1, ge=1, le=8, description="tokens of each value")
    max_players: int | None = Field(None, ge=1, le=8, description="only in play up to this many players")


class Setup(Strict):
    max_players: int = Field(ge=1, le=8, description="the setup is done at tables of at most this many players")
    size: int = Field(ge=1, le=12, description="size of the shapes crossed at setup, one per colour")
    text: ValueText = Field(description="what the phones say about the setup")


class SharedList(Strict):
    label: Words = Field(description="the list's name on the phones")
    mode: Literal["once", "claim", "stack"] = Field(
        description="once: one player crosses an item; claim: several in one turn; stack: tokens highest first")
    items: list[ListItem] = Field([], description="the items, written out")
    shapes: Literal["limited"] | None = Field(None, description="items are the game's single-use shapes")
    tables: list[TableItems] = Field([], description="token values read from the game's tables")
    max_players: int | None = Field(None, ge=1, le=8, description="the list is in play up to this many players")
    per_player: int | ValueRef | None = Field(None, description="items a player may cross at most (or a value)")
    turn_action: bool = Field(False, description="crossing is the active player's whole turn")
    crossed_by: Literal["anyone", "active"] = Field("anyone", description="active: only who places a shape: the "
                                                    "player on turn after the first phase, then until the next roll "
                                                    "the one whose turn ended (and setup crossings before play)")
    ends_after: int | None = Field(None, ge=1, description="crossed items that end the game; default all")
    setup: Setup | None = Field(None, description="items the table crosses before play at small tables")
    again: Words | None = Field(None, description="label of 'use a crossed item again', when allowed")
    ends_game: Words | None = Field(None, description="shown when every item is crossed")

    @model_validator(mode="after")
    def _one_source(self):
        sources = [bool(self.items), self.shapes is not None, bool(self.tables)]
        if sources.count(True) != 1:
            raise ValueError("give the items one way: items, shapes: limited, or tables")
        if self.setup and not self.shapes:
            raise ValueError("a setup crosses shapes: use it with shapes: limited")
        if self.mode == "stack" and not self.tables:
            raise ValueError("a stack's tokens come from tables (values, highest first)")
        ids = [item.id for item in self.items]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"item ids repeat: {', '.join(repeated)}")
        return self


def list_items(game, spec: SharedList, players: int) -> list[ListItem]:
    """The items of a list in play for `players` (a stack: one token per player)."""
    if spec.shapes:
        items = [ListItem(id=s.id, label=s.name, colour=s.colour, shape=s.id) for s in game.shapes if s.limited]
    elif spec.tables:
        items = []
        for source in spec.tables:
            for value in game.tables[source.table].values:
                for copy in range(source.copies):
                    suffix = "abcdefgh"[copy] if source.copies > 1 else ""
                    items.append(ListItem(id=f"{value}{suffix}", label=str(value), value=value,
                                          max_players=source.max_players))
    else:
        items = [item if item.label else item.model_copy(update={"label": game.colours[item.colour].label
                                                                  if item.colour else item.id}) for item in spec.items]
    items = [item for item in items if item.max_players is None or players <= item.max_players]
    return items[:players] if spec.mode == "stack" else items


def lists_in_play(game, players: int) -> dict[str, list[ListItem]]:
    """Every shared list of the game in play for `players`, with its items."""
    return {name: list_items(game, spec, players) for name, spec in game.lists.items()
            if spec.max_players is None or players <= spec.max_players}
