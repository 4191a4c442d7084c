"""Rows of labelled boxes: a head (colour badge or label), boxes showing their numbers (in their shapes, with their
marks), gaps, an end icon, a note; each row starting `offset` slots in (a slot: box side + GAP)."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.box_rows import GAP, outline
from sheets.icons import draw_badge, draw_icon


def draw_box_rows(pen, block, ctx):
    """Per row: its head, a tinted band (in colour ink) behind white boxes (in their shapes, with their numbers and
    marks), the end icon, the note."""
    x, y, w, _ = block.at
    side, _, head = block.geometry()
    for r, row in enumerate(block.rows):
        boxes, after = block.row_boxes(r)
        top = boxes[0][1]
        rgb = ctx.rgb(row.colour) if row.colour else None
        line, tint = (ctx.ink.strong(rgb), ctx.ink.tint(rgb)) if rgb else (black, None)
        _head(pen, ctx, row, (x, top, head, side))
        left = boxes[0][0]
        if tint:
            pen.rect(left - GAP / 2, top - GAP / 2, (row.slots - row.offset) * (side + GAP), side + GAP, stroke=None,
                     fill=tint, radius=1.5)
        for place, (label, (left, _, _, _)) in enumerate(zip(row.box_labels(), boxes, strict=True), 1):
            _box(pen, row.shapes.get(place, "square"), (left, top, side), line)
            if label:
                pen.fit_text((left, top, side, side), ctx.text(label), min(side * 1.5, 14), bold=True,
                             colour=line, align="center")
            if place in row.marks:
                draw_icon(pen, row.marks[place], left + side * 0.8, top + side * 0.2, side * 0.3, line)
        left = after[0]
        if row.end:
            pen.circle(left + side / 2, top + side / 2, side / 2, stroke=line, fill=white, width=0.9)
            draw_icon(pen, row.end, left + side / 2, top + side / 2, side * 0.55, line,
                      ctx.ink.fill(rgb) if rgb else None)
            left += side + GAP
        if row.note and x + w - left > 5:
            pen.fit_text((left + GAP, top, x + w - left - GAP, side), ctx.text(row.note), 8)


def _head(pen, ctx, row, box):
    """The colour's badge with its glyph, and the label beside it when the head has room; else the label."""
    x, top, width, side = box
    if row.colour:
        draw_badge(pen, ctx, row.colour, (x, top, side, side), side * 1.5)
        if row.label and width > side + 6:
            pen.fit_text((x + side + 1, top, width - side - 1, side), ctx.text(row.label), 9, bold=True)
    else:
        pen.fit_text((x, top, width, side), ctx.text(row.label), 10, bold=True)


def _box(pen, shape: str, box, line) -> None:
    """One white box in its shape: a square, a circle, a pentagon or a five-pointed star (point up)."""
    left, top, side = box
    if shape == "square":
        pen.rect(left, top, side, side, stroke=line, fill=white, width=0.9, radius=1.0)
    elif shape == "circle":
        pen.circle(left + side / 2, top + side / 2, side / 2, stroke=line, fill=white, width=0.9)
    else:
        pen.polygon(outline(shape, (left, top, side, side)), stroke=line, fill=white, width=0.9)
