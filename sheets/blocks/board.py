"""A building board with coloured edges (glyphs along each) and token slots, and a height ruler."""
from __future__ import annotations

import math

from reportlab.lib.colors import white

from sheets.glyphs import draw_glyph

EDGE, SLOT_GAP, RULER_W, HEADING = 7.0, 2.0, 11.0, 6.0
RING, RING_GAP = 1.2, 0.7
"""mm: a slot's inner ring inside its edge; the least room between a text in the slot and that ring."""
LABEL_PT, NAME_PT, LINE_GAP = 7.5, 9.0, 0.3
"""A slot's two lines of text, its label over the colour's name: their sizes in pt and the mm between them."""
LEADING = 1.15 * 25.4 / 72
"""mm of a line per pt of its size."""
SIDES = ("top", "right", "bottom", "left")


def draw_edge_board(pen, block, ctx):
    """This copy's board: cells, an edge band per side in its colour and glyph, a dashed slot beyond."""
    x, y, w, h = block.at
    edges = block.boards[(ctx.player - 1) % len(block.boards)]
    side = min(w, h) - 2 * (EDGE + SLOT_GAP + block.slot)
    cell = side / block.cells
    left, top = x + (w - side) / 2, y + (h - side) / 2
    for row in range(block.cells):
        for col in range(block.cells):
            pen.rect(left + col * cell, top + row * cell, cell, cell, stroke=ctx.ink.muted, fill=white, width=0.6)
    pen.rect(left, top, side, side, width=1.2)
    for name, colour in zip(SIDES, edges, strict=True):
        _edge(pen, ctx, name, colour, (left, top, side, cell), block)


def _edge(pen, ctx, name, colour, grid, block):
    left, top, side, cell = grid
    rgb = ctx.rgb(colour)
    fill = ctx.ink.fill(rgb)
    horizontal = name in ("top", "bottom")
    if horizontal:
        band = (left, top - EDGE if name == "top" else top + side, side, EDGE)
    else:
        band = (left + side if name == "right" else left - EDGE, top, EDGE, side)
    pen.rect(*band, stroke=ctx.ink.strong(rgb), fill=fill or white, width=0.8)
    text = ctx.ink.on_fill(rgb)
    for i in range(block.cells):
        at = ((band[0] + i * cell, band[1], cell, EDGE) if horizontal else (band[0], band[1] + i * cell, EDGE, cell))
        draw_glyph(pen, ctx.glyph(colour), at, text, 11)
    r = block.slot / 2
    centre = {"top": (left + side / 2, band[1] - SLOT_GAP - r),
              "bottom": (left + side / 2, band[1] + EDGE + SLOT_GAP + r),
              "left": (band[0] - SLOT_GAP - r, top + side / 2),
              "right": (band[0] + EDGE + SLOT_GAP + r, top + side / 2)}
    cx, cy = centre[name]
    pen.circle(cx, cy, r, stroke=ctx.ink.strong(rgb), fill=white, width=0.8)
    pen.circle(cx, cy, r - RING, stroke=ctx.ink.muted, width=0.5)
    label_h, name_h = LABEL_PT * LEADING, NAME_PT * LEADING
    top = cy - (label_h + LINE_GAP + name_h) / 2  # the two lines centred on the slot, where the ring is widest
    pen.fit_text(slot_text_box(cx, cy, r - RING, top, top + label_h), ctx.text(block.slot_label), LABEL_PT,
                 align="center")
    pen.fit_text(slot_text_box(cx, cy, r - RING, top + label_h + LINE_GAP, top + label_h + LINE_GAP + name_h),
                 ctx.game.colours[colour].label, NAME_PT, bold=True, colour=ctx.ink.strong(rgb), align="center")


def slot_text_box(cx, cy, inner, top, bottom) -> tuple[float, float, float, float]:
    """A box for a line of text from `top` to `bottom` (mm) inside a ring of radius `inner` around (cx, cy): as
    wide as the ring's chord at the box's edge farther from the centre, less `RING_GAP` each side, so the text
    stays off the ring (a text that must shrink below 7 pt to fit is flagged by the preflight)."""
    far = max(abs(top - cy), abs(bottom - cy))
    width = max(2 * (math.sqrt(max(inner * inner - far * far, 0.0)) - RING_GAP), 0.0)
    return cx - width / 2, top, width, bottom - top


def draw_height_ruler(pen, block, ctx):
    """Levels numbered from 1 at the bottom, each `step` mm; a line and label at each marked top."""
    x, y, w, h = block.at
    pen.fit_text((x, y, w, HEADING), ctx.text(block.label), 10, bold=True)
    bottom = y + h
    for level in range(1, block.levels + 1):
        top = bottom - level * block.step
        pen.rect(x, top, RULER_W, block.step, fill=white, width=0.7)
        pen.fit_text((x, top, RULER_W, block.step), str(level), 10, bold=True, align="center")
    for mark in block.marks:
        level = ctx.game.values[mark.level] if isinstance(mark.level, str) else mark.level
        line_y = bottom - level * block.step
        pen.line(x, line_y, x + RULER_W + 3, line_y, width=1.6)
        pen.fit_text((x + RULER_W + 4, line_y - 3.5, w - RULER_W - 4, 7), ctx.text(mark.label), 8, bold=True,
                     valign="middle")
