"""Tracks of boxes with symbols, crossed left to right, and a numbered points tally."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.track import BELOW, GAP, LABEL_H, PLAIN
from sheets.icons import draw_badge, draw_icon


def draw_track(pen, block, ctx):
    """Per track: a glyph badge, boxes with their symbols (in them or under them), the end reward and a note."""
    x, _, w, _ = block.at
    box = block.geometry()[0]
    below = box * BELOW + GAP if block.symbols_below else 0.0
    step = box + GAP
    for i, track in enumerate(block.tracks):
        rgb = ctx.rgb(track.colour)
        line, tint = ctx.ink.strong(rgb), ctx.ink.tint(rgb)
        boxes = block.track_boxes(i)
        left, top = boxes[0][:2]
        if block.badge:
            draw_badge(pen, ctx, track.colour, (x, top, box, box), box * 1.6)
        if tint:
            pen.rect(left - GAP, top - GAP, len(track.boxes) * step + GAP, box + below + 2 * GAP, stroke=None,
                     fill=tint, radius=1.2)
        for symbol, where in zip(track.boxes, boxes, strict=True):
            pen.rect(*where, stroke=line, fill=white, width=0.9, radius=0.8)
            if symbol != PLAIN:
                _symbol(pen, block, symbol, where, line, tint)
        left += len(boxes) * step
        if block.end:
            left += GAP
            pen.circle(left + box * 0.55, top + box / 2, box * 0.5, stroke=line, fill=white, width=0.9)
            pen.fit_text((left, top, box * 1.1, box), ctx.text(block.end), 9, bold=True, align="center")
            left += box * 1.1 + 2 * GAP
        if track.note:
            pen.fit_text((left, top - 1, x + w - left, box + below + 2), ctx.text(track.note), 8.5, colour=black)


def _symbol(pen, block, symbol, where, line, tint):
    """A box's symbol: in the box, or in its own white mark space centred under it."""
    left, top, box, _ = where
    icon = block.symbols[symbol]
    if not block.symbols_below:
        draw_icon(pen, icon, left + box / 2, top + box / 2, box * 0.56, line, tint)
        return
    space = block.symbol_space(where)
    pen.rect(*space, stroke=line, fill=white, width=0.6, radius=space[2] / 2)
    draw_icon(pen, icon, left + box / 2, space[1] + space[2] / 2, space[2] * 0.72, line, tint)


def draw_tally(pen, block, ctx):
    """Numbered boxes in rows; a marked number gets a heavy border and its label below."""
    marks = block.marked(ctx.game.values)
    for number, (left, top, box, _) in block.number_boxes():
        marked = number in marks
        pen.rect(left, top, box, box, fill=white, width=2.0 if marked else 0.8, radius=0.8)
        pen.fit_text((left, top, box, box), str(number), box * 1.4, bold=marked,
                     colour=black if marked else ctx.ink.muted, align="center")
        if marked:
            pen.fit_text((left - 2, top + box, box + 4, LABEL_H), ctx.text(marks[number]), 7, bold=True,
                         align="center")
