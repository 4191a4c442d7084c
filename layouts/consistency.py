"""What `rollsheet check` finds in a valid layout that would still not play as its sheet says.

- a sheet's coloured column, track or row that the scoring never reads (no field, group member,
  tally item or part has its colour), unless it says `scored: false`;
- a house value named like a shared list that holds another number of items (`bridges: 8` with 9
  bridges listed), and a list ending after more items than it has;
- a shared roll choosing more dice at least than the game has, a score field starting from a counter the table
  does not keep, a score field's `from_marks:` that cannot be read off the game's sheets.
Each problem is one `path: message` line; `problems` gives them for a game.
"""
from __future__ import annotations

from layouts.expressions import ExprError, Unknown, evaluate
from layouts.mark_scope import scope
from layouts.model import Game
from layouts.plurals import plural
from layouts.scoring import Group, Tally

SCORED_ROWS = {"box_columns": "columns", "track": "tracks", "box_rows": "rows"}
"""Block type -> its key of coloured lines a player fills, each of which the scoring must read."""


def problems(game: Game) -> list[str]:
    """Every problem of the game's sheets against its scoring and its counts, one line each."""
    return _unscored(game) + _counts(game) + _table(game) + _from_marks(game)


def scored_colours(game: Game) -> set[str]:
    """The colours the scoring reads: of its fields, group members, tally items and parts."""
    found = set()
    for field in game.scoring.fields:
        found |= {field.colour} if field.colour else set()
        if isinstance(field, Group):
            found |= {m if isinstance(m, str) else m.colour for m in field.members} - {None}
            found |= {sub.colour for sub in field.fields if sub.colour}
        if isinstance(field, Tally):
            found |= set(field.items)
    return found | {part.colour for part in game.scoring.points if part.colour}


def _unscored(game: Game) -> list[str]:
    if game.scoring is None:
        return []
    scored, lines = scored_colours(game), []
    for name, printable in game.printables.items():
        for i, block in enumerate(printable.blocks):
            key = SCORED_ROWS.get(block.type)
            for n, line in enumerate(getattr(block, key) if key else []):
                if line.colour and line.colour not in scored and line.scored:
                    lines.append(f"printables.{name}.blocks[{i}].{key}[{n}]: the {line.colour} {key[:-1]} is on "
                                 f"the sheet but no field of the scoring reads it: add {line.colour!r} to a "
                                 f"field, a group's members or a part, or say `scored: false`")
    return lines


def _counts(game: Game) -> list[str]:
    lines = []
    for name, spec in game.lists.items():
        held = len(spec.items) if spec.items else None
        if held is not None and name in game.values and game.values[name] != held:
            lines.append(f"values.{name}: {game.values[name]}, but the list {name!r} holds {plural(held, 'item')}; "
                         f"make the two agree")
        if held is not None and spec.ends_after is not None and spec.ends_after > held:
            lines.append(f"lists.{name}.ends_after: {spec.ends_after}, but the list holds only {plural(held, 'item')}")
    return lines


def _table(game: Game) -> list[str]:
    lines, dice = [], sum(die.count for die in game.dice)
    choose = getattr(game.table, "choose", None)
    if choose and choose[0] > dice:
        lines.append(f"table.choose: at least {choose[0]} dice to roll, but the game has {dice}")
    counters = game.table.counters if game.table else {}
    for field in game.scoring.fields if game.scoring else []:
        wanted = getattr(field, "from_counter", None)
        if wanted and wanted not in counters:
            lines.append(f"scoring: field {field.id!r}: from_counter {wanted!r} is not a counter of the table; "
                         f"its counters: {', '.join(counters) or 'none'}")
    return lines


def _from_marks(game: Game) -> list[str]:
    """A `from_marks:` that cannot be worked out on an empty sheet (a name no block has, a function misused)."""
    lines, names = [], None
    for field in game.scoring.fields if game.scoring else []:
        members = field.member_ids if isinstance(field, Group) else [None]
        for sub in field.fields if isinstance(field, Group) else [field]:
            if not sub.from_marks:
                continue
            names = scope(game, {}) if names is None else names
            try:
                given = [evaluate(sub.from_marks, {**names, "member": member}) for member in members]
            except Unknown:
                continue
            except ExprError as error:
                lines.append(f"scoring: field {sub.id!r}: from_marks {sub.from_marks!r} cannot be read off the sheets "
                             f"({error}); their blocks: {', '.join(sorted(set(names) - {*game.values, 'values'}))}")
                continue
            if sub.kind != "flag" and not all(isinstance(value, int) for value in given):
                lines.append(f"scoring: field {sub.id!r}: from_marks {sub.from_marks!r} gives {given[0]!r}, not a "
                             f"number: count its marks, e.g. marked(...)")
    return lines
