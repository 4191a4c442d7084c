"""Reading back Copenhagen's printables, printed once by tests/conftest.py's `printed` (test_copenhagen_*print.py)."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.pdfread import read_pages
from tests.pdftext import words

URL = "http://table.local:5000"
PRINTABLES = ("player-sheet", "shape-sheet", "reference-card")
LIMITED = ["R4a", "R4b", "R5", "B4L", "B4R", "B5", "P4a", "P4b", "P5", "G4a", "G4b", "G5", "Y4L", "Y4R", "Y5"]
UNLIMITED = [f"{c}{n}" for c in "RBPGY" for n in (2, 3)]


def pdf_of(folder: Path, printable: str) -> Path:
    """The PDF of one printable in a print folder."""
    return next(p for p in folder.glob(f"copenhagen-{printable}*.pdf"))


def page_count(path: Path) -> int:
    """How many pages a PDF has (nothing on them is read)."""
    return len(read_pages(path.read_bytes()))


@cache
def pages_of(path: Path):
    """The pages of a PDF as tests/pdfread.py reads them."""
    return read_pages(path.read_bytes())


@cache
def words_of(path: Path) -> list[tuple[str, float, float]]:
    """The words on the first page: (text, left x, centre y) in mm."""
    return [(w.text, w.x, w.y + w.h / 2) for w in words(pages_of(path)[0])]
