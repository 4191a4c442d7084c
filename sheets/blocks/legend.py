"""Keys: a legend (a title, then rows of a swatch or icon, a text and a value at the right), and the glyph
key (each colour's glyph and its name in the sheet's language)."""
from __future__ import annotations

from reportlab.lib.colors import black

from layouts.blocks.base import MM_PER_PT
from sheets.glyphs import MIN_SHAPE
from sheets.icons import draw_badge, draw_icon
from sheets.units import FONTS, MIN_TEXT_PT, fit_lines, lines_fit

TITLE, MAX_ROW = 6.5, 9.0


def draw_legend(pen, block, ctx):
    """Title, then one row per item: marker, text, value. Rows share the height equally while every text fits its
    share at 7 pt or more; else each row's share follows the lines its text takes at 7 pt (a single long item
    gets two lines' height). No row is taller than `MAX_ROW`."""
    x, y, w, h = block.at
    if block.title:
        pen.fit_text((x, y, w, TITLE), ctx.text(block.title), block.size + 1, bold=True, valign="bottom")
        y, h = y + TITLE + 1, h - TITLE - 1
    side = min(h / len(block.items) - 1.0, 7.0)
    rows = []
    for item in block.items:
        value = ctx.text(item.value)
        value_w = pen.canvas.stringWidth(value, "Helvetica-Bold", block.size + 2) * MM_PER_PT + 2.0 if value else 0.0
        text_w = w - _marker_width(item, side) - value_w
        rows.append((item, ctx.text(item.text), value, value_w, text_w))
    equal = h / len(rows)
    lines = [1] * len(rows)
    if not all(_fits(text, text_w, equal, block.size) for _, text, _, _, text_w in rows):
        lines = [len(fit_lines(text, text_w, 1e6, MIN_TEXT_PT, FONTS[False])[1]) or 1 for _, text, _, _, text_w in rows]
    heights = [min(MAX_ROW, h * count / sum(lines)) for count in lines]
    side = max(min(side, min(heights) - 0.2), min(MIN_SHAPE, min(heights)))  # a glyph never under its 3 mm
    top = y
    for (item, text, value, value_w, text_w), row_h in zip(rows, heights, strict=True):
        marker = _marker(pen, ctx, item, x, top + row_h / 2, side)
        pen.fit_text((x + marker, top, text_w, row_h), text, block.size)
        if value:
            pen.fit_text((x + w - value_w, top, value_w, row_h), value, block.size + 2,
                         bold=True, align="right")
        top += row_h


def _fits(text: str, width: float, height: float, size: float) -> bool:
    """Whether the text fits width x height mm at `size` pt or, shrunk, at 7 pt or more."""
    size, lines = fit_lines(text, width, height, size, FONTS[False])
    return lines_fit(lines, size, FONTS[False], width, height)


def _marker_width(item, side) -> float:
    """The width `_marker` takes for an item with markers `side` mm."""
    count = bool(item.colour) + bool(item.icon)
    return count * (side + 1.2) + (1.5 if count else 0)


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



def draw_glyph_key(pen, block, ctx):
    """Each colour's badge and its name beside it, in as many columns across the box as the widest fits."""
    x, y, w, h = block.at
    colours = block.shown(list(ctx.game.colours), ctx.player)
    labels = [ctx.game.colours[colour].label for colour in colours]
    gap = 1.2
    widest = max(pen.canvas.stringWidth(label, "Helvetica", block.size) for label in labels) * MM_PER_PT
    badge = min(h, 5.0)
    across = max(1, min(len(colours), int((w + 2 * gap) // (badge + gap + widest + 2 * gap))))
    rows = -(-len(colours) // across)
    row_h, col_w = h / rows, (w + 2 * gap) / across
    side = min(badge, row_h - 0.4)
    if side < MIN_SHAPE + 0.6:
        pen.overflowed(" ".join(labels), block.at)
    for i, (colour, label) in enumerate(zip(colours, labels, strict=True)):
        left, top = x + (i % across) * col_w, y + (i // across) * row_h + (row_h - side) / 2
        draw_badge(pen, ctx, colour, (left, top, side, side), side * 2.2, radius=0.8)
        pen.fit_text((left + side + gap, top, col_w - side - 3 * gap, side), label, block.size, colour=black)
