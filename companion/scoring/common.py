"""What every game's scoring shares: the request shape, errors that name a field, ranking.

Glossary:
- payload: the JSON a client posts, `{"players": [{"name": ..., fields...}], "room": optional}`.
- field: where a problem is, as the contract writes it: `players[0].rows_windows`.
- breakdown: a player's points by source (`{"rows_windows": 4, ...}`); total = its sum.
- tie-break: a game's second ordering among players tied on points (Copenhagen: empty cells).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Callable

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

Count = Annotated[int, Field(ge=0, strict=True)]
"""A non-negative whole number read off a sheet (JSON numbers only, never "3" or true)."""

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40, strict=True)]


class ScoreError(Exception):
    """Input that cannot be scored: a message for a person and the field it is about."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message = message
        self.field = field


class PlayerInput(BaseModel):
    """One player's numbers; each game adds its fields (unknown keys are errors)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name


@dataclass(frozen=True)
class TieBreak:
    """A game's tie-break: lower `value(player)` wins; None when the player did not give it."""

    value: Callable[[PlayerInput], int | None]
    what: str
    """What is counted, for sentences: "Ana wins on fewer empty cells"."""


def parse_players(model: type[PlayerInput], payload: object, low: int, high: int) -> list:
    """The payload's players as `model`s; ScoreError names the first bad field."""
    if not isinstance(payload, dict):
        raise ScoreError("the body must be a JSON object with a players list", "body")
    unknown = sorted(set(payload) - {"players", "room"})
    if unknown:
        raise ScoreError("unknown key (misspelt?)", unknown[0])
    players = payload.get("players")
    if not isinstance(players, list):
        raise ScoreError("players must be a list of players", "players")
    if not low <= len(players) <= high:
        raise ScoreError(f"this game is for {low}-{high} players, not {len(players)}", "players")
    parsed = []
    for index, raw in enumerate(players):
        try:
            parsed.append(model.model_validate(raw))
        except ValidationError as error:
            first = error.errors()[0]
            raise ScoreError(_message(first), _dotted(("players", index, *first["loc"]))) from None
    names = [player.name for player in parsed]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise ScoreError(f"two players are called {name!r}", f"players[{index}].name")
    return parsed


def _dotted(loc: tuple) -> str:
    """('players', 0, 'expeditions', 'red', 'boxes') -> 'players[0].expeditions.red.boxes'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _message(error: dict) -> str:
    """Pydantic's message, said for a person filling in a score form."""
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown field (misspelt?)"
    if kind == "missing":
        return "required"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "must be a whole number"
    if kind == "greater_than_equal":
        return f"must be at least {error['ctx']['ge']}"
    if kind == "less_than_equal":
        return f"must be at most {error['ctx']['le']}"
    if kind == "string_too_short":
        return "must not be empty"
    return error["msg"].removeprefix("Value error, ")


def at_most(field: str, value: int, limit: int, message: str):
    """A (field, message) problem when `value` is above `limit`; message may use {value}, {limit}."""
    if value > limit:
        yield field, message.format(value=value, limit=limit)


def ranked(game_id: str, players: list, breakdowns: list[dict], tiebreak: TieBreak | None) -> dict:
    """The contract's answer: players by rank (shared on ties), winners, the deciding tie-break."""
    totals = [sum(parts.values()) for parts in breakdowns]
    broken = {total for total in set(totals) if _breakable(players, totals, total, tiebreak)}

    def key(i: int) -> tuple[int, int]:
        return (-totals[i], tiebreak.value(players[i]) if totals[i] in broken else 0)

    rows = [{"name": p.name, "total": totals[i], "rank": 1 + sum(key(j) < key(i) for j in range(len(players))),
             "breakdown": breakdowns[i]} for i, p in enumerate(players)]
    rows.sort(key=lambda row: row["rank"])
    winners = [row["name"] for row in rows if row["rank"] == 1]
    return {"game": game_id, "players": rows, "winners": winners,
            "tiebreak": _tiebreak_note(rows, winners, tiebreak, broken)}


def _breakable(players: list, totals: list[int], total: int, tiebreak: TieBreak | None) -> bool:
    """Whether the tie-break applies to everyone on `total` points (all gave its value)."""
    tied = [p for p, t in zip(players, totals) if t == total]
    return tiebreak is not None and len(tied) > 1 and all(tiebreak.value(p) is not None for p in tied)


def _tiebreak_note(rows: list[dict], winners: list[str], tiebreak: TieBreak | None, broken: set[int]) -> str | None:
    """One sentence when the winners were tied on points: who won on what, or who shares."""
    top = rows[0]["total"]
    tied = [row["name"] for row in rows if row["total"] == top]
    if len(tied) == 1:
        return None
    if top in broken and len(winners) == 1:
        return f"{winners[0]} wins on fewer {tiebreak.what}"
    if top in broken:
        return f"{_joined(winners)} share the win: same points and same {tiebreak.what}"
    if tiebreak is not None:
        return f"{_joined(winners)} share the win on points; give {tiebreak.what} to break the tie"
    return f"{_joined(winners)} share the win"


def _joined(names: list[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
