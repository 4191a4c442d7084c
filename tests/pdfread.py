"""Read back what a PDF draws, in mm from the page's top left, for tests.

pdfium (pypdfium2) parses the content streams, forms of forms included, so tests check the geometry that
reaches paper rather than the code that meant to draw it. Marks are classified as pdfminer (and so
pdfplumber) does: a path splits into subpaths, one per moveto; a subpath of two points joined by a straight
segment is a line, a closed axis-aligned four-cornered straight one (ReportLab's `re`) a rect, any other
(beziers, polygons) a curve; its bounds are those of its segments' end points (not of its bezier control
points, nor widened by the line width). A char's box is pdfminer's too (its advance along the baseline, from
the font's descent up one font size across it); tests/pdftext.py joins chars into words and text.
"""
from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from reportlab.pdfbase.pdfmetrics import getFont

from tests import pdftext
from tests.pdftext import PT

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SEGMENTS = {pdfium_c.FPDF_SEGMENT_MOVETO: "m", pdfium_c.FPDF_SEGMENT_LINETO: "l", pdfium_c.FPDF_SEGMENT_BEZIERTO: "c"}


@dataclass(frozen=True)
class Mark:
    kind: str          # rect, curve, line, char
    x: float
    y: float
    w: float
    h: float
    stroke: tuple | None = None
    fill: tuple | None = None
    text: str = ""
    points: tuple = ()     # a path's points as pdfminer gives them (a close repeats the start), mm
    evenodd: bool = False  # a fill by the even-odd rule (else non-zero)
    upright: bool = True   # a char not turned


def _matrix(obj) -> tuple:
    """A page object's matrix (a, b, c, d, e, f): onto its form's space, or the page's."""
    m = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFPageObj_GetMatrix(obj, m)
    return m.a, m.b, m.c, m.d, m.e, m.f


def _then(inner: tuple, outer: tuple) -> tuple:
    """The matrix that applies `inner`, then `outer`."""
    a, b, c, d, e, f = inner
    p, q, r, s, t, u = outer
    return a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u


def _paths(objects, matrix: tuple = IDENTITY):
    """Every path object among these page objects, forms opened: (path, its matrix onto the page)."""
    for obj in objects:
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            yield obj, _then(_matrix(obj), matrix)
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            inside = (pdfium_c.FPDFFormObj_GetObject(obj, i) for i in range(pdfium_c.FPDFFormObj_CountObjects(obj)))
            yield from _paths(inside, _then(_matrix(obj), matrix))


def _colour(getter, obj) -> tuple:
    """An object's stroke or fill colour as pdfium gives it, (r, g, b) 0..1 (a grey as three equal parts)."""
    rgba = [ctypes.c_uint() for _ in range(4)]
    getter(obj, *rgba)
    return tuple(round(part.value / 255, 3) for part in rgba[:3])


def _subpaths(path, matrix: tuple):
    """A path's subpaths, each as (shape, points): shape as pdfminer spells it (m, l, c, and h for a close),
    the points its segments end on, on the page (pt, y up)."""
    a, b, c, d, e, f = matrix
    x, y = ctypes.c_float(), ctypes.c_float()
    shape, points, bezier = "", [], 0
    for i in range(pdfium_c.FPDFPath_CountSegments(path)):
        segment = pdfium_c.FPDFPath_GetPathSegment(path, i)
        letter = SEGMENTS[pdfium_c.FPDFPathSegment_GetType(segment)]
        bezier = bezier + 1 if letter == "c" else 0
        if bezier % 3:
            continue  # a bezier's control point
        if letter == "m" and shape:
            yield shape, points
            shape, points = "", []
        pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
        points.append((a * x.value + c * y.value + e, b * x.value + d * y.value + f))
        shape += letter
        if pdfium_c.FPDFPathSegment_GetClose(segment):  # pdfium closes with a point, pdfminer with an h
            if letter == "l" and points[-1] == points[0]:
                shape = shape[:-1] + "h"  # pdfminer drops a line back to the start before its h
            else:
                shape, points = shape + "h", points + [points[0]]
    if shape:
        yield shape, points


def _kind(shape: str, points: list) -> str:
    """line, rect or curve, as pdfminer's PDFPageAggregator.paint_path tells them apart."""
    if shape in ("ml", "mlh"):
        return "line"
    if shape in ("mlllh", "mllll") and points[0] == points[4]:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = points
        if (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0):
            return "rect"
    return "curve"


def _path_marks(page, height: float) -> list[Mark]:
    """A mark for each subpath the page strokes or fills."""
    marks = []
    fill_mode, stroked = ctypes.c_int(), ctypes.c_int()
    objects = (pdfium_c.FPDFPage_GetObject(page, i) for i in range(pdfium_c.FPDFPage_CountObjects(page)))
    for path, matrix in _paths(objects):
        pdfium_c.FPDFPath_GetDrawMode(path, fill_mode, stroked)
        if not (fill_mode.value or stroked.value):
            continue
        stroke = _colour(pdfium_c.FPDFPageObj_GetStrokeColor, path) if stroked.value else None
        fill = _colour(pdfium_c.FPDFPageObj_GetFillColor, path) if fill_mode.value else None
        for shape, points in _subpaths(path, matrix):
            xs, ys = [x for x, _ in points], [y for _, y in points]
            kind = _kind(shape, points)
            marks.append(Mark(kind, min(xs) * PT, (height - max(ys)) * PT, (max(xs) - min(xs)) * PT,
                              (max(ys) - min(ys)) * PT, stroke, fill,
                              points=tuple((x * PT, (height - y) * PT) for x, y in points),
                              evenodd=fill_mode.value == pdfium_c.FPDF_FILLMODE_ALTERNATE))
    return marks


