"""Game layouts: load `layouts/<game>.yaml` into frozen, validated models.

Glossary:
- game id: `copenhagen`, `lost-cities`, `simstown`, `monolyth` (file name without .yaml).
- LayoutError: everything wrong with one file, one `FILE: path.to.field: message` line each.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import ValidationError

from layouts.blocks import BLOCK_TYPES
from layouts.model import Game, fill_values

HERE = Path(__file__).parent

__all__ = ["Game", "LayoutError", "game_ids", "load", "load_file", "fill_values"]


class LayoutError(Exception):
    """A layout file that cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def game_ids() -> list[str]:
    """The ids of the games shipped with rollsheet."""
    return sorted(p.stem for p in HERE.glob("*.yaml"))


@cache
def load(game_id: str) -> Game:
    """The shipped layout of a game; KeyError names the known games."""
    if game_id not in game_ids():
        raise KeyError(f"unknown game {game_id!r}; choose from {', '.join(game_ids())}")
    return load_file(HERE / f"{game_id}.yaml")


def load_file(path: str | Path) -> Game:
    """Read and validate any layout file, the shipped ones or a user's variant."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise LayoutError([f"{path}: cannot read: {error.strerror}"]) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "yaml"
        raise LayoutError([f"{path}: {where}: {getattr(error, 'problem', error)}"]) from None
    if not isinstance(raw, dict):
        raise LayoutError([f"{path}: (top): a layout is a mapping of keys, not {type(raw).__name__}"])
    try:
        return Game.model_validate(raw, context=_references(raw))
    except ValidationError as error:
        raise LayoutError([f"{path}: {_dotted(e['loc'])}: {_message(e)}" for e in error.errors()]) from None


def _references(raw: dict) -> dict:
    """The names blocks may refer to, read ahead so errors point at the referring field."""

    def keys(section):
        value = raw.get(section)
        return list(value) if isinstance(value, dict) else []

    values = raw.get("values")
    return {"colours": keys("colours"), "tables": keys("tables"),
            "values": values if isinstance(values, dict) else {}}


def _dotted(loc: tuple) -> str:
    """('blocks', 3, 'text', 'at') -> 'blocks[3].at', skipping pydantic's union tags."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.startswith("function-") or part in ("int", "str") or part in BLOCK_TYPES:
            continue
        else:
            out += f".{part}" if out else str(part)
    return out or "(top)"


def _message(error: dict) -> str:
    message = error["msg"].removeprefix("Value error, ")
    if error["type"] == "extra_forbidden":
        return "unknown key (misspelt, or not part of the layout schema)"
    return message
