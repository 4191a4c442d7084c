"""Score players in-process for the rulebook tests: names default to Ana, Ben, Cy..."""
from __future__ import annotations

from pathlib import Path

import layouts
from companion.scoring import score, score_game
from layouts import Game

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


EXAMPLES = layouts.TEMPLATES
"""Games written as YAML alone (the templates `rollsheet new` starts from), scored with the shipped ones' engine."""


def example(name: str) -> Game:
    """An example game's layout, read from its YAML file."""
    return layouts.load_file(EXAMPLES / f"{name}.yaml")


def play_file(game: Game, *players: dict) -> dict:
    """Score players of a layout read from a file."""
    return score_game(game, {"players": [{"name": NAMES[i]} | p for i, p in enumerate(players)]})


def add_games(monkeypatch, *paths: Path) -> None:
    """Make layout files known as games beside the shipped ones (as ROLLSHEET_LAYOUTS does)."""
    extra = {path.stem: path for path in paths}
    shipped_ids, shipped = layouts.game_ids, layouts.load
    monkeypatch.setattr(layouts, "game_ids", lambda: sorted(shipped_ids() + list(extra)))
    monkeypatch.setattr(layouts, "load", lambda game_id, lang="en": layouts.load_file(extra[game_id], lang)
                        if game_id in extra else shipped(game_id, lang))
