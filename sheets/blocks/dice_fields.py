"""Build fields: per row a name band (colour, glyph, icon) and a circle per die face with its pips."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.dice_fields import LABEL_WIDTH
from sheets.glyphs import draw_glyph, glyph_side
from sheets.icons import draw_icon, draw_pips


def draw_dice_fields(pen, block, ctx):
    """Each field: a tinted row, its name band, then white circles showing the die faces to cover."""
    x, y, w, h = block.at
    row_h = h / len(block.fields)
    for r, (field, circles) in enumerate(zip(block.fields, block.circles(), strict=True)):
        top = y + r * row_h
        rgb = ctx.rgb(field.colour) if field.colour else None
        line = ctx.ink.strong(rgb) if rgb else black
        tint = ctx.ink.tint(rgb) if rgb else None
        if tint:
            pen.rect(x, top + 0.6, w, row_h - 1.2, stroke=None, fill=tint, radius=2)
        _name_band(pen, ctx, field, rgb, (x, top + 0.6, LABEL_WIDTH - 2, row_h - 1.2))
        for (left, upper, d, _), face in zip(circles, field.faces, strict=True):
            cx, cy = left + d / 2, upper + d / 2
            pen.circle(cx, cy, d / 2, stroke=line, fill=white, width=1.2)
            draw_pips(pen, face, cx, cy, block.circle * 0.6, line)


def _name_band(pen, ctx, field, rgb, band):
    x, y, w, h = band
    fill = ctx.ink.fill(rgb) if rgb else None
    text = ctx.ink.on_fill(rgb) if rgb else black
    pen.rect(x, y, w, h, stroke=ctx.ink.strong(rgb) if rgb else black, fill=fill or white, width=0.9, radius=2)
    icon = min(8.0, h * 0.45)
    top_row = (x + 3 + icon, y + 1, w - 4 - icon, h / 2 - 1)
    bottom_row = (x + 2, y + h / 2, w - 3, h / 2 - 1)
    label = ctx.text(field.label) if field.label else ctx.game.colours[field.colour].label
    if field.icon:
        cx, cy = x + 1.5 + icon / 2, y + h / 4 + 0.5
        pen.circle(cx, cy, icon * 0.62, stroke=None, fill=white)
        draw_icon(pen, field.icon, cx, cy, icon * 0.85, ctx.ink.strong(rgb) if rgb else black,
                  ctx.ink.tint(rgb) if rgb else None)
    if field.colour:  # the glyph, then the colour's name: the card's key
        side = glyph_side(bottom_row, 13)
        draw_glyph(pen, ctx.glyph(field.colour), bottom_row, text, 13, align="left")
        bottom_row = (bottom_row[0] + side + 1.2, bottom_row[1], bottom_row[2] - side - 1.2, bottom_row[3])
    else:
        pen.fit_text(top_row, label, 11, bold=True, colour=text)
    below = label if field.colour else ""
    lines = "\n".join(part for part in (below, ctx.text(field.note)) if part)
    pen.fit_text(bottom_row, lines, 9.5, bold=bool(below), colour=text)
