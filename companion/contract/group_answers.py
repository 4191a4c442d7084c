"""The answer models of a group's routes (companion/web/views/groups_api.py): the group with its plays and stats, a
play, what an import added, what a rename did.

Glossary:
- shown play: a play as the API answers it (companion/groups/shown.py): its date in ISO 8601 (UTC), each player's
  `player_id` (the group's id of the name, kept through renames) and BG Stats' createPlay link.
- stats: per game and per month how many plays; per player and game the plays, wins, win rate, average and best
  score, and the best per scoring part (companion/groups/stats.py).
"""
from __future__ import annotations

from typing import Optional

from pydantic import Field, TypeAdapter

from companion.contract.answers import Answer
from companion.contract.groups import CODE, ID


class GroupMade(Answer):
    """A new group: its code and the address of its page."""

    code: str = Field(pattern=CODE)
    url: str


class PlayerName(Answer):
    """A name of the group."""

    id: str = Field(pattern=ID)
    name: str


class ShownPlayer(Answer):
    """One player of a play as the API shows it."""

    name: str
    score: int
    rank: int
    winner: bool
    start: bool
    breakdown: dict[str, int] = Field(description="points by scoring part (the game's ids)")
    player_id: str = Field(pattern=ID, description="the group's id of the name, kept through renames")


class ShownTie(Answer):
    """How a tie on points was broken."""

    case: str
    winners: list[str]


class ShownPlay(Answer):
    """A play of the group."""

    id: str = Field(pattern=ID)
    game: str
    date: str = Field(description="ISO 8601, UTC")
    duration_min: Optional[int]
    players: list[ShownPlayer]
    tiebreak: Optional[ShownTie]
    bgstats_url: str = Field(description="BG Stats' createPlay link of the play")
    imported_from: Optional[str] = Field(pattern=ID, description="the id the play had where it was exported, when "
                                                                 "an import gave it another; else null")


class GameCount(Answer):
    """How many plays of a game."""

    game: str
    plays: int


class MonthCount(Answer):
    """How many plays in a month (UTC)."""

    month: str = Field(pattern=r"^\d{4}-\d\d$")
    plays: int


class PlayerStats(Answer):
    """One player's stats for one game."""

    name: str
    game: str
    plays: int
    wins: int
    win_rate: float = Field(ge=0, le=1)
    average: float
    best: int
    best_parts: dict[str, int] = Field(description="the best points per scoring part")


class Stats(Answer):
    """A group's stats."""

    plays: int
    per_game: list[GameCount]
    per_month: list[MonthCount]
    per_player: list[PlayerStats]


class Group(Answer):
    """A group: its name, its players, a page of its plays oldest first, its stats (of every play)."""

    name: str
    location: Optional[str] = Field(description="where the group plays (set on its page), null until said")
    players: list[PlayerName]
    plays: list[ShownPlay] = Field(description="200 plays a page, oldest first (`?page=`)")
    stats: Stats
    next_page: Optional[int] = Field(description="the `?page=` of the next plays; null on the last page")


class Imported(Answer):
    """An imported list: how many plays were added, how many the group had already."""

    added: int
    skipped: int


class Deleted(Answer):
    """What was deleted: a play's id, or a group's name."""

    deleted: str


class Restored(Answer):
    """A deleted group restored: its name."""

    restored: str


class Names(Answer):
    """The group's names."""

    players: list[str]


class Renamed(Names):
    """The group's names after a rename, and whether two names became one."""

    merged: bool


def entered() -> dict:
    """The JSON Schema of what a play sent in answers: the play (entered by hand) or how many came (imported)."""
    return TypeAdapter(ShownPlay | Imported).json_schema()


def exported() -> dict:
    """The JSON Schema of the JSON export: the group's plays."""
    return TypeAdapter(list[ShownPlay]).json_schema()
