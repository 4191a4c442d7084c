"""Colour glyphs: shapes that read in any language, distinct in mono at 3 mm; letter glyphs of schema 1 still drawn."""
from __future__ import annotations

import itertools
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
import yaml
from PIL import Image
from reportlab.lib.colors import black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

import layouts
from layouts.glyphs import SHAPES, is_shape, suggested_shapes, svg
from sheets.glyphs import draw_glyph
from sheets.ink import Ink
from sheets.render import Job, render
from sheets.units import Pen
from tests.glyphread import read_glyphs
from tests.pdfread import PT, read_pages

SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]
SCHEMA_1 = {"copenhagen": "R Y G B P J", "lost-cities": "R O Y G B P", "monolyth": "B O K T R",
            "simstown": "H C I P 1 2 3 4"}
"""The letter glyphs the shipped layouts declared in schema 1, colour by colour."""
LETTERS = Path(__file__).parent / "games" / "qwixx-letters.yaml"


def shapes_in_mono(side: float, dpi: int, tmp_path: Path) -> dict[str, set[tuple[int, int]]]:
    """Each shape drawn `side` mm wide in black, printed to PDF and read back as its dark pixels at `dpi`."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(len(SHAPES) * 3 * side * mm, 3 * side * mm))
    pen = Pen(canvas, 3 * side)
    for i, name in enumerate(SHAPES):
        draw_glyph(pen, name, ((3 * i + 1) * side, side, side, side), black)
    canvas.save()
    (tmp_path / "shapes.pdf").write_bytes(buffer.getvalue())
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", str(dpi), str(tmp_path / "shapes.pdf"), str(tmp_path / "s")],
                   check=True)
    image = Image.open(next(tmp_path.glob("s*.png"))).convert("L")
    per_mm = dpi / 25.4
    out = {}
    for i, name in enumerate(SHAPES):
        crop = image.crop((round((3 * i + 0.5) * side * per_mm), round(0.5 * side * per_mm),
                           round((3 * i + 2.5) * side * per_mm), round(2.5 * side * per_mm)))
        out[name] = {(x, y) for x in range(crop.width) for y in range(crop.height) if crop.getpixel((x, y)) < 128}
    return out


def test_every_two_shapes_differ_in_mono_at_3_mm(tmp_path):
    pixels = shapes_in_mono(3.0, 300, tmp_path)
    assert all(len(dark) > 100 for dark in pixels.values())  # 3 mm at 300 dpi: a shape of some 35 x 35 pixels
    for a, b in itertools.combinations(SHAPES, 2):
        differ = len(pixels[a] ^ pixels[b]) / len(pixels[a] | pixels[b])
        assert differ >= 0.18, f"{a} and {b}: only {differ:.0%} of their pixels differ at 3 mm"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_games_declare_a_shape_of_its_own_for_every_colour(game_id):
    glyphs = [colour.glyph for colour in layouts.load(game_id).colours.values()]
    assert all(is_shape(glyph) for glyph in glyphs) and len(set(glyphs)) == len(glyphs)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_schema_1_letters_become_the_shipped_shapes_mechanically(game_id):
    game = layouts.load(game_id)
    letters = dict(zip(game.colours, SCHEMA_1[game_id].split(), strict=True))
    suggested = suggested_shapes({c: (colour.rgb, letters[c]) for c, colour in game.colours.items()})
    assert suggested == {c: colour.glyph for c, colour in game.colours.items()}


@pytest.mark.parametrize("ink", ["color", "mono"])
def test_a_colour_keeps_its_shape_on_every_sheet_it_is_drawn_on(ink):
    game = layouts.load("lost-cities")
    pdf = render(Job(game, "score-sheet", 2, 1, "a4", Ink(ink)))
    drawn = {glyph.shape for glyph in read_glyphs(pdf)[0]}
    assert drawn == {colour.glyph for colour in game.colours.values()}


def test_a_letter_glyph_of_a_users_layout_is_still_printed_as_its_letter():
    game = layouts.load_file(LETTERS)
    assert game.colours["green"].glyph == "G"
    pdf = render(Job(game, next(iter(game.printables)), 2, 1, "a4", Ink("mono")))
    letters = {m.text for page in read_pages(pdf) for m in page["marks"]
               if m.kind == "char" and m.h > 7 * PT}  # a char's height is its font size: over 7 pt
    assert {"R", "Y", "G", "B"} <= letters
    assert read_glyphs(pdf) == [[] for _ in read_glyphs(pdf)]


def test_an_unknown_glyph_is_refused_naming_the_shapes(tmp_path):
    data = yaml.safe_load(LETTERS.read_text(encoding="utf-8"))
    data["colours"]["red"]["glyph"] = "triangel"
    path = tmp_path / "qwixx-letters.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert error.value.problems == [f"{path}: colours.red.glyph: unknown glyph 'triangel': a shape "
                                    f"({', '.join(SHAPES)}) or 1-2 characters"]


def test_check_notes_each_letter_glyph_with_the_shape_it_would_take(cli):
    result = cli("check", LETTERS)
    assert result.exit_code == 0
    assert (f"note: {LETTERS}: colours.yellow.glyph: 'Y' is a letter, an initial in one language only; "
            f"a shape reads in any language: glyph: circle") in result.stdout.splitlines()
    assert result.stderr == "" and "note:" not in cli("check", "copenhagen").stdout


@pytest.mark.parametrize("name", list(SHAPES))
def test_the_svg_of_a_shape_draws_its_outline(name):
    image = svg(name)
    assert image.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"')
    path = image.split(' d="')[1].split('"')[0]
    assert path.count("M") == len(SHAPES[name]) and path.count("Z") == len(SHAPES[name])
    x, y = SHAPES[name][0][0]
    assert path.startswith(f"M{x * 100:.1f} {y * 100:.1f}")