def _descent(font) -> float:
    """The font's descent per unit of size from its AFM metrics, as pdfminer has them (pdfium's come from the
    font it substitutes for a standard one)."""
    name = ctypes.create_string_buffer(pdfium_c.FPDFFont_GetBaseFontName(font, None, 0))
    pdfium_c.FPDFFont_GetBaseFontName(font, name, len(name))
    return getFont(name.value.decode()).face.descent / 1000


def _chars(page, height: float) -> list[Mark]:
    """Every char drawn on the page (not those pdfium adds between words and lines).
    Its box is pdfminer's: from its origin along the baseline by its advance, and across it from the font's
    descent up one font size, turned by the char's matrix."""
    text = page.get_textpage()
    matrix, x, y, width, descent = pdfium_c.FS_MATRIX(), ctypes.c_double(), ctypes.c_double(), ctypes.c_float(), {}
    chars = []
    for i in range(pdfium_c.FPDFText_CountChars(text)):
        if pdfium_c.FPDFText_IsGenerated(text, i) == 1:
            continue
        pdfium_c.FPDFText_GetMatrix(text, i, matrix)
        pdfium_c.FPDFText_GetCharOrigin(text, i, x, y)
        font = pdfium_c.FPDFTextObj_GetFont(pdfium_c.FPDFText_GetTextObject(text, i))
        size = pdfium_c.FPDFText_GetFontSize(text, i)
        key = ctypes.cast(font, ctypes.c_void_p).value
        if key not in descent:
            descent[key] = _descent(font)
        code = pdfium_c.FPDFText_GetUnicode(text, i)
        pdfium_c.FPDFFont_GetGlyphWidth(font, code, size, width)
        a, b, c, d = matrix.a, matrix.b, matrix.c, matrix.d
        corners = [(x.value + a * along + c * across, y.value + b * along + d * across)
                   for along in (0, width.value) for across in (descent[key] * size, (descent[key] + 1) * size)]
        xs, ys = [px for px, _ in corners], [py for _, py in corners]
        chars.append(Mark("char", min(xs) * PT, (height - max(ys)) * PT, (max(xs) - min(xs)) * PT,
                          (max(ys) - min(ys)) * PT, text=chr(code), upright=a * d > 0 and b * c == 0))
    text.close()
    return chars


def _read_page(page) -> dict:
    """A page's size in mm, every rect, curve, line and char drawn on it, and its text."""
    width, height = page.get_size()
    read = {"width": width * PT, "height": height * PT, "marks": _path_marks(page, height) + _chars(page, height)}
    read["text"] = pdftext.text(read)
    page.close()  # pdfium's parsed objects are not needed again
    return read


class Pages(Sequence):
    """A PDF's pages as _read_page reads them, each read when a test first asks for it (parsing a page's
    content is most of what reading a PDF back costs, and many tests look at the first page only)."""

    def __init__(self, pdf: bytes):
        self._doc = pdfium.PdfDocument(pdf)
        self._read: dict[int, dict] = {}

    def __len__(self) -> int:
        return len(self._doc)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        index = range(len(self))[index]
        if index not in self._read:
            self._read[index] = _read_page(self._doc[index])
        return self._read[index]


def read_pages(pdf: bytes) -> Pages:
    """Per page: its size in mm and every rect, curve, line and char drawn on it (read when asked for)."""
    return Pages(pdf)


def outside_margin(page: dict, margin: float = 8.0, tolerance: float = 0.3) -> list[Mark]:
    """Marks that reach into the page's outer `margin` mm (line widths allowed for)."""
    low, right, bottom = margin - tolerance, page["width"] - margin + tolerance, page["height"] - margin + tolerance
    return [m for m in page["marks"] if m.x < low or m.y < low or m.x + m.w > right or m.y + m.h > bottom]


def boxes(page: dict, min_w: float, min_h: float, max_w: float = 1e9, max_h: float = 1e9) -> list[Mark]:
    """Rects and curves (rounded boxes) whose size lies within the bounds, fill white or none."""
    return [m for m in page["marks"] if m.kind in ("rect", "curve")
            and min_w <= m.w <= max_w and min_h <= m.h <= max_h]


def printed_at(page: dict, at: tuple[float, float, float, float], close: float = 0.05) -> bool:
    """Whether the page draws a box at `at` (x, y, w, h in mm) to within `close` mm: a rect or curve (a rounded box,
    a circle), or a part of one that vertical lines split (a score pad's parts)."""
    x, y, w, h = at

    def near(a: float, b: float) -> bool:
        return abs(a - b) < close

    lines = [m for m in page["marks"]
             if m.kind == "line" and m.w < close and m.y < y + close and m.y + m.h > y + h - close]
    for box in (m for m in page["marks"] if m.kind in ("rect", "curve")):
        if near(box.y, y) and near(box.h, h) and box.x - close < x and x + w < box.x + box.w + close:
            edges = [box.x, box.x + box.w, *(line.x for line in lines)]
            if any(near(x, e) for e in edges) and any(near(x + w, e) for e in edges):
                return True
    return False


class Printed(dict):
    """key -> what `make(*key)` prints and reads back, made when a test first asks for it and kept for the next."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        self[key] = self.make(*key)
        return self[key]
