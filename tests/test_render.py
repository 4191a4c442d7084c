"""Rendering reuses forms and writes the sheet numbers as operators; what reaches paper must not change.

The reference is the naive drawing of the print bench: the cut marks and every block of
every sheet drawn again on its page, no form, no stamp.
"""
from __future__ import annotations

import re

import pytest
from PIL import Image, ImageChops

import layouts
from bench.print_bench import naive_pad
from sheets.render import Job, render
from tests.pdfread import read_pages
from tests.printing import qpdf_check, render_png

URL = "http://table.local:5000"
PER_COPY = [("lost-cities", "score-sheet"), ("copenhagen", "player-sheet"), ("simstown", "chips"),
            ("simstown", "score-pad"), ("monolyth", "player-boards"), ("monolyth", "structure-cards")]
EVERY = [(g, p) for g in layouts.game_ids() for p in layouts.load(g).printables]


def job_of(game_id: str, printable: str, **options) -> Job:
    """Three players, three copies (one set of structure cards): several pages, a half-full last one."""
    game = layouts.load(game_id)
    copies = 1 if game.printables[printable].per == "pattern" else 3
    return Job(game, printable, **{"players": 3, "copies": copies, "url": URL, **options})


def pixels(pdf: bytes, folder) -> list[Image.Image]:
    """Every page at 50 dpi."""
    path = folder / "job.pdf"
    path.write_bytes(pdf)
    return [Image.open(png).convert("RGB") for png in render_png(path, folder, dpi=50)]


@pytest.mark.parametrize("game_id, printable", PER_COPY)
def test_pages_look_as_if_every_sheet_were_drawn_in_full(game_id, printable, tmp_path):
    job = job_of(game_id, printable)
    (tmp_path / "ours").mkdir(), (tmp_path / "naive").mkdir()
    ours, naive = pixels(render(job), tmp_path / "ours"), pixels(naive_pad(job), tmp_path / "naive")
    assert len(ours) == len(naive) >= 2
    for page, (a, b) in enumerate(zip(ours, naive, strict=True), start=1):
        assert ImageChops.difference(a, b).getbbox() is None, f"page {page} differs"


@pytest.mark.parametrize("game_id, printable", EVERY)
def test_the_same_job_gives_the_same_bytes_and_a_clean_pdf(game_id, printable, tmp_path):
    job = job_of(game_id, printable, backs=True)
    first = render(job)
    assert render(job) == first
    (tmp_path / "job.pdf").write_bytes(first)
    assert qpdf_check(tmp_path / "job.pdf").returncode == 0


def test_sheet_numbers_count_on_from_page_to_page():
    pages = read_pages(render(Job(layouts.load("lost-cities"), "score-sheet", players=2, copies=3)))
    numbers = [[int(n) for n in re.findall(r"sheet (\d+)", page["text"])] for page in pages]
    assert numbers == [[1, 2], [3, 4], [5, 6]], "top sheet first, counting on over the pages"


@pytest.mark.parametrize("label, printed", [("Blatt ({copy}) \\ Spieler {player}", "Blatt ({}) \\ Spieler {}"),
                                            ("Feuille n° {copy} – joueur {player}", "Feuille n° {} – joueur {}")])
def test_a_sheet_number_label_prints_any_text_as_written(label, printed):
    game = layouts.load("lost-cities")
    spec = game.printables["score-sheet"]
    blocks = [b.model_copy(update={"text": label}) if b.type == "copy_text" else b for b in spec.blocks]
    game = game.model_copy(update={"printables": {"score-sheet": spec.model_copy(update={"blocks": blocks})}})
    [page] = read_pages(render(Job(game, "score-sheet", players=2, copies=1)))
    assert printed.format(1, 1) in page["text"] and printed.format(2, 2) in page["text"]
