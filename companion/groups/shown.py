"""A group's plays as the API, the exports and the page read them.

Glossary:
- play (as shown): {"id", "game", "date", "duration_min", "players", "tiebreak", "bgstats_url"}; `date` in ISO
  8601, UTC (`2025-05-01T19:30:00Z`); each player {"name", "score", "rank", "winner", "start", "breakdown",
  "player_id"}; `tiebreak` {"case", "winners"} or null (the page says it in the reader's language).
- group (as shown): {"name", "location", "players": [{"id", "name"}], "plays", "stats", "next_page"} (stats.py),
  `location` where it plays (null: not said, groups.set_location): its plays a
  page (PAGE plays, oldest first) at a time, `?page=<next_page>` the next one (null: the last); stats count every play.
"""
from __future__ import annotations

import threading
from datetime import datetime, timezone

import orjson

import layouts
from companion.contract.groups import MOST_IMPORTED
from companion.groups import bgstats, known, stats
from companion.rules.codes import normal_code
from companion.store.groups import PlayRow

KEPT = 16
"""Groups whose plays and stats a process keeps worked out (the most recently read), each for its stamp."""
_kept: dict[tuple[str, int], dict] = {}
_kept_lock = threading.Lock()
PAGE = MOST_IMPORTED
"""Plays a page of the API's group, or of its JSON export, holds: one import's worth."""


def iso(at: float) -> str:
    """A moment in ISO 8601, UTC, to the second."""
    return datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def game_facts(game_id: str) -> tuple[str, int | None]:
    """A game's English name and BoardGameGeek id (its id and None for a game this companion no longer has)."""
    try:
        game = layouts.load(game_id)
    except (KeyError, layouts.LayoutError):
        return game_id, None
    return game.name, game.bgg_id


def play(row: PlayRow | tuple, location: str | None = None, linked: bool = True) -> dict:
    """A stored play (a PlayRow, or one as `whole` keeps it) as shown, its BG Stats link with the group's `location`
    (no `bgstats_url` unless `linked`: stats and the CSV need none)."""
    row = PlayRow(*row)
    shown = {"id": row.id, "game": row.game, "date": iso(row.played), "duration_min": row.duration,
             "players": [{"name": name, "score": score, "rank": rank, "winner": winner, "start": start,
                          "breakdown": orjson.loads(breakdown), "player_id": player}
                         for player, name, score, rank, winner, start, breakdown in row.players],
             "tiebreak": orjson.loads(row.tiebreak) if row.tiebreak else None, "imported_from": row.imported_from}
    return with_link(shown, location) if linked else shown


def with_link(shown: dict, location: str | None) -> dict:
    """A play as shown with its BG Stats link (the costly part of a play: made only for the plays listed)."""
    return dict(shown, bgstats_url=bgstats.url(shown, *game_facts(shown["game"]), location=location))


def page_of(plays: list, page: int, size: int = PAGE) -> tuple[list, int | None]:
    """The `page`th (from 1) `size` items of `plays` and the number of the next page (None: the last)."""
    return plays[(page - 1) * size:page * size], page + 1 if page * size < len(plays) else None


def whole(db, code: str) -> dict:
    """A group with all its plays as kept rows (plain tuples: the garbage collector passes over them) and their
    stats, as its page reads it; refused (404) when there is none. Worked out once per change of the group (its log's
    stamp) and kept for the next readers (KEPT groups)."""
    (name, *_, location), code = known(db, code), normal_code(code)
    stamp = (code, db.group_stamp(code))
    with _kept_lock:
        found = _kept.pop(stamp, None)
    if found is None:
        rows = tuple((*row[:6], tuple(row.players), row.imported_from) for row in db.plays(code))
        found = {"name": name, "location": location, "plays": rows,
                 "stats": stats.of([play(row, linked=False) for row in rows]),
                 "players": [{"id": player, "name": player_name} for player, player_name in db.players(code)]}
    with _kept_lock:
        _kept[stamp] = found
        while len(_kept) > KEPT:
            del _kept[next(iter(_kept))]
    return found


def group(db, code: str, page: int = 1) -> dict:
    """A group as the API shows it, its plays oldest first a PAGE at a time; refused (404) when there is none."""
    shown = whole(db, code)
    listed, next_page = page_of(shown["plays"], page)
    return dict(shown, plays=[play(row, shown["location"]) for row in listed], next_page=next_page)
