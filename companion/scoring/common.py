"""What every game's scoring shares: the request shape, errors that name a field, ranking.

Glossary:
- payload: the JSON a client posts, `{"players": [{"name": ..., fields...}], "room": optional}` (with a room,
  the saver's seat: "player" and "token").
- field: where a problem is, as the contract writes it: `players[0].rows_windows`.
- breakdown: a player's points by source (`{"rows_windows": 4, ...}`); total = its sum.
- tie-break: the layout's second ordering among players tied on points (Copenhagen: fewer empty cells);
  `order`: each player's value of it, None when not given.
- tie note: a sentence for each group of players tied on points, the winners' first (`tiebreaks`); a win of three or
  more tied on points, broken by the tie-break, also says the order of the others it left behind.
"""
from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from companion.rules.ending import tie_text
from companion.rules.language import N_, Speaker, current, gettext, ngettext, speaker
from layouts.scoring import TieBreak

Count = Annotated[int, Field(ge=0, strict=True)]
"""A non-negative whole number read off a sheet (JSON numbers only, never "3" or true)."""

SHOWS = r"[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
"""A character the name keeps once the white space around it is stripped (the API document's pattern)."""
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40, strict=True),
                 Field(json_schema_extra={"pattern": SHOWS})]

PLACE_TIES = {"shared": N_("%(names)s share place %(place)s"),
              "fewer": N_("%(names)s tied on points: fewer %(what)s puts them in order (%(order)s)"),
              "more": N_("%(names)s tied on points: more %(what)s puts them in order (%(order)s)"),
              "same": N_("%(names)s share place %(place)s: same points and same %(what)s"),
              "open": N_("%(names)s share place %(place)s on points; give %(what)s to break the tie")}
"""The sentence of a tie below the win, by the same cases; `order` is "2. Ben, 3. Cy"."""
OTHER_PROBLEMS = {"bool_type": N_("must be true or false"), "bool_parsing": N_("must be true or false"),
                  "list_type": N_("must be a list"), "string_type": N_("must be text"),
                  "dict_type": N_("must be an object"), "model_type": N_("must be an object"),
                  "model_attributes_type": N_("must be an object")}
"""Pydantic's other problems with a posted value, said for a person filling in a score form."""


