"""What every game's scoring shares: the request shape, errors that name a field, ranking.

Glossary:
- payload: the JSON a client posts, `{"players": [{"name": ..., fields...}], "room": optional}`.
- field: where a problem is, as the contract writes it: `players[0].rows_windows`.
- breakdown: a player's points by source (`{"rows_windows": 4, ...}`); total = its sum.
- tie-break: the layout's second ordering among players tied on points (Copenhagen: fewer empty cells);
  `order`: each player's value of it, None when not given.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from layouts.scoring import TieBreak

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
    """One player's numbers; each game's fields are added from its layout (unknown keys are errors)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name


def player_list(payload: object, low: int, high: int) -> list:
    """The payload's players list, `low` to `high` long; ScoreError names what is wrong with the body."""
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
    return players


def parse_player(model: type[PlayerInput], raw: object, index: int) -> PlayerInput:
    """One posted player as `model`; ScoreError names the first bad field."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        raise ScoreError(_message(first), _dotted(("players", index, *first["loc"]))) from None


def unique_names(players: list[PlayerInput]) -> None:
    """ScoreError when two players share a name."""
    names = [player.name for player in players]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise ScoreError(f"two players are called {name!r}", f"players[{index}].name")


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
    if kind == "string_too_short":
        return "must not be empty"
    return error["msg"].removeprefix("Value error, ")


def ranked(game_id: str, names: list[str], breakdowns: list[dict], tiebreak: TieBreak | None,
           order: list[int | None]) -> dict:
    """The contract's answer: players by rank (shared on ties), winners, the deciding tie-break."""
    totals = [sum(parts.values()) for parts in breakdowns]
    sign = 1 if tiebreak and tiebreak.wins == "fewer" else -1
    broken = {total for total in set(totals) if _breakable(order, totals, total, tiebreak)}

    def key(i: int) -> tuple[int, int]:
        return (-totals[i], sign * order[i] if totals[i] in broken else 0)

    rows = [{"name": name, "total": totals[i], "rank": 1 + sum(key(j) < key(i) for j in range(len(names))),
             "breakdown": breakdowns[i]} for i, name in enumerate(names)]
    rows.sort(key=lambda row: row["rank"])
    winners = [row["name"] for row in rows if row["rank"] == 1]
    return {"game": game_id, "players": rows, "winners": winners,
            "tiebreak": _tiebreak_note(rows, winners, tiebreak, broken)}


def _breakable(order: list[int | None], totals: list[int], total: int, tiebreak: TieBreak | None) -> bool:
    """Whether the tie-break applies to everyone on `total` points (all gave its value)."""
    tied = [value for value, t in zip(order, totals) if t == total]
    return tiebreak is not None and len(tied) > 1 and all(value is not None for value in tied)


def _tiebreak_note(rows: list[dict], winners: list[str], tiebreak: TieBreak | None, broken: set[int]) -> str | None:
    """One sentence when the winners were tied on points: who won on what, or who shares."""
    top = rows[0]["total"]
    tied = [row["name"] for row in rows if row["total"] == top]
    if len(tied) == 1:
        return None
    if tiebreak is None:
        return f"{_joined(winners)} share the win"
    house = " (house tie-break)" if tiebreak.house else ""
    if top in broken and len(winners) == 1:
        return f"{winners[0]} wins on {tiebreak.wins} {tiebreak.what}{house}"
    if top in broken:
        return f"{_joined(winners)} share the win: same points and same {tiebreak.what}"
    return f"{_joined(winners)} share the win on points; give {tiebreak.what} to break the tie{house}"


def _joined(names: list[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
