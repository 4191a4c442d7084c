"""Chips to cut out: squares in the copy's player colour, each with the colour's glyph."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from sheets.glyphs import draw_glyph


def chip_boxes(block, values: dict[str, int]) -> list[tuple[float, float, float, float]]:
    """Every chip's square (x, y, w, h) in mm, row by row from the block's top left."""
    x, y, _, _ = block.at
    across, side = block.per_row(), block.size
    return [(x + (i % across) * side, y + (i // across) * side, side, side)
            for i in range(block.chip_count(values))]


def draw_chips(pen, block, ctx):
    """The player's chips with their glyph; the lines between them are the cut lines."""
    colour = block.colours[(ctx.player - 1) % len(block.colours)]
    rgb, glyph = ctx.rgb(colour), ctx.glyph(colour)
    fill = ctx.ink.fill(rgb)
    for x, y, w, h in chip_boxes(block, ctx.game.values):
        pen.rect(x, y, w, h, stroke=black, fill=fill or white, width=0.5)
        cx, cy, radius = x + w / 2, y + h / 2, w * 0.34
        pen.circle(cx, cy, radius, stroke=ctx.ink.strong(rgb), fill=white, width=0.8)
        draw_glyph(pen, glyph, (cx - radius, cy - radius * 0.6, radius * 2, radius * 1.2), black,
                   radius * 2 / 0.3528 * 0.75)
