"""What the sheet page draws (companion/web/sheet_drawing.py): every write-in place of a seat's sheets (every
game's, every template's) inside its sheet, with a spoken name in the reader's language, and the blocks' words where
the paper prints them (paper-only ones left out)."""
from __future__ import annotations

from pathlib import Path

import pytest

import layouts
from companion.rules import language
from companion.web import sheet_drawing
from layouts import write_ins

TEMPLATES = sorted(path for path in (Path(layouts.__file__).parent / "templates").glob("*.yaml")
                   if path.suffixes == [".yaml"])


def drawn(game_id: str, lang: str = "en") -> list[dict]:
    """A game's sheets as the page draws them for a reader of `lang`."""
    with language.reading(lang):
        return sheet_drawing.drawings(layouts.load(game_id, lang), lang)


@pytest.mark.parametrize("source", [*layouts.game_ids(), *TEMPLATES], ids=str)
def test_every_place_of_every_sheet_is_drawn_inside_its_sheet_with_a_name_of_its_own(source):
    game = layouts.load_file(source) if isinstance(source, Path) else layouts.load(source)
    sheets = sheet_drawing.drawings(game, "en")
    assert [sheet["id"] for sheet in sheets] == write_ins.sheet_printables(game)
    for sheet in sheets:
        assert [place["id"] for place in sheet["places"]] == [p.id for p in write_ins.places(game, sheet["id"])]
        width, height = sheet["size"]
        for place in sheet["places"]:
            x, y, w, h = place["at"]
            assert 0 <= x and x + w <= width + 0.01 and 0 <= y and y + h <= height + 0.01, place["id"]
        names = [place["name"] for place in sheet["places"]]
        assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)[:4]


def test_a_place_is_named_by_its_line_and_box_a_cell_by_its_row_and_column_told_apart_by_block():
    places = {p["id"]: p for sheet in drawn("lost-cities") for p in sheet["places"]}
    assert places["columns.red.3"]["name"] == "Red, box 3"
    assert places["columns.c7.2"]["name"] == "Artifacts, column 7, box 2"
    assert places["total"]["name"] == "TOTAL"
    sheet = {p["id"]: p["name"] for sheet in drawn("copenhagen") for p in sheet["places"]}
    assert sheet["abilities.red.used.2"] == "Red, symbol, box 2"
    assert (sheet["abilities.red.1"], sheet["stars.red.1"]) == ("abilities: Red, box 1", "stars: Red, box 1")
    assert sheet["points.4"] == "points, box 4"
    facade = {p["id"]: p for sheet in drawn("copenhagen", "de") for p in sheet["places"]}
    assert facade["facade.r2c5"]["name"] == "Reihe 2, Spalte 5"
    assert facade["facade.r2c5"]["choices"]["red.brick"] == "Rot: Ziegel"
    assert facade["facade.r2c5"]["choices"]["red"] == "Rot: Fenster"


def test_the_blocks_words_are_drawn_in_the_sheets_language_without_what_only_paper_needs():
    words = [line["text"] for sheet in drawn("lost-cities", "es") for block in sheet["blocks"]
             for line in block["lines"]]
    assert any("Tu turno".upper() in text.upper() for text in words), words
    assert not any("{" in text or "mm" in text for text in words), words
    heading = next(block for sheet in drawn("lost-cities") for block in sheet["blocks"]
                   if block["lines"][0]["bold"])
    assert heading["lines"][0]["text"] == "YOUR TURN" and not heading["lines"][1]["bold"]
