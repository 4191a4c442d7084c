"""A score pad: names across the top, a labelled row per score item, white write-in boxes."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from sheets.icons import draw_icon

LABEL_SHARE, NAME_H, INSET, ICON = 0.22, 10.0, 0.5, 4.5


def draw_score_grid(pen, block, ctx):
    """Header of name boxes, then each row: icon, label and note, a box (or labelled parts) per player."""
    x, y, w, h = block.at
    label_w = w * LABEL_SHARE
    col_w = (w - label_w) / block.columns
    row_h = (h - NAME_H) / len(block.rows)
    pen.fit_text((x, y, label_w - 2, NAME_H), ctx.text(block.name_label), 9, bold=True, align="right")
    for c in range(block.columns):
        pen.rect(x + label_w + c * col_w + INSET, y + INSET, col_w - 2 * INSET, NAME_H - 2 * INSET,
                 fill=white, width=0.8, radius=1.0)
    for r, row in enumerate(block.rows):
        top = y + NAME_H + r * row_h
        if r % 2 == 0 and ctx.ink.stripe:
            pen.rect(x, top, w, row_h, stroke=None, fill=ctx.ink.stripe)
        _label(pen, ctx, row, (x, top, label_w, row_h))
        for c in range(block.columns):
            _cell(pen, ctx, row, (x + label_w + c * col_w, top, col_w, row_h))
    pen.line(x, y + NAME_H, x + w, y + NAME_H, width=0.8)


def _label(pen, ctx, row, box):
    x, top, w, h = box
    text_left = x + (ICON + 2.5 if row.icon else 1)
    if row.icon:
        draw_icon(pen, row.icon, x + 1 + ICON / 2, top + h / 2, ICON, black)
    size = 11 if row.emphasis else 9
    if row.note:
        pen.fit_text((text_left, top + 0.5, x + w - text_left - 1, h * 0.55), ctx.text(row.label), size, bold=True,
                     valign="bottom")
        pen.fit_text((text_left, top + h * 0.55, x + w - text_left - 1, h * 0.4), ctx.text(row.note), 7,
                     colour=ctx.ink.muted, valign="top")
    else:
        pen.fit_text((text_left, top, x + w - text_left - 1, h), ctx.text(row.label), size, bold=True)


def _cell(pen, ctx, row, box):
    x, top, w, h = box
    pen.rect(x + INSET, top + INSET, w - 2 * INSET, h - 2 * INSET, fill=white,
             width=1.4 if row.emphasis else 0.8, radius=1.0)
    each = (w - 2 * INSET) / max(1, len(row.parts))
    for i, part in enumerate(row.parts):
        left = x + INSET + i * each
        if i:
            pen.line(left, top + INSET, left, top + h - INSET, stroke=ctx.ink.muted, width=0.6)
        pen.text(left + 0.7, top + INSET + 2.9, ctx.text(part), 7, colour=ctx.ink.muted)
