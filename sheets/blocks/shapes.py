"""The shape catalogue: the game's polyominoes in rows by colour, each with its id.

Glossary:
- slot: the place of the i-th shape of every row; slots are as wide as their widest shape.
- unit: one cell side in mm, the same for every shape of the block so sizes compare.
"""
from __future__ import annotations

from reportlab.lib.colors import white

from sheets.icons import draw_badge
from sheets.polyomino import draw_polyomino

TICK = 4.0
PAD = 0.8
HEADER = (3.0, 5.0)
"""mm: the size header's height, at least one line of 7 pt text."""
DIGIT = 1.9
"""mm kept free left of a slot's centre for its size: half a digit at 9 pt and a 1 mm gap."""


def catalogue_rows(game, block) -> list[list]:
    """The block's shapes grouped in rows by colour, in the game's colour order."""
    picked = [s for s in game.shapes
              if (not block.ids or s.id in block.ids)
              and (not block.colours or s.colour in block.colours)
              and (not block.sizes or s.size in block.sizes)
              and (block.limited is None or s.limited == block.limited)]
    rows = [[s for s in picked if s.colour == colour] for colour in game.colours]
    return [row for row in rows if row]


def slot_layout(block, rows, width: float, row_h: float, label_h: float) -> tuple[float, list[float]]:
    """The unit and the width of each slot: widths follow the widest shape in the slot."""
    slots = max(len(row) for row in rows)
    widest = [max(row[i].bounds[0] for row in rows if i < len(row)) for i in range(slots)]
    tallest = max(s.bounds[1] for row in rows for s in row)
    unit = min((width - slots * 2 * PAD) / sum(widest), (row_h - label_h - 2 * PAD) / tallest)
    unit = min(unit, block.cell or unit)
    spare = (width - unit * sum(widest)) / slots
    return unit, [unit * cells + spare for cells in widest]


def draw_shapes(pen, block, ctx):
    """Each row: the colour badge, then its shapes over their ids, centred in their slots."""
    x, y, w, h = block.at
    rows = catalogue_rows(ctx.game, block)
    if not rows:
        return
    header = min(max(HEADER[0], h * 0.06), HEADER[1]) if block.show_size else 0
    row_h = (h - header) / len(rows)
    label_h = min(5.0, max(3.2, row_h * 0.25))
    badge = min(9.0, row_h * 0.5) if block.badge else 0
    left = x + badge + (PAD if badge else 0)
    unit, widths = slot_layout(block, rows, x + w - left, row_h, label_h)
    starts = [left + sum(widths[:i]) for i in range(len(widths))]
    if header:
        label_w = starts[0] + widths[0] / 2 - DIGIT - x  # up to the first slot's size, centred in it
        pen.fit_text((x, y, label_w, header), ctx.word("size"), 7, colour=ctx.ink.muted)
        for i, (start, width) in enumerate(zip(starts, widths, strict=True)):
            sizes = {row[i].size for row in rows if i < len(row)}
            if len(sizes) == 1:
                pen.fit_text((start, y, width, header), str(sizes.pop()), 9, bold=True, align="center")
        y += header
    for r, row in enumerate(rows):
        top = y + r * row_h
        if badge:
            middle = top + row_h - label_h - PAD - max(s.bounds[1] for s in row) * unit / 2
            draw_badge(pen, ctx, row[0].colour, (x, middle - badge / 2, badge, badge), badge * 1.6)
        for shape, start, width in zip(row, starts, widths, strict=False):  # a row may have fewer shapes than slots
            _slot(pen, ctx, block, shape, (start, top, width, row_h - label_h), unit, label_h)


def _slot(pen, ctx, block, shape, area, unit, label_h):
    """One shape resting on the bottom of its area, its id (and tick box) on the line below."""
    left, top, width, height = area
    rgb = ctx.rgb(shape.colour)
    fill, line = ctx.ink.fill(rgb), ctx.ink.strong(rgb)
    cols, rows = shape.bounds
    draw_polyomino(pen, shape.cell_set, left + (width - cols * unit) / 2, top + height - PAD - rows * unit, unit,
                   line, fill, ctx.glyph(shape.colour), ctx.ink.on_fill(rgb),
                   white if ctx.ink.mode == "color" else None)
    size = 9 if label_h >= 4.5 else 7
    label_w = pen.canvas.stringWidth(shape.id, "Helvetica-Bold", size) / 72 * 25.4
    tick = TICK + 1.0 if block.tick and shape.limited else 0
    start = left + (width - label_w - tick) / 2
    bottom = top + height
    if tick:
        pen.rect(start, bottom + (label_h - TICK) / 2, TICK, TICK, stroke=line, fill=white, width=0.9)
    pen.fit_text((start + tick, bottom, label_w + 0.5, label_h), shape.id, size, bold=True, colour=line)
