"""Build fields: per row a name band (colour, glyph, icon) and a circle per die face with its pips."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.dice_fields import LABEL_WIDTH
from sheets.icons import draw_icon, draw_pips

GAP = 1.5


def circle_centres(block) -> list[list[tuple[float, float]]]:
    """Per field, the centre (mm) of each face's circle."""
    x, y, _, h = block.at
    row_h = h / len(block.fields)
    step = block.circle + GAP
    return [[(x + LABEL_WIDTH + (i + 0.5) * step, y + (r + 0.5) * row_h) for i in range(len(field.faces))]
            for r, field in enumerate(block.fields)]


def draw_dice_fields(pen, block, ctx):
    """Each field: a tinted row, its name band, then white circles showing the die faces to cover."""
    x, y, w, h = block.at
    row_h = h / len(block.fields)
    for r, (field, centres) in enumerate(zip(block.fields, circle_centres(block))):
        top = y + r * row_h
        rgb = ctx.rgb(field.colour) if field.colour else None
        line = ctx.ink.strong(rgb) if rgb else black
        tint = ctx.ink.tint(rgb) if rgb else None
        if tint:
            pen.rect(x, top + 0.6, w, row_h - 1.2, stroke=None, fill=tint, radius=2)
        _name_band(pen, ctx, field, rgb, (x, top + 0.6, LABEL_WIDTH - 2, row_h - 1.2))
        for (cx, cy), face in zip(centres, field.faces):
            pen.circle(cx, cy, block.circle / 2, stroke=line, fill=white, width=1.2)
            draw_pips(pen, face, cx, cy, block.circle * 0.6, line)


def _name_band(pen, ctx, field, rgb, band):
    x, y, w, h = band
    fill = ctx.ink.fill(rgb) if rgb else None
    text = ctx.ink.on_fill(rgb) if fill else black
    pen.rect(x, y, w, h, stroke=ctx.ink.strong(rgb) if rgb else black, fill=fill or white, width=0.9, radius=2)
    icon_size = min(9.0, h * 0.6)
    if field.icon:
        pen.circle(x + 1.5 + icon_size * 0.6, y + h / 2, icon_size * 0.6, stroke=None, fill=white)
        draw_icon(pen, field.icon, x + 1.5 + icon_size * 0.6, y + h / 2, icon_size * 0.85,
                  ctx.ink.strong(rgb) if rgb else black, ctx.ink.tint(rgb) if rgb else None)
    label = ctx.text(field.label) if field.label else ctx.game.colours[field.colour].label
    glyph = f"{ctx.glyph(field.colour)}  " if field.colour else ""
    text_x = x + 3 + icon_size * 1.2
    pen.fit_text((text_x, y + 1, x + w - text_x - 1, h * 0.5), glyph + label, 10, bold=True, colour=text,
                 valign="bottom")
    if field.note:
        pen.fit_text((text_x, y + h * 0.5 + 0.5, x + w - text_x - 1, h * 0.5 - 1.5), ctx.text(field.note), 7,
                     colour=text, valign="top")
