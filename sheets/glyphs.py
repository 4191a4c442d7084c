"""Colour glyphs on paper: a shape glyph as a filled vector outline (layouts/glyphs.py), a letter glyph as
bold text, as schema 1 layouts drew it. The key naming each glyph's colour is sheets/blocks/legend.py.
"""
from __future__ import annotations

from reportlab.lib.colors import Color

from layouts.glyphs import SHAPES, is_shape

SHAPE_PER_PT = 0.3
"""A shape glyph's side (mm) per point of the letter size it stands in for: a little over a capital's height."""
MIN_SHAPE = 3.0
"""The smallest side (mm) a shape glyph is drawn at: shapes stay distinct in mono down to it."""


def glyph_side(box, size: float) -> float:
    """The side (mm) of the square a shape glyph takes in `box` where a letter would be `size` pt."""
    return min(box[2], box[3], max(size * SHAPE_PER_PT, MIN_SHAPE))


def draw_glyph(pen, glyph: str, box, colour: Color, size: float = 10.0, align: str = "center") -> None:
    """A glyph in a box (x, y, w, h): a shape filled in `colour` (`glyph_side` square), or letters up to `size` pt."""
    if not is_shape(glyph):
        pen.fit_text(box, glyph, size, bold=True, colour=colour, align=align)
        return
    x, y, w, h = box
    side = glyph_side(box, size)
    left = {"left": x, "center": x + (w - side) / 2, "right": x + w - side}[align]
    top = y + (h - side) / 2
    pen.loops([[(left + px * side, top + py * side) for px, py in loop] for loop in SHAPES[glyph]], colour)

