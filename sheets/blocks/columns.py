"""Columns of write-in boxes filled bottom up, with marks, a bridge line and a foot."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.columns import BRIDGE_GAP, HEADER
from sheets.icons import draw_badge, draw_icon
from sheets.units import MIN_TEXT_PT

PAD = 0.6
"""mm between a header's text and its border."""
SCORE_LABEL = 2.9
"""mm at the top of a points box for its label: one line of 7 pt."""


def draw_box_columns(pen, block, ctx):
    """Each column: a header with colour and glyph, its boxes, marks, foot and points box."""
    x, y, w, _ = block.at
    col_w = block.column_width
    tops, box_h = block.box_tops()
    bottom = tops[1] + box_h
    for i, column in enumerate(block.columns):
        left = x + i * col_w
        _column(pen, ctx, column, (left, y, col_w, bottom - y), [block.box(i, top, box_h) for top in tops.values()],
                block.names)
        if column.foot == "double_circle":
            fx, fy, size, _ = block.foot_box(i)
            draw_icon(pen, "double_circle", fx + size / 2, fy + size / 2, size, black)
        if block.score_boxes:
            _score_box(pen, ctx, block, block.score_box(i))
    if block.bridge:
        _bridge(pen, ctx, block, x, w, tops[block.bridge.after] - BRIDGE_GAP / 2, col_w)


def _score_box(pen, ctx, block, box):
    """A column's points box, its label (what to write there) small at its top."""
    pen.rect(*box, fill=white, width=1.4, radius=1.2)
    if block.score_label:
        x, y, w, _ = box
        pen.fit_text((x + PAD, y + 0.4, w - 2 * PAD, SCORE_LABEL), ctx.text(block.score_label), MIN_TEXT_PT,
                     colour=ctx.ink.muted, align="center")


def _column(pen, ctx, column, area, boxes, named):
    left, top, col_w, height = area
    rgb = ctx.rgb(column.colour) if column.colour else None
    tint = ctx.ink.tint(rgb) if rgb else None
    if tint:
        pen.rect(left + 0.4, top, col_w - 0.8, height + 0.6, stroke=None, fill=tint, radius=1.5)
    header = (left + 0.4, top, col_w - 0.8, HEADER)
    if rgb:
        draw_badge(pen, ctx, column.colour, header, 15, named=named)
    else:
        pen.rect(*header, fill=white, width=0.8, radius=1.5)
        pen.fit_text((header[0] + PAD, top, header[2] - 2 * PAD, HEADER), ctx.text(column.label), 8.5, bold=True,
                     align="center")
    line = ctx.ink.strong(rgb) if rgb else black
    for number, (bx, by, bw, bh) in enumerate(boxes, 1):
        pen.rect(bx, by, bw, bh, stroke=line, fill=white, width=0.9, radius=0.8)
        mark = column.marks.get(number)
        if mark:
            size = min(3.8, (bh + 1.0) * 0.45)
            draw_icon(pen, mark, bx + size / 2 + 0.8, by + size / 2 + 0.7, size, line,
                      ctx.ink.fill(rgb) if rgb else None)


def _bridge(pen, ctx, block, x, w, line_y, col_w):
    pen.line(x + 0.5, line_y, x + w - 0.5, line_y, width=1.6, dash=[4, 2])
    label = ctx.text(block.bridge.label)
    for i in range(len(block.columns)):
        cx = x + (i + 0.5) * col_w
        pen.rect(cx - 3.6, line_y - 1.9, 7.2, 3.8, fill=white, width=0.8, radius=1.8)
        pen.fit_text((cx - 3.6, line_y - 1.9, 7.2, 3.8), label, 7.5, bold=True, align="center")
