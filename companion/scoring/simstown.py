"""Simstown scoring (RULES.md section 3).

Glossary:
- houses, commercial, industry, parks: the player's chips on city-plan fields of that project type.
- districts: districts holding at least one of the player's chips.
- city plan: the layout's `region_map` block; it says how many fields of each type and districts exist.
- values: `points_per_chip`, `majority_points` (most chips of a type, tied players all score),
  `points_per_district`, `chips_per_player`.
"""
from __future__ import annotations

from collections import Counter

from layouts import Game

from companion.scoring.common import Count, PlayerInput, at_most

TYPES = ("houses", "commercial", "industry", "parks")


class Player(PlayerInput):
    houses: Count = 0
    commercial: Count = 0
    industry: Count = 0
    parks: Count = 0
    districts: Count = 0

    def chips(self) -> int:
        """Chips on the plan, all types together."""
        return sum(getattr(self, kind) for kind in TYPES)


TIEBREAK = None


def city_plan(game: Game):
    """The layout's city plan (its region map block)."""
    return next(block for printable in game.printables.values() for block in printable.blocks
                if block.type == "region_map")


def fields_by_type(game: Game) -> Counter:
    """Project type -> fields of that type on the city plan."""
    fields = Counter()
    for district in city_plan(game).districts:
        for project in district.projects:
            fields[project.type] += project.fields
    return fields


def problems(game: Game, players: list[Player]):
    """(field, message) for chips the plan or a supply cannot hold, and districts chips cannot reach."""
    fields, districts = fields_by_type(game), len(city_plan(game).districts)
    supply = game.values["chips_per_player"]
    for i, p in enumerate(players):
        at = f"players[{i}]."
        for kind in TYPES:
            yield from at_most(at + kind, getattr(p, kind), fields[kind],
                               f"{{value}} chips on {kind}, but the plan has {{limit}} {kind} fields")
        yield from at_most(at + TYPES[-1], p.chips(), supply,
                           "{value} chips on the plan in all, but a player has {limit} chips")
        yield from at_most(at + "districts", p.districts, districts, "{value} districts, but the plan has {limit}")
        yield from at_most(at + "districts", p.districts, p.chips(),
                           "{value} districts, but {limit} chips can be in at most {limit} districts")
        if p.chips() and not p.districts:
            yield at + "districts", f"{p.chips()} chips on the plan are in at least 1 district"
    for kind in TYPES:
        held = 0
        for i, p in enumerate(players):
            held += getattr(p, kind)
            yield from at_most(f"players[{i}].{kind}", held, fields[kind],
                               f"the players hold {{value}} chips on {kind}, but the plan has {{limit}} {kind} fields")


def breakdowns(game: Game, players: list[Player]) -> list[dict[str, int]]:
    """Chips, majority points per project type (shared by the tied, none for a type nobody built), districts."""
    most = {kind: max(getattr(p, kind) for p in players) for kind in TYPES}
    v = game.values
    return [{"chips": p.chips() * v["points_per_chip"]}
            | {kind: v["majority_points"] if most[kind] and getattr(p, kind) == most[kind] else 0 for kind in TYPES}
            | {"districts": p.districts * v["points_per_district"]} for p in players]
