"""The print check: a bar of a known length (black and white tenths) with "should measure N mm" under it.

It is drawn per copy, so it can undo the scale of a grown board: the bar itself is
a form drawn once per document and placed at 1 / scale, measuring its length on paper.
"""
from __future__ import annotations

import zlib

from reportlab.lib.colors import black, white
from reportlab.lib.units import mm

from layouts.blocks.basic import SCALE_BAR_HEIGHT
from sheets.units import Pen

BAR, GAP, TICK = 1.5, 0.4, 0.8
"""mm: bar thickness, gap to the text, end ticks above the bar."""
SEGMENTS = 5


def draw_scale_bar(pen, block, ctx):
    """The bar and its text at the block's top left, `length` mm long on paper whatever the sheet's scale."""
    x, y, w, _ = block.at
    text = block.text.format(length=block.length)
    name = f"scalebar{zlib.crc32(f'{block.length}|{w}|{text}'.encode())}"
    if not pen.canvas.hasForm(name):
        pen.canvas.beginForm(name)
        _bar(Pen(pen.canvas, SCALE_BAR_HEIGHT, pen.overflows), block.length, w, text)
        pen.canvas.endForm()
    scale = pen.scale
    canvas = pen.canvas
    canvas.saveState()
    canvas.translate(x * mm, (pen.height - y - SCALE_BAR_HEIGHT / scale) * mm)
    canvas.scale(1 / scale, 1 / scale)
    canvas.doForm(name)
    canvas.restoreState()


def _bar(pen, length: float, width: float, text: str):
    """Drawn in a box `width` x SCALE_BAR_HEIGHT mm from its top left: end ticks, tenths, text."""
    top = TICK
    step = length / SEGMENTS
    for i in range(SEGMENTS):
        pen.rect(i * step, top, step, BAR, stroke=None, fill=black if i % 2 == 0 else white)
    pen.rect(0, top, length, BAR, width=0.5)
    for end in (0, length):
        pen.line(end, 0, end, top + BAR, width=0.5)
    pen.fit_text((0, top + BAR + GAP, width, SCALE_BAR_HEIGHT - top - BAR - GAP), text, 7, valign="top")
