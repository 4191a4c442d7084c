"""What a table's scoring rules may read besides the players' numbers (layouts/scoring_names.py).

Glossary:
- table scope: house values by name, `values`, `tables`, `dice`, `players`, `stacks`, and the `uses` names,
  for one player count.
- tokens in play: shared list id -> its token values at a table of that many players (layouts/lists.py).
- stacks: token field id -> how many of its lists are in play (Monolyth: the levels of the monolith).
- block facts: the numbers a printable's block shows; `region_map`: `fields` (type -> fields of that type)
  and `districts`; `box_columns`: `boxes`, `columns` and `bridge_box` (the first box past the bridge, 0
  without one).
"""
from __future__ import annotations

from layouts import Game, fill_values
from layouts.lists import lists_in_play
from layouts.scoring import Token


def _plan_facts(block) -> dict:
    fields = dict.fromkeys(block.types, 0)
    for district in block.districts:
        for project in district.projects:
            fields[project.type] += project.fields
    return {"fields": fields, "districts": len(block.districts)}


def _column_facts(block) -> dict:
    return {"boxes": block.boxes, "columns": len(block.columns),
            "bridge_box": block.bridge.after + 1 if block.bridge else 0}


BLOCK_FACTS = {"region_map": _plan_facts, "box_columns": _column_facts}
"""Block type -> its facts; layouts/scoring.py's `uses` names one of these types."""


def uses(game: Game) -> dict[str, dict]:
    """The `uses` names of the game's scoring, each the facts of the first block of its type."""
    blocks = [block for printable in game.printables.values() for block in printable.blocks]
    return {name: BLOCK_FACTS[kind](next(b for b in blocks if b.type == kind))
            for name, kind in game.scoring.uses.items()}


class TokensInPlay(dict):
    """Shared list id -> the values of its tokens in play, highest first; `labels`: each list's name for people."""

    def __init__(self, values: dict[str, list[int]], labels: dict[str, str]):
        super().__init__(values)
        self.labels = labels


def tokens_in_play(game: Game, players: int) -> TokensInPlay:
    """The tokens at a table of `players`: each shared list's values, highest first, and the lists' names."""
    in_play = lists_in_play(game, players)
    return TokensInPlay({name: sorted((item.value for item in items if item.value is not None), reverse=True)
                         for name, items in in_play.items()},
                        {name: fill_values(game.lists[name].label, game.values) for name in in_play})


def table_scope(game: Game, players: int) -> dict:
    """The names every expression of the game's scoring may read, for `players` at the table."""
    in_play = tokens_in_play(game, players)
    stacks = {field.id: sum(name in in_play for name in field.lists)
              for field in game.scoring.fields if isinstance(field, Token)}
    return {**game.values, "values": dict(game.values), "players": players, "stacks": stacks,
            "tables": {name: list(table.values) for name, table in game.tables.items()},
            "dice": {die.id: {"count": die.count, "faces": list(die.faces)} for die in game.dice},
            **uses(game)}
