"""A strict room's rules for the marks on a sheet, declared per block in the layout (`rule:`), never per game.

Glossary:
- from_left: each group of the block is marked from its first place on, with no place skipped (ability tracks); a
  place named by a word (a column's points box) is no part of its group's line.
- rising: from_left, and the numbers along each group never go down (the same value or higher); a 0 after the
  group's first number counts as 10, and cannot start a group (Lost Cities: a 0 before the start goes in the
  doubling circle).
- tile: the cells one change fills with a colour (windows and bricks alike: `red`, `red.brick`) make one of that
  colour's shapes, turned but never mirrored: an unlimited one, or a limited tile the seat crossed on the shared
  list this turn or the turn before; with one brick at most, resting on the grid's bottom row or on a cell filled
  before; or a single cell anywhere (a shield's window, a star's brick).
- taken: the tile ids the seat crossed on a shared list this turn (or the last).
"""
from __future__ import annotations

from companion.rules.errors import no
from companion.rules.language import N_
from layouts import Game
from layouts.mark_scope import named


def check(game: Game, places: dict, rules: dict, after: dict, change: dict, taken: set[str]) -> None:
    """A refusal (409) when a rule of a block (`rules`: block id -> rule) forbids the marks `after` the change."""
    touched = {places[place_id].group: places[place_id] for place_id in change}
    for group, place in touched.items():
        rule = rules.get(place.block)
        if rule in ("rising", "from_left"):
            line = sorted((p for p in places.values() if p.group == group and not named(p)), key=lambda p: p.index)
            _from_left(game, line, after)
            if rule == "rising":
                _rising(game, line, after)
    for block in {places[place_id].block for place_id in change if rules.get(places[place_id].block) == "tile"}:
        cells = _grid([place for place in places.values() if place.block == block])
        drawn = {}
        for place_id, value in change.items():
            if value is not None and place_id in cells:
                drawn.setdefault(value.split(".")[0], {})[place_id] = value
        for colour, shape in drawn.items():
            _tile(game, colour, shape, cells, after, taken)


def taken(state: dict, name: str) -> set[str]:
    """The items `name` crossed on the shared lists this turn or the last (the tile for this turn's shape), not in
    the setup, and those `name` used again (a yellow star)."""
    return {item for room_list in state.get("lists", {}).values() for item, record in room_list["crossed"].items()
            if (name in record["by"] and not record.get("setup") and record.get("turn", 0) >= state["turn"] - 1)
            or name in record.get("again", [])}


def _named(game: Game, place) -> str:
    """How a refusal names a place's line: its colour's label, else its group."""
    return game.colours[place.colour].label if place.colour in game.colours else place.group


def _rising(game: Game, line: list, after: dict) -> None:
    top = None
    for place in line:
        value = after.get(place.id)
        if place.kind != "number" or value is None:
            continue
        if value == 0 and top is None:
            raise no(409, N_("A 0 cannot start the %(line)s line: before the start it goes in the doubling "
                             "circle; once started, a 0 counts as 10."), line=_named(game, place))
        counted = 10 if value == 0 else value
        if top is not None and counted < top:
            raise no(409, N_("Numbers along the %(line)s line never go down: %(value)s cannot follow "
                             "%(top)s."), line=_named(game, place), value=value, top=top)
        top = counted


def _from_left(game: Game, line: list, after: dict) -> None:
    free = next((place for place in line if place.id not in after), None)
    if free is not None and any(place.id in after for place in line[line.index(free):]):
        raise no(409, N_("Fill the %(line)s line from its first box on: box %(box)s is still free."),
                      line=_named(game, free), box=line.index(free) + 1)


def _tile(game: Game, colour: str, shape: dict, cells: dict, after: dict, taken: set[str]) -> None:
    """A shape drawn in one change ({place id: mark}) on a grid's `cells` ({place id: (column, row)})."""
    at = {cells[place_id] for place_id in shape}
    if len(at) == 1:
        return
    if sum(mark.endswith(".brick") for mark in shape.values()) > 1:
        raise no(409, N_("A shape has one brick at most; its other cells are windows."))
    fitting = [tile for tile in game.shapes if tile.colour == colour and _moved(at) in _turns(tile.cell_set)]
    label = game.colours[colour].label if colour in game.colours else colour
    if not fitting:
        raise no(409, N_("These cells make no %(colour)s shape (turned, never mirrored): draw one shape in one go, "
                         "or fill a single cell."), colour=label)
    if all(tile.limited and tile.id not in taken for tile in fitting):
        raise no(409, N_("These cells make tile %(tile)s, but you did not take it this turn: cross it on the "
                         "shared list first."), tile=" / ".join(tile.id for tile in fitting))
    ground = max(row for _, row in cells.values())
    filled = {cells[place_id] for place_id in after if place_id in cells} - at
    if not any(row == ground or (column, row + 1) in filled for column, row in at):
        raise no(409, N_("This shape floats: it rests on the ground or on filled cells."))


def _grid(places: list) -> dict:
    """Each place of a grid by id, as (column, row) counted from the top left, from where it is drawn."""
    side = min(place.at[2] for place in places)
    return {place.id: (round(place.at[0] / side), round(place.at[1] / side)) for place in places}


def _moved(cells: set) -> frozenset:
    """Cells moved to touch (0, 0)."""
    left, top = min(x for x, _ in cells), min(y for _, y in cells)
    return frozenset((x - left, y - top) for x, y in cells)


def _turns(cells: frozenset) -> list[frozenset]:
    """A shape's four turns, each moved to touch (0, 0)."""
    turns = [cells]
    for _ in range(3):
        turns.append(_moved({(-y, x) for x, y in turns[-1]}))
    return turns
