"""Tracks of boxes with symbols, crossed left to right, and a numbered points tally."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.track import PLAIN
from sheets.icons import draw_badge, draw_icon

GAP = 0.9
"""Space between boxes, mm."""
BELOW = 0.5
"""Side of a symbol's own mark space under its box, as a share of the box side."""
ROW_MARGIN = 1.2


def track_geometry(block) -> tuple[float, float]:
    """Box side and row height (mm) of a track block."""
    x, y, w, h = block.at
    row_h = h / len(block.tracks)
    slots = max(len(t.boxes) for t in block.tracks) + (1 if block.badge else 0) + (1.2 if block.end else 0)
    tall = (row_h - ROW_MARGIN - GAP) / (1 + BELOW) if block.symbols_below else row_h - 1.5
    fit = min(tall, w / slots - GAP)
    return min(block.box or fit, fit), row_h


def draw_track(pen, block, ctx):
    """Per track: a glyph badge, boxes with their symbols (in them or under them), the end reward and a note."""
    x, y, w, h = block.at
    box, row_h = track_geometry(block)
    below = box * BELOW + GAP if block.symbols_below else 0.0
    step = box + GAP
    for i, track in enumerate(block.tracks):
        rgb = ctx.rgb(track.colour)
        line, tint = ctx.ink.strong(rgb), ctx.ink.tint(rgb)
        top = y + i * row_h + (row_h - box - below) / 2
        left = x
        if block.badge:
            draw_badge(pen, ctx, track.colour, (left, top, box, box), box * 1.6)
            left += step + GAP
        if tint:
            pen.rect(left - GAP, top - GAP, len(track.boxes) * step + GAP, box + below + 2 * GAP, stroke=None,
                     fill=tint, radius=1.2)
        for symbol in track.boxes:
            pen.rect(left, top, box, box, stroke=line, fill=white, width=0.9, radius=0.8)
            if symbol != PLAIN:
                _symbol(pen, block, symbol, (left, top, box), line, tint)
            left += step
        if block.end:
            left += GAP
            pen.circle(left + box * 0.55, top + box / 2, box * 0.5, stroke=line, fill=white, width=0.9)
            pen.fit_text((left, top, box * 1.1, box), ctx.text(block.end), 9, bold=True, align="center")
            left += box * 1.1 + 2 * GAP
        if track.note:
            pen.fit_text((left, top - 1, x + w - left, box + below + 2), ctx.text(track.note), 8.5, colour=black)


def _symbol(pen, block, symbol, where, line, tint):
    """A box's symbol: in the box, or in its own white mark space centred under it."""
    left, top, box = where
    icon = block.symbols[symbol]
    if not block.symbols_below:
        draw_icon(pen, icon, left + box / 2, top + box / 2, box * 0.56, line, tint)
        return
    side = box * BELOW
    space_top = top + box + GAP
    pen.rect(left + (box - side) / 2, space_top, side, side, stroke=line, fill=white, width=0.6, radius=side / 2)
    draw_icon(pen, icon, left + box / 2, space_top + side / 2, side * 0.72, line, tint)


def draw_tally(pen, block, ctx):
    """Numbered boxes in rows; a marked number gets a heavy border and its label below."""
    x, y, w, h = block.at
    numbers = list(range(block.first, block.last + 1))
    per_row = block.per_row or len(numbers)
    rows = -(-len(numbers) // per_row)
    marks = block.marked(ctx.game.values)
    label_h = 3.6 if marks else 0
    box = min(w / per_row - GAP, h / rows - label_h - GAP)
    for i, number in enumerate(numbers):
        left = x + (i % per_row) * (box + GAP)
        top = y + (i // per_row) * (box + GAP + label_h)
        marked = number in marks
        pen.rect(left, top, box, box, fill=white, width=2.0 if marked else 0.8, radius=0.8)
        pen.fit_text((left, top, box, box), str(number), box * 1.4, bold=marked,
                     colour=black if marked else ctx.ink.muted, align="center")
        if marked:
            pen.fit_text((left - 2, top + box, box + 4, label_h), ctx.text(marks[number]), 7, bold=True,
                         align="center")
