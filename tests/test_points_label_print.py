"""Lost Cities' bottom row of points boxes says what to write there (`score_label`), in the sheet's language:
read back from the PDFs in every language, ink and paper, the label inside each column's points box."""
from __future__ import annotations

import pytest

import layouts
from sheets.ink import Ink
from sheets.render import Job, render
from tests import pdftext
from tests.pdfread import boxes, read_pages

LABELS = {"en": "Points", "de": "Punkte", "es": "Puntos"}


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("paper,ink", [("a4", "color"), ("letter", "mono")])
def test_every_points_box_is_labelled_in_the_sheets_language(paper, ink, lang):
    game = layouts.load("lost-cities", lang)
    assert game.printables["score-sheet"].blocks[2].score_label == LABELS[lang]
    page = read_pages(render(Job(game, "score-sheet", players=2, paper=paper, ink=Ink(ink), lang=lang)))[0]
    points = boxes(page, min_w=10, min_h=8.8, max_w=20, max_h=9.2)  # a points box: 9 mm, a column's boxes less
    assert len(points) == 2 * 8, "a points box under each of 8 columns, 2 sheets"
    for box in points:
        assert pdftext.text(page, within=(box.x, box.y, box.x + box.w, box.y + box.h)) == LABELS[lang]
