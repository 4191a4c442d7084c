"""A key: a title, then rows of a swatch or icon, a text and a value at the right."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from sheets.icons import draw_icon

TITLE, MAX_ROW = 6.5, 9.0


def draw_legend(pen, block, ctx):
    """Title, then one row per item: marker, text, value."""
    x, y, w, h = block.at
    if block.title:
        pen.fit_text((x, y, w, TITLE), ctx.text(block.title), block.size + 1, bold=True, valign="bottom")
        y, h = y + TITLE + 1, h - TITLE - 1
    row_h = min(MAX_ROW, h / len(block.items))
    for i, item in enumerate(block.items):
        top = y + i * row_h
        marker = _marker(pen, ctx, item, x, top + row_h / 2, min(row_h - 1.5, 7.0))
        value_w = 12.0 if item.value else 0.0
        pen.fit_text((x + marker, top, w - marker - value_w, row_h), ctx.text(item.text), block.size)
        if item.value:
            pen.fit_text((x + w - value_w, top, value_w, row_h), ctx.text(item.value), block.size + 2,
                         bold=True, align="right")


def _marker(pen, ctx, item, x, cy, side) -> float:
    """Draw the item's swatch (with glyph) and icon; the width they take, mm."""
    left = x
    rgb = ctx.rgb(item.colour) if item.colour else None
    if rgb:
        draw_swatch(pen, ctx, item.colour, left, cy, side)
        left += side + 1.2
    if item.icon:
        draw_icon(pen, item.icon, left + side / 2, cy, side * 0.9, ctx.ink.strong(rgb) if rgb else black,
                  ctx.ink.tint(rgb) if rgb else None)
        left += side + 1.2
    return left - x + (1.5 if left > x else 0)


def draw_swatch(pen, ctx, colour: str, x: float, cy: float, side: float):
    """A square of a game colour, `side` mm, its left edge at x, with the colour's glyph on it."""
    rgb = ctx.rgb(colour)
    fill = ctx.ink.fill(rgb)
    pen.rect(x, cy - side / 2, side, side, stroke=ctx.ink.strong(rgb), fill=fill or white, radius=1.2)
    pen.fit_text((x, cy - side / 2, side, side), ctx.glyph(colour), 10, bold=True,
                 colour=ctx.ink.on_fill(rgb) if fill else black, align="center")
