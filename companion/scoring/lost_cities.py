"""Lost Cities: Roll & Write scoring (RULES.md section 2).

Glossary:
- expeditions: colour id -> {"boxes": filled 0-9, "doubled": double circle marked}; a missing colour
  was never started.
- artifacts, dice: boxes filled in the artifact and dice columns (dice box 9 = exhausted).
- bridges: bridges won (first to fill box 7 of a column, same-turn arrivals all win).
- tables `expedition`, `artifacts`, `dice`: points by boxes filled; value `bridge_points`.
- bridge box: the first box above the score sheet's bridge line (its `box_columns` block).
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, StrictBool

from layouts import Game

from companion.scoring.common import Count, PlayerInput, at_most

class Expedition(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    boxes: Count = 0
    doubled: StrictBool = False


class Player(PlayerInput):
    expeditions: dict[str, Expedition] = {}
    artifacts: Count = 0
    dice: Count = 0
    bridges: Count = 0


TIEBREAK = None


def bridge_box(game: Game) -> int:
    """The box whose filling crosses a column's bridge, as the score sheet draws it."""
    columns = next(block for printable in game.printables.values() for block in printable.blocks
                   if block.type == "box_columns")
    return columns.bridge.after + 1


def problems(game: Game, players: list[Player]):
    """(field, message) for unknown colours, overfull columns and bridges no column reached."""
    boxes, bridges = game.values["boxes"], game.values["bridges"]
    full = "{value} boxes, but a column has {limit}"
    for i, p in enumerate(players):
        at = f"players[{i}]."
        for colour, expedition in p.expeditions.items():
            if colour not in game.colours:
                yield at + f"expeditions.{colour}", f"no expedition {colour!r}; they are {', '.join(game.colours)}"
            yield from at_most(at + f"expeditions.{colour}.boxes", expedition.boxes, boxes, full)
        yield from at_most(at + "artifacts", p.artifacts, boxes, full)
        yield from at_most(at + "dice", p.dice, boxes, full)
        yield from at_most(at + "bridges", p.bridges, bridges, "{value} bridges, but there are {limit}")
        columns = [e.boxes for e in p.expeditions.values()] + [p.artifacts, p.dice]
        reached = sum(n >= bridge_box(game) for n in columns)
        yield from at_most(at + "bridges", p.bridges, reached, "bridges won: {value}, but only {limit} of your "
                           f"columns reach box {bridge_box(game)}, past the bridge")


def breakdowns(game: Game, players: list[Player]) -> list[dict[str, int]]:
    """Each expedition (doubled where circled), the artifact and dice columns, and bridges won."""
    table = {name: game.tables[name].values for name in ("expedition", "artifacts", "dice")}
    out = []
    for p in players:
        parts = {}
        for colour in game.colours:
            expedition = p.expeditions.get(colour, Expedition())
            parts[colour] = table["expedition"][expedition.boxes] * (2 if expedition.doubled else 1)
        parts |= {"artifacts": table["artifacts"][p.artifacts], "dice": table["dice"][p.dice],
                  "bridges": p.bridges * game.values["bridge_points"]}
        out.append(parts)
    return out
