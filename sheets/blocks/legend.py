"""A key: a title, then rows of a swatch or icon, a text and a value at the right."""
from __future__ import annotations

from reportlab.lib.colors import black

from sheets.icons import draw_badge, draw_icon

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
        draw_badge(pen, ctx, item.colour, (left, cy - side / 2, side, side), 10, radius=1.2)
        left += side + 1.2
    if item.icon:
        draw_icon(pen, item.icon, left + side / 2, cy, side * 0.9, ctx.ink.strong(rgb) if rgb else black,
                  ctx.ink.tint(rgb) if rgb else None)
        left += side + 1.2
    return left - x + (1.5 if left > x else 0)

