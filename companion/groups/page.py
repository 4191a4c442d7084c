"""What the group page shows, in the reader's language: its plays newest first, and per game its players' stats,
best points per scoring part, the charts (charts.py) with the data tables beside them.

Glossary:
- game section: one game the group played: its name, its players' stat rows (stats.py; the win rate and average
  written as the reader writes numbers: "33 %", "9,7"), the best per scoring part
  (a row per part, a column per player), the scores over time and their distribution, each with its table.
"""
from __future__ import annotations

from babel.numbers import format_decimal, format_percent

import layouts
from companion.groups import charts, shown, words
from companion.rules import language
from companion.scoring.forms import breakdown_labels
from companion.store.groups import PlayRow

PLAYS_SHOWN = 20
"""Plays a page lists, newest first (`?page=2` the 20 before them); the stats count every play."""
CHARTED = 50
"""Plays of each game its chart of scores over time (and that chart's table) shows: the newest."""
GAME, PLAYERS, SCORE = PlayRow._fields.index("game"), PlayRow._fields.index("players"), 2
"""Where a kept play row has its game and players, and a player's row its score (store/groups.py)."""


def built(group: dict, lang: str, page: int = 1) -> dict:
    """The page's data from a group as shown.whole keeps it, its `page`th PLAYS_SHOWN plays listed, newest first."""
    stats = group["stats"]
    listed, next_page = shown.page_of(group["plays"][::-1], page, PLAYS_SHOWN)
    return {"name": group["name"], "location": group["location"], "players": [p["name"] for p in group["players"]],
            "plays": [_play(shown.play(row, group["location"]), lang) for row in listed], "count": stats["plays"],
            "page": page, "next_page": next_page, "exports": range(1, (len(group["plays"]) - 1) // shown.PAGE + 2),
            "per_game": [(words.game_name(row["game"], lang), row["plays"]) for row in stats["per_game"]],
            "per_month": [(words.month(row["month"], lang), row["plays"]) for row in stats["per_month"]],
            "games": [_game(row["game"], group["plays"], stats["per_player"], lang) for row in stats["per_game"]]}


def _play(play: dict, lang: str) -> dict:
    return {"id": play["id"], "game": words.game_name(play["game"], lang), "day": words.day(play["date"], lang),
            "duration": play["duration_min"], "tie": words.tie(play, lang), "bgstats_url": play["bgstats_url"],
            "players": sorted(play["players"], key=lambda p: p["rank"])}


def _game(game_id: str, rows: tuple, per_player: list[dict], lang: str) -> dict:
    """A game section from the group's kept rows (shown.whole): its last CHARTED plays shown, every score counted."""
    every = [row for row in rows if row[GAME] == game_id]
    scores = [player[SCORE] for row in every for player in row[PLAYERS]]
    played = [shown.play(row, linked=False) for row in every[-CHARTED:]]
    rows = [row for row in per_player if row["game"] == game_id]
    names = [row["name"] for row in rows]
    labels = _part_labels(game_id, lang)
    parts = list(dict.fromkeys(part for row in rows for part in row["best_parts"]))
    over_time = charts.over_time(played, names)
    shown_rows = [dict(row, rate=format_percent(row["win_rate"], locale=lang),
                       average=format_decimal(row["average"], "0.0", locale=lang)) for row in rows]
    return {"id": game_id, "name": words.game_name(game_id, lang), "rows": shown_rows, "names": names,
            "series": over_time["series"],
            "parts": [(labels.get(part, part), [row["best_parts"].get(part) for row in rows]) for part in parts],
            "over_time": over_time, "charted": len(played) if len(played) < len(every) else None,
            "first": words.day(played[0]["date"], lang), "last": words.day(played[-1]["date"], lang),
            "table": [(words.day(play["date"], lang, "short"), [_score_of(play, name) for name in names])
                      for play in played],
            "distribution": charts.distribution(scores)}


def _score_of(play: dict, name: str) -> int | None:
    return next((p["score"] for p in play["players"] if p["name"] == name), None)


def _part_labels(game_id: str, lang: str) -> dict[str, str]:
    """A game's scoring parts by their words in `lang` ({} for a game without scoring, or no longer here)."""
    try:
        game = language.game(game_id, lang)
    except (KeyError, layouts.LayoutError):
        return {}
    return {key: shown["label"] for key, shown in breakdown_labels(game).items()} if game.scoring else {}
