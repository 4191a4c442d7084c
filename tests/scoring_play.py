"""Score players in-process for the rulebook tests: names default to Ana, Ben, Cy..."""
from __future__ import annotations

from companion.scoring import score

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


def play(game: str, *players: dict) -> dict:
    """Score players given as dicts of their numbers."""
    return score(game, {"players": [{"name": NAMES[i]} | p for i, p in enumerate(players)]})


def points(result: dict, name: str) -> dict:
    """A player's breakdown."""
    return next(p["breakdown"] for p in result["players"] if p["name"] == name)


def total(result: dict, name: str) -> int:
    """A player's total."""
    return next(p["total"] for p in result["players"] if p["name"] == name)


def ranks(result: dict) -> dict[str, int]:
    """Name -> rank."""
    return {p["name"]: p["rank"] for p in result["players"]}
