"""A score pad: a name row, then labelled rows with a white write-in box per player column, or a sum."""
from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from layouts.blocks.score_pad import INSET
from sheets.icons import draw_badge, draw_icon

SUM_FILL = {"color": Color(0.84, 0.84, 0.84), "low": Color(0.9, 0.9, 0.9), "mono": None}
"""The shade of a computed row's field: darker than the row stripes; none in mono (the rule and "=" tell)."""


def draw_score_pad(pen, block, ctx):
    """Labels at the left, striped rows, boxes (or labelled parts) per player; emphasis rows heavy."""
    x, y, w, _ = block.at
    cells = block.cells()
    labels = ([None] if block.name_row is not None else []) + list(block.rows)
    markers = any(row.colour or row.icon for row in block.rows)
    for r, (row, boxes) in enumerate(zip(labels, cells, strict=True)):
        top, row_h = boxes[0][1] - INSET, boxes[0][3] + 2 * INSET
        if r % 2 == 1 and ctx.ink.stripe:
            pen.rect(x, top, w, row_h, stroke=None, fill=ctx.ink.stripe)
        heavy = row is not None and row.emphasis
        for box in boxes:
            if row is not None and row.computed:
                _sum(pen, ctx, box, heavy)
                continue
            pen.rect(*box, fill=white, width=1.6 if heavy else 0.8, radius=1.0)
            if row is not None and row.parts:
                _parts(pen, ctx, row.parts, block.parts_of(box, len(row.parts)))
        label_box = (x + 1, top, block.label_width - 2, row_h)
        if row is None:
            pen.fit_text(label_box, ctx.text(block.name_row), 10, bold=True)
        else:
            _row_label(pen, ctx, row, label_box, markers)


def _sum(pen, ctx, box, heavy: bool):
    """A computed field: shaded, a double rule over it (the sum line) and "=" at its left; no box around it."""
    x, y, w, h = box
    fill = SUM_FILL[ctx.ink.mode]
    if fill:
        pen.rect(x, y, w, h, stroke=None, fill=fill)
    for offset in (0.0, 0.9):
        pen.line(x, y + offset, x + w, y + offset, width=1.2 if heavy else 0.7)
    pen.text(x + 1.2, y + h / 2 + 1.8, "=", 14 if heavy else 12, bold=True)


def _parts(pen, ctx, parts, boxes):
    for i, (part, (left, y, each, h)) in enumerate(zip(parts, boxes, strict=True)):
        if i:
            pen.line(left, y, left, y + h, stroke=ctx.ink.muted, width=0.6)
        label = ctx.text(part)
        if pen.canvas.stringWidth(label, "Helvetica", 7) / 72 * 25.4 > each - 1.4:
            pen.overflowed(label, (left + 0.7, y, each - 1.4, 3.5))
        pen.text(left + 0.7, y + 2.9, label, 7, colour=ctx.ink.muted)


def _row_label(pen, ctx, row, box, markers: bool):
    x, y, w, h = box
    side = min(h - 2, 8.0)
    rgb = ctx.rgb(row.colour) if row.colour else None
    colour = ctx.ink.strong(rgb) if rgb else black
    cx, cy = x + side / 2, y + h / 2
    if row.icon:
        draw_icon(pen, row.icon, cx, cy, side * 0.9, colour, ctx.ink.tint(rgb) if rgb else None)
    elif rgb:
        draw_badge(pen, ctx, row.colour, (x, cy - side / 2, side, side), 10, radius=1.2)
    indent = side + 2 if markers else 0.0
    area = (x + indent, y, w - indent, h)
    if row.note:
        pen.fit_text((area[0], y + 0.5, area[2], h * 0.55), ctx.text(row.label), 10, bold=True, valign="bottom")
        pen.fit_text((area[0], y + h * 0.55 + 0.3, area[2], h * 0.45 - 0.8), ctx.text(row.note), 7.5,
                     colour=ctx.ink.muted, valign="top")
    else:
        pen.fit_text(area, ctx.text(row.label), 11 if row.emphasis else 10, bold=True)
