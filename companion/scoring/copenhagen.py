"""Copenhagen: Roll & Write scoring (RULES.md section 1).

Glossary:
- rows_windows / rows_bricks: completed facade rows, all windows / with a brick.
- columns_windows / columns_bricks: the same for completed columns.
- tracks_completed: ability tracks with all boxes crossed.
- empty_cells: facade cells left empty; optional, only breaks ties (fewer wins).
"""
from __future__ import annotations

from layouts import Game

from companion.scoring.common import Count, PlayerInput, TieBreak, at_most


class Player(PlayerInput):
    rows_windows: Count = 0
    rows_bricks: Count = 0
    columns_windows: Count = 0
    columns_bricks: Count = 0
    tracks_completed: Count = 0
    empty_cells: Count | None = None


POINTS = {"rows_windows": "row_windows", "rows_bricks": "row_bricks", "columns_windows": "column_windows",
          "columns_bricks": "column_bricks", "tracks_completed": "track_completed"}
"""Input field -> the layout value that says what one of it is worth."""

TIEBREAK = TieBreak(value=lambda player: player.empty_cells, what="empty cells")

JOKER = "joker"
"""The die face that counts as any colour; every other colour has an ability track."""


def track_colours(game: Game) -> list[str]:
    """The colours with an ability track."""
    return [colour for colour in game.colours if colour != JOKER]


def problems(game: Game, players: list[Player]):
    """(field, message) for every count the facade cannot show, first problem first."""
    rows, columns = game.values["facade_rows"], game.values["facade_columns"]
    for i, p in enumerate(players):
        at = f"players[{i}]."
        full_rows, full_columns = p.rows_windows + p.rows_bricks, p.columns_windows + p.columns_bricks
        yield from at_most(at + "rows_bricks", full_rows, rows,
                           "{value} completed rows (windows + bricks), but the facade has {limit} rows")
        yield from at_most(at + "columns_bricks", full_columns, columns,
                           "{value} completed columns (windows + bricks), but the facade has {limit} columns")
        yield from at_most(at + "tracks_completed", p.tracks_completed, len(track_colours(game)),
                           "{value} completed tracks, but there are {limit} ability tracks")
        if (full_rows == rows) != (full_columns == columns):
            yield at + "columns_bricks", (f"{full_rows} of {rows} rows but {full_columns} of {columns} columns "
                                          "completed: a full facade completes every row and every column")
        elif (p.rows_windows == rows) != (p.columns_windows == columns):
            yield at + "columns_windows", ("all rows of windows means all columns of windows, and the other "
                                           "way round: the whole facade is windows")
        if p.empty_cells is not None:
            filled = full_rows * columns + full_columns * rows - full_rows * full_columns
            yield from at_most(at + "empty_cells", p.empty_cells, rows * columns - filled,
                               "{value} empty cells, but the completed rows and columns leave at most {limit}")


def breakdowns(game: Game, players: list[Player]) -> list[dict[str, int]]:
    """Points per kind of completed row and column, and for completed tracks."""
    return [{field: getattr(p, field) * game.values[value] for field, value in POINTS.items()} for p in players]
