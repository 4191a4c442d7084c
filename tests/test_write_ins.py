"""Write-in places: every box a player marks, its id, kind and group, and the box the printer draws for it."""
from __future__ import annotations

import pytest

import layouts
from layouts import write_ins
from sheets.paper import lay_out
from sheets.render import Job, render
from tests.layout_copies import edited_copy
from tests.pdfread import printed_at, read_pages

TEMPLATES = sorted(path.stem for path in layouts.TEMPLATES.glob("*.yaml") if path.suffixes == [".yaml"])
SHEETS = {"copenhagen": ["player-sheet"], "lost-cities": ["score-sheet"], "monolyth": ["score-pad"],
          "simstown": ["city-plan", "build-fields", "score-pad"]}


def template(name: str) -> layouts.Game:
    return layouts.load_file(layouts.TEMPLATES / f"{name}.yaml")


def by_id(game: layouts.Game, printable: str) -> dict[str, write_ins.Place]:
    return {place.id: place for place in write_ins.places(game, printable)}


@pytest.mark.parametrize("game_id", sorted(SHEETS))
def test_the_sheets_a_player_writes_on(game_id):
    assert write_ins.sheet_printables(layouts.load(game_id)) == SHEETS[game_id]


def test_lost_cities_columns_fill_bottom_up_with_numbers_then_points_and_the_ring_doubles():
    places = by_id(layouts.load("lost-cities"), "score-sheet")
    ring, *red = [p for p in places.values() if p.group == "columns.red"]
    assert [p.id for p in red[:3]] == ["columns.red.1", "columns.red.2", "columns.red.3"]
    assert red[0].at[1] > red[1].at[1] > red[2].at[1]  # box 1 is at the bottom
    assert red[-1].id == "columns.red.points" and red[-1].at[1] > ring.at[1] > red[0].at[1]
    assert {p.kind for p in red} == {"number"} and {p.colour for p in red} == {"red"}
    assert (ring.id, ring.kind) == ("columns.red.foot", "cross")  # under the column, crossed before its start
    assert places["total"].kind == "number" and places["total"].label == "TOTAL"


def test_copenhagen_facade_cells_take_a_tile_colour_as_window_or_brick():
    places = by_id(layouts.load("copenhagen"), "player-sheet")
    cell = places["facade.r2c5"]
    assert (cell.kind, cell.group, cell.index) == ("colour", "facade.r2", 5)
    assert {"red", "red.brick", "purple.brick"} <= set(cell.options) and "joker" not in cell.options
    assert cell.at[1] > places["facade.r9c5"].at[1]  # rows count from the ground up
    assert len([p for p in places.values() if p.block == "facade"]) == 45


def test_copenhagen_points_stars_and_ability_tracks():
    places = by_id(layouts.load("copenhagen"), "player-sheet")
    assert places["points.14"].kind == "cross" and places["points.14"].label == "14"
    assert [p.id for p in places.values() if p.block == "stars"] == ["stars.red.1", "stars.red.2"]
    red = [p.id for p in places.values() if p.group == "abilities.red"]
    assert len(red) == 9
    used = places["abilities.red.used.1"]  # a '+' under the first box, crossed when it is spent
    assert used.group == "abilities.red.used" and used.index == 1
    assert used.at[1] > places["abilities.red.1"].at[1]
    assert "abilities.red.used.7" not in places  # a plain box has no symbol to spend
    assert places["start"].kind == "number"


def test_score_pads_have_a_column_per_player_without_computed_rows():
    places = write_ins.places(template("kniffel"), "score-pad")
    first = [p for p in places if p.group == "upper.c1"]
    assert first[0].id == "upper.c1.name" and first[0].kind == "text"
    assert [p.index for p in first] == list(range(1, len(first) + 1))
    block = next(b for b in template("kniffel").printables["score-pad"].blocks if getattr(b, "id", None) == "upper")
    assert len(first) == 1 + sum(not row.computed for row in block.rows)


def test_simstown_plan_fields_grouped_by_project():
    places = write_ins.places(layouts.load("simstown"), "city-plan")
    assert len(places) == 48
    assert places[0].id == "plan.d1.p1.1" and places[0].colour in layouts.load("simstown").colours


def test_labels_are_in_the_games_language():
    assert by_id(layouts.load("lost-cities", "de"), "score-sheet")["total"].label == "SUMME"


def test_ids_are_unique_and_none_is_inside_another(game):
    """`pad.c1.r5` and `pad.c1.r5.1` could not both be fields of a PDF form: a name there is a field or a folder."""
    for printable in write_ins.sheet_printables(game):
        ids = [place.id for place in write_ins.places(game, printable)]
        assert len(ids) == len(set(ids))
        folders = {place_id.rsplit(".", depth)[0] for place_id in ids for depth in range(1, place_id.count(".") + 1)}
        assert not folders & set(ids)


def test_two_blocks_with_one_id_are_refused(tmp_path):
    def twice(data):
        blocks = data["printables"]["score-sheet"]["blocks"]
        next(b for b in blocks if b["type"] == "write_box")["id"] = "columns"

    path, _ = edited_copy(tmp_path, layouts.game_file("lost-cities"), twice)
    with pytest.raises(layouts.LayoutError, match="id 'columns' is already the id of blocks"):
        layouts.load_file(path)


def test_two_columns_of_one_colour_are_refused(tmp_path):
    def twice(data):
        columns = next(b for b in data["printables"]["score-sheet"]["blocks"] if b["type"] == "box_columns")["columns"]
        columns[1]["colour"] = columns[0]["colour"]

    path, _ = edited_copy(tmp_path, layouts.game_file("lost-cities"), twice)
    with pytest.raises(layouts.LayoutError, match="two places would be 'columns.red.1'"):
        layouts.load_file(path)


def test_unnamed_blocks_of_a_kind_are_numbered(tmp_path):
    def unnamed(data):
        for block in data["printables"]["score-sheet"]["blocks"]:
            block.pop("id", None)

    path, _ = edited_copy(tmp_path, layouts.TEMPLATES / "qwixx.yaml", unnamed)
    blocks = {place.block for place in write_ins.places(layouts.load_file(path), "score-sheet")}
    assert {"rows1", "rows2", "box1", "box6"} <= blocks


@pytest.mark.parametrize("game", [*map(layouts.load, SHEETS), *map(template, TEMPLATES)], ids=lambda g: g.id)
def test_every_place_is_a_box_the_printer_draws(game):
    for printable in write_ins.sheet_printables(game):
        spec = game.printables[printable]
        layout, scale = lay_out(spec.size, "a4", grow=spec.grow, gutter=spec.gutter, total=1)
        left, top, _, _ = layout.slots[0]
        page = read_pages(render(Job(game, printable, players=1)))[0]
        for place in write_ins.places(game, printable):
            x, y, w, h = place.at
            assert printed_at(page, (left + x * scale, top + y * scale, w * scale, h * scale)), place
