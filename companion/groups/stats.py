"""A group's stats, worked out from its plays (as shown.py writes them): pure, the same for the API and the page.

Glossary:
- per game: how many plays of each game, most played first;
- per month: how many plays in each month ("2025-05", UTC), oldest first;
- per player: for each player and game they played: plays, wins, win rate (wins / plays, 0 to 1), average and
  best score, and the best points per scoring part ("best_parts": the breakdown's keys, e.g. Lost Cities'
  best red expedition); players by name, then games as per game orders them.
"""
from __future__ import annotations

from collections import Counter


def of(plays: list[dict]) -> dict:
    """The stats of a list of plays."""
    games = Counter(play["game"] for play in plays)
    months = Counter(play["date"][:7] for play in plays)
    order = {game: i for i, (game, _) in enumerate(sorted(games.items(), key=lambda item: (-item[1], item[0])))}
    kept: dict[tuple[str, str], list[dict]] = {}
    for play in plays:
        for player in play["players"]:
            kept.setdefault((player["player_id"], play["game"]), []).append(player)
    rows = [_player_row(game, played) for (_, game), played in kept.items()]
    rows.sort(key=lambda row: (row["name"].casefold(), order[row["game"]]))
    return {"plays": len(plays),
            "per_game": [{"game": game, "plays": games[game]} for game in sorted(order, key=order.get)],
            "per_month": [{"month": month, "plays": count} for month, count in sorted(months.items())],
            "per_player": rows}


def _player_row(game: str, played: list[dict]) -> dict:
    """One player's stats for one game (their latest name)."""
    scores = [player["score"] for player in played]
    wins = sum(player["winner"] for player in played)
    parts: dict[str, int] = {}
    for player in played:
        for part, points in player["breakdown"].items():
            parts[part] = max(points, parts.get(part, points))
    return {"name": played[-1]["name"], "game": game, "plays": len(played), "wins": wins,
            "win_rate": round(wins / len(played), 3), "average": round(sum(scores) / len(scores), 1),
            "best": max(scores), "best_parts": parts}