class ScoreError(Exception):
    """Input that cannot be scored: a message for a person and the field it is about (the first of `problems`,
    every (field, message) found, or (field, message, about) for a check's problem said again at a field it reads)."""

    def __init__(self, message: str, field: str, problems: list[tuple[str, str]] | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.problems = problems or [(field, message)]

    @classmethod
    def of(cls, problems: list[tuple[str, str]]) -> "ScoreError":
        """The error of every problem found, (field, message) each, named by its first."""
        return cls(problems[0][1], problems[0][0], problems)


def problem_entries(problems: list[tuple]) -> list[dict]:
    """A ScoreError's problems as the API's `errors`: each {"error", "field"}, and "about" (the field its check is
    at) where a check's problem is said again at a field it reads."""
    return [{"error": message, "field": field, **({"about": about[0]} if about else {})}
            for field, message, *about in problems]


class PlayerInput(BaseModel):
    """One player's numbers; each game's fields are added from its layout (unknown keys are errors)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Name


def player_list(payload: object, low: int, high: int) -> list:
    """The payload's players list, `low` to `high` long; ScoreError names what is wrong with the body."""
    if not isinstance(payload, dict):
        raise ScoreError(gettext("the body must be a JSON object with a players list"), "body")
    saver = {"player", "token"} if "room" in payload else set()  # who saves it to the room (views/scoring.py)
    unknown = sorted(set(payload) - {"players", "room"} - saver)
    if unknown:
        raise ScoreError(gettext("unknown key (misspelt?)"), unknown[0])
    players = payload.get("players")
    if not isinstance(players, list):
        raise ScoreError(gettext("players must be a list of players"), "players")
    if not low <= len(players) <= high:
        raise ScoreError(gettext("this game is for %(low)s-%(high)s players, not %(count)s", low=low, high=high,
                                 count=len(players)), "players")
    return players


def parse_player(model: type[PlayerInput], raw: object, index: int) -> PlayerInput:
    """One posted player as `model`; ScoreError names every bad field."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise ScoreError.of([(_dotted(("players", index, *one["loc"])), _message(one))
                             for one in error.errors()]) from None


def name_problems(names: dict[int, str]) -> list[tuple[str, str]]:
    """(field, message) for each player (by index) named like one before."""
    return [(f"players[{index}].name", gettext("two players are called %(name)s", name=repr(name)))
            for index, name in names.items() if name in [n for i, n in names.items() if i < index]]


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
        return gettext("unknown field (misspelt?)")
    if kind == "missing":
        return gettext("required")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return gettext("must be a whole number")
    if kind == "greater_than_equal":
        return gettext("must be at least %(low)s", low=error["ctx"]["ge"])
    if kind == "string_too_short":
        return gettext("must not be empty")
    if kind == "string_too_long":
        return gettext("must be at most %(most)s characters", most=error["ctx"]["max_length"])
    if kind == "literal_error":
        values = re.findall(r"'([^']*)'", error["ctx"]["expected"])
        return gettext("must be one of %(values)s", values=", ".join(values))
    if kind == "too_long":
        return ngettext("at most %(num)s item", "at most %(num)s items", error["ctx"]["max_length"])
    return gettext(OTHER_PROBLEMS[kind]) if kind in OTHER_PROBLEMS else error["msg"].removeprefix("Value error, ")


def ranked(game_id: str, names: list[str], breakdowns: list[dict], tiebreak: TieBreak | None,
           order: list[int | None]) -> tuple[dict, dict | None]:
    """The contract's answer: players by rank (shared on ties), winners, the tie-break sentence in the
    request's language; and the tie as data ({"case", "winners"}, None without one), for a room's log."""
    totals = [sum(parts.values()) for parts in breakdowns]
    sign = 1 if tiebreak and tiebreak.wins == "fewer" else -1
    broken = {total for total in set(totals) if _breakable(order, totals, total, tiebreak)}

    def key(i: int) -> tuple[int, int]:
        return (-totals[i], sign * order[i] if totals[i] in broken else 0)

    rows = [{"name": name, "total": totals[i], "rank": 1 + sum(key(j) < key(i) for j in range(len(names))),
             "breakdown": breakdowns[i], **({"tiebreak": order[i]} if tiebreak else {})}
            for i, name in enumerate(names)]
    rows.sort(key=lambda row: row["rank"])
    winners = [row["name"] for row in rows if row["rank"] == 1]
    case, say = tie_case(rows, winners, tiebreak, broken), speaker(current())
    sentence = tie_text(case, winners, tiebreak, say) if case else None
    below = sorted({row["total"] for row in rows[1:]
                    if row["total"] != rows[0]["total"] and totals.count(row["total"]) > 1}, reverse=True)
    rest = [row for row in rows if row["total"] == rows[0]["total"] and row["name"] not in winners]
    ordered = [place_text(rest, tiebreak, True, say)] if rows[0]["total"] in broken and len(rest) > 1 else []
    notes = [sentence] * bool(sentence) + ordered + [place_text([row for row in rows if row["total"] == total],
                                                                tiebreak, total in broken, say) for total in below]
    return ({"game": game_id, "players": rows, "winners": winners, "tiebreak": sentence, "tiebreaks": notes},
            {"case": case, "winners": winners} if case else None)


def _breakable(order: list[int | None], totals: list[int], total: int, tiebreak: TieBreak | None) -> bool:
    """Whether the tie-break applies to everyone on `total` points (all gave its value)."""
    tied = [value for value, t in zip(order, totals, strict=True) if t == total]
    return tiebreak is not None and len(tied) > 1 and all(value is not None for value in tied)


def tie_case(rows: list[dict], winners: list[str], tiebreak: TieBreak | None, broken: set[int]) -> str | None:
    """How the winners were tied on points (a key of rules/ending.TIES), or None when one player had the most."""
    top = rows[0]["total"]
    if sum(row["total"] == top for row in rows) == 1:
        return None
    if tiebreak is None:
        return "shared"
    if top in broken:
        return tiebreak.wins if len(winners) == 1 else "same"
    return "open"


def place_text(tied: list[dict], tiebreak: TieBreak | None, broken: bool, say: Speaker) -> str:
    """The sentence of players tied on points below the win (rows by rank): shared, ordered by the tie-break,
    the same in it too, or waiting for its values."""
    ranks = {row["rank"] for row in tied}
    case = "shared" if tiebreak is None else ("same" if len(ranks) == 1 else tiebreak.wins) if broken else "open"
    text = say.gettext(PLACE_TIES[case], names=say.listing([row["name"] for row in tied]), place=tied[0]["rank"],
                       what=tiebreak.what if tiebreak else "",
                       order=", ".join(f"{row['rank']}. {row['name']}" for row in tied))
    house = tiebreak is not None and tiebreak.house and case in ("fewer", "more", "open")
    return say.gettext("%(text)s (house rule)", text=text) if house else text
