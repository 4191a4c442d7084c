"""The layout reference (docs/reference.md, made by `python -m docgen.reference`) is what the code makes today and
covers every kind the code has."""
from __future__ import annotations

import re
from io import BytesIO
from typing import get_args

from PIL import Image

import layouts
from companion.rules.mechanics import kinds
from docgen.reference import EXAMPLES, PAGE as PAGE_FILE, PICTURES, TABLES, page, pictures
from layouts.blocks import BLOCK_TYPES
from layouts.scoring import AnyField, Scoring

PAGE = page()
HEADINGS = re.findall(r"^#+ (.*)$", PAGE, re.M)


def test_the_reference_in_the_checkout_is_what_the_code_makes():
    assert PAGE_FILE.read_text(encoding="utf-8") == PAGE, "run `python -m docgen.reference`"
    assert {path.stem for path in PICTURES.glob("*.png")} == BLOCK_TYPES, "run `python -m docgen.reference`"


def test_the_guide_shows_the_complete_small_game_as_shipped():
    guide = (PAGE_FILE.parent / "authoring.md").read_text(encoding="utf-8")
    shown = guide.split("**A complete small game**")[1].split("```yaml\n")[1].split("```")[0]
    assert shown == (layouts.TEMPLATES / "fives.yaml").read_text(encoding="utf-8"), "copy the template into the guide"


def test_the_box_rows_geometry_is_said_with_numbers():
    box_rows = PAGE.split("### `box_rows`")[1].split("\n### ")[0]
    assert "So `box: 10` on a block wide enough gives an 11 mm pitch" in box_rows
    assert "side = min((96 - 16 - 1) / 7 - 1, 10.0 - 2) = 8.00 mm, pitch 9.00 mm" in box_rows


def test_every_block_kind_has_a_section_a_picture_and_its_games():
    assert {h.strip("`") for h in HEADINGS if h.startswith("`") and h.strip("`") in BLOCK_TYPES} == BLOCK_TYPES
    assert all(f"![{kind}](reference/{kind}.png)" in PAGE for kind in BLOCK_TYPES)
    grid = PAGE.split("### `grid`")[1].split("\n### ")[0]
    assert "Used by: copenhagen, knister." in grid and "| `rows` | whole number | required | rows of cells |" in grid


def test_every_table_kind_has_its_keys_phases_and_moves():
    for kind, mechanic in kinds().items():
        section = PAGE.split(f"### `{kind}`")[1].split("\n### ")[0]
        phases, moves = (re.search(rf"^{name}: (.*)$", section, re.M)[1] for name in ("Phases", "Moves"))
        assert re.findall(r"`(\w+)` \(waiting for", phases) == list(mechanic.PHASES), kind
        assert re.findall(r"(?:^|, )`(\w+)`", moves) == [*TABLES[kind].MOVES, "end"], kind
    assert "`written` (with `passes: written`)" in PAGE and "`refuse` (with `refuse`)" in PAGE


def test_every_scoring_field_and_rule_kind_is_there():
    fields = {get_args(member.model_fields["kind"].annotation)[0]
              for member in (get_args(arg)[0] for arg in get_args(get_args(AnyField)[0]))}
    assert {h.removeprefix("Field ").strip("`") for h in HEADINGS if h.startswith("Field ")} == fields
    rules = set(Scoring.model_fields) - {"sections", "uses"}
    assert {h.removeprefix("Rule ").strip("`") for h in HEADINGS if h.startswith("Rule ")} == rules
    assert "## Expressions" in PAGE and "`atleast()`" in PAGE and "`**` (a power)" in PAGE


def test_the_examples_are_one_checked_printable_per_block_kind(cli):
    game = layouts.load_file(EXAMPLES)
    assert {name.replace("-", "_"): [b.type for b in p.blocks] for name, p in game.printables.items()} == \
        {kind: [kind] for kind in BLOCK_TYPES}
    assert cli("check", EXAMPLES).exit_code == 0


def test_every_picture_shows_its_block():
    drawn = pictures()
    assert set(drawn) == BLOCK_TYPES
    for kind, png in drawn.items():
        image = Image.open(BytesIO(png)).convert("L")
        assert image.getextrema()[0] < 200, f"{kind}: nothing drawn"
