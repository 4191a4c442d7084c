"""End-of-game scoring for the four games: pure functions over the numbers read off the sheets.

Glossary:
- rules module: one per game (`copenhagen`, ...), with `Player` (its input fields), `problems(game,
  players)` (ranges and consistency, as (field, message)), `breakdowns(game, players)` and `TIEBREAK`.
- result: the scoring contract's answer (RULES.md), plus `tiebreak`, a sentence when the win was tied;
  `to_csv` writes it as a CSV file (one row per player by rank).
"""
from __future__ import annotations

import csv
import io

import layouts
from companion.scoring import copenhagen, lost_cities, monolyth, simstown
from companion.scoring.common import ScoreError, parse_players, ranked

RULES = {"copenhagen": copenhagen, "lost-cities": lost_cities, "simstown": simstown, "monolyth": monolyth}
"""Game id -> its rules module."""

__all__ = ["RULES", "ScoreError", "score", "to_csv"]


def score(game_id: str, payload: object) -> dict:
    """Score a posted payload for a game; ScoreError names the first bad field (KeyError: unknown game)."""
    rules, game = RULES[game_id], layouts.load(game_id)
    players = parse_players(rules.Player, payload, game.players.min, game.players.max)
    for field, message in rules.problems(game, players):
        raise ScoreError(message, field)
    return ranked(game_id, players, rules.breakdowns(game, players), rules.TIEBREAK)


def to_csv(result: dict) -> str:
    """The result as CSV: game, rank, name, total, each breakdown part, winner (yes/no), tie-break note."""
    parts = list(result["players"][0]["breakdown"])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "rank", "name", "total", *parts, "winner", "tiebreak"])
    for player in result["players"]:
        writer.writerow([result["game"], player["rank"], _inert(player["name"]), player["total"],
                         *(player["breakdown"][part] for part in parts),
                         "yes" if player["name"] in result["winners"] else "no", _inert(result["tiebreak"] or "")])
    return out.getvalue()


def _inert(cell: str) -> str:
    """Text a spreadsheet shows as text, never runs as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
