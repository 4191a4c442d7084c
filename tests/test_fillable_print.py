"""`rollsheet print GAME --fillable`: a form field on every write-in place of every sheet, over its printed box."""
from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

import layouts
from layouts.write_ins import places
from sheets.render import Job, render
from tests.pdfread import outside_margin, printed_at, read_pages
from tests.pdftext import PT
from tests.printing import print_into, qpdf_check

FIELD_TYPES = {"cross": "/Btn", "number": "/Tx", "text": "/Tx", "colour": "/Ch"}
CLOSE = 0.5
"""mm: a field and the box printed under it agree to this."""


@pytest.fixture(scope="module")
def fillable(tmp_path_factory):
    """game -> its sheet's fillable PDF (Lost Cities: 4 players, two sheets a page; Copenhagen: 2 players), and
    the folder Copenhagen printed into."""
    lost = print_into(tmp_path_factory.mktemp("lost"), "lost-cities", "--players", "4", "--fillable")
    copenhagen = print_into(tmp_path_factory.mktemp("cph"), "copenhagen", "--players", "2", "--fillable")
    return {"lost-cities": lost / "lost-cities-score-sheet-fillable.pdf",
            "copenhagen": copenhagen / "copenhagen-player-sheet-fillable.pdf", "folder": copenhagen}


PRINTABLE = {"lost-cities": ("score-sheet", 4), "copenhagen": ("player-sheet", 2)}


def widgets(page) -> list:
    """The page's field widgets, in their tab order: (full name, field)."""
    found = []
    for ref in page.get("/Annots", []):
        field, name = ref.get_object(), []
        node = field
        while node is not None:
            name.insert(0, str(node["/T"]))
            node = node.get("/Parent")
            node = node.get_object() if node is not None else None
        found.append((".".join(name), field))
    return found


@pytest.mark.parametrize("game_id", sorted(PRINTABLE))
def test_one_field_per_place_per_sheet_named_by_its_place(fillable, game_id):
    printable, sheets = PRINTABLE[game_id]
    game = layouts.load(game_id)
    reader = PdfReader(fillable[game_id])
    expected = {f"sheet{n}.{place.id}": place for n in range(1, sheets + 1) for place in places(game, printable)}
    named = {name: field for page in reader.pages for name, field in widgets(page)}
    assert set(named) == set(expected)
    assert {name: str(field.get("/FT") or field["/Parent"].get_object()["/FT"]) for name, field in named.items()} \
        == {name: FIELD_TYPES[place.kind] for name, place in expected.items()}
    assert set(reader.get_fields()) >= set(expected)  # pypdf reads the same names through the field tree


@pytest.mark.parametrize("game_id", sorted(PRINTABLE))
def test_fields_lie_on_their_printed_boxes_in_reading_order(fillable, game_id):
    printable, _ = PRINTABLE[game_id]
    order = [place.id for place in places(layouts.load(game_id), printable)]
    pdf = fillable[game_id].read_bytes()
    for page, drawn in zip(PdfReader(BytesIO(pdf)).pages, read_pages(pdf), strict=True):
        height = float(page.mediabox.height)
        names = []
        for name, field in widgets(page):
            x1, y1, x2, y2 = (float(v) for v in field["/Rect"])
            box = (x1 * PT, (height - y2) * PT, (x2 - x1) * PT, (y2 - y1) * PT)
            assert printed_at(drawn, box, CLOSE), (name, box)
            names.append(name)
        sheets = sorted({name.split(".")[0] for name in names}, key=lambda s: int(s[5:]))
        assert names == [f"{sheet}.{place_id}" for sheet in sheets for place_id in order]


def test_facade_cells_offer_the_tile_colours_as_window_or_brick(fillable):
    fields = PdfReader(fillable["copenhagen"]).get_fields()
    cell = fields["sheet2.facade.r1c3"]
    options = {str(value): str(label) for value, label in cell["/Opt"]}
    assert options["red"] == "Red O" and options["red.brick"] == "Red X" and "joker" not in options


def test_a_fillable_sheet_still_passes_the_print_checks(fillable):
    for game_id in PRINTABLE:
        pdf = fillable[game_id]
        assert qpdf_check(pdf).returncode == 0
        assert all(not outside_margin(page) for page in read_pages(pdf.read_bytes()))


def test_printables_without_places_print_as_usual(fillable):
    shapes = fillable["folder"] / "copenhagen-shape-sheet.pdf"
    assert shapes.is_file() and "/AcroForm" not in PdfReader(shapes).trailer["/Root"]
    assert not list(fillable["folder"].glob("copenhagen-shape-sheet-fillable*"))


def test_fields_speak_the_sheets_language(tmp_path):
    pdf = print_into(tmp_path, "lost-cities", "--players", "2", "--fillable", "--lang", "de")
    fields = PdfReader(pdf / "lost-cities-score-sheet-de-fillable.pdf").get_fields()
    assert fields["sheet1.total"]["/TU"] == "SUMME"
    assert fields["sheet1.columns.red.1"]["/TU"] == layouts.load("lost-cities", "de").colours["red"].label


def test_the_same_sheets_make_the_same_bytes():
    game = layouts.load("copenhagen")
    assert len({render(Job(game, "player-sheet", players=2, fillable=True)) for _ in range(2)}) == 1
