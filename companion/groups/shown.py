"""A group's plays as the API, the exports and the page read them.

Glossary:
- play (as shown): {"id", "game", "date", "duration_min", "players", "tiebreak", "bgstats_url"}; `date` in ISO
  8601, UTC (`2025-05-01T19:30:00Z`); each player {"name", "score", "rank", "winner", "start", "breakdown",
  "player_id"}; `tiebreak` {"case", "winners"} or null (the page says it in the reader's language).
- group (as shown): {"name", "players": [{"id", "name"}], "plays", "stats"} (stats.py).
"""
from __future__ import annotations

from datetime import datetime, timezone

import orjson

import layouts
from companion.groups import bgstats, known, stats
from companion.codes import normal_code
from companion.store.groups import PlayRow


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


def play(row: PlayRow) -> dict:
    """A stored play as shown."""
    shown = {"id": row.id, "game": row.game, "date": iso(row.played), "duration_min": row.duration,
             "players": [{"name": name, "score": score, "rank": rank, "winner": winner, "start": start,
                          "breakdown": orjson.loads(breakdown), "player_id": player}
                         for player, name, score, rank, winner, start, breakdown in row.players],
             "tiebreak": orjson.loads(row.tiebreak) if row.tiebreak else None, "imported_from": row.imported_from}
    shown["bgstats_url"] = bgstats.url(shown, *game_facts(row.game))
    return shown


def group(db, code: str) -> dict:
    """A group as the API shows it; refused (404) when there is none."""
    name, code = known(db, code)[0], normal_code(code)
    plays = [play(row) for row in db.plays(code)]
    return {"name": name, "players": [{"id": player, "name": player_name} for player, player_name in db.players(code)],
            "plays": plays, "stats": stats.of(plays)}
