"""Copenhagen's layout data: shapes as cell maps, and `rollsheet check` rejecting broken variants."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import layouts
from sheets.polyomino import outline
from tests.test_layouts import variant

COPENHAGEN = Path(layouts.__file__).parent / "copenhagen.yaml"


def shape(data, shape_id) -> dict:
    return next(s for s in data["shapes"] if s["id"] == shape_id)


def block(data, printable, kind) -> dict:
    return next(b for b in data["printables"][printable]["blocks"] if b["type"] == kind)


def test_the_shape_table_of_the_rulebook():
    game = layouts.load("copenhagen")
    assert len(game.shapes) == 25
    assert [s.id for s in game.shapes if s.limited] == [
        "R4a", "R4b", "R5", "B4L", "B4R", "B5", "P4a", "P4b", "P5", "G4a", "G4b", "G5", "Y4L", "Y4R", "Y5"]
    assert all(s.limited == (s.size >= 4) for s in game.shapes)
    assert game.shape("G5").cell_set == {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)}
    assert game.shape("P5").bounds == (5, 1) and game.shape("B5").bounds == (3, 3)


def test_a_plus_pentomino_has_one_outline_of_twelve_corners():
    (loop,) = outline(layouts.load("copenhagen").shape("G5").cell_set)
    assert len(loop) == 12


@pytest.mark.parametrize("change, message", [
    (lambda d: shape(d, "R3").update(cells="#.\n.##"), "shapes[1]: shape R3: cells are not connected"),
    (lambda d: shape(d, "R5").update(cells="##\n##"), "shapes[4]: shape R5: 4 cells drawn but size is 5"),
    (lambda d: shape(d, "R4a").update(size=5, cells="##\n##\n#."),
     "shapes[2]: shape R4a: its id names size class 4 but size is 5"),
    (lambda d: shape(d, "B2").update(id="R2"), "shapes: ids repeat: R2 (at [0] and [5])"),
    (lambda d: block(d, "player-sheet", "track")["tracks"][0].update(boxes="+*?"),
     "printables.player-sheet.blocks[*].tracks[0].boxes: unknown symbol '?'; use '+', '*', '-'"),
    (lambda d: block(d, "player-sheet", "grid").update(row_icons={10: "shield"}),
     "printables.player-sheet.blocks[*].row_icons: 10 is not in 1..9"),
    (lambda d: block(d, "player-sheet", "tally").update(last=10),
     "printables.player-sheet.blocks[*].marks: end_points (12) is not in 1..10"),
    (lambda d: block(d, "shape-sheet", "shapes").update(ids=["R9"]),
     "printables.shape-sheet.blocks[*].ids[0]: unknown shape 'R9'; this game has: R2, R3"),
])
def test_rollsheet_check_rejects_a_broken_layout_with_one_line_per_problem(cli, tmp_path, change, message):
    """`message` is the expected line after `FILE: `; `[*]` stands for a block's index."""
    path = variant(tmp_path, change, COPENHAGEN)
    result = cli("check", path)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    expected = re.escape(f"{path}: {message}").replace(re.escape("[*]"), r"\[\d+\]")
    assert len(lines) == 1 and re.match(expected, lines[0]), result.stderr


def test_rollsheet_check_accepts_the_shipped_layout(cli):
    result = cli("check", COPENHAGEN)
    assert result.exit_code == 0, result.output
