"""Polycubes in 3D: a free-standing polycube (an emblem) and the piece reference catalogue."""
from __future__ import annotations

from reportlab.lib.colors import black

from sheets.isometric import Paint, draw_cubes, fit

LEGEND, CAPTION = 13.0, 10.0


def draw_polycube(pen, block, ctx):
    """The block's cubes in 3D, cube i in colours[i % n] (with its glyph if asked) or in `rgb`."""
    colours = block.colours
    paints = {}
    for i, cube in enumerate(block.cubes):
        colour = colours[i % len(colours)] if colours else None
        paints[tuple(cube)] = (Paint(ctx.rgb(colour), ctx.glyph(colour) if block.glyphs else None) if colour
                               else Paint(block.rgb))
    draw_cubes(pen, ctx.ink, paints, block.at)


def draw_piece_catalogue(pen, block, ctx):
    """A legend of the colours, then every piece drawn at one scale with id, name and count per colour."""
    x, y, w, h = block.at
    game = ctx.game
    _legend(pen, ctx, (x, y, w, LEGEND))
    entries = [(p.id, p.name, block.count_text.format(count=p.count), frozenset(map(tuple, p.cubes)))
               for p in game.pieces]
    entries.append(("1x1", ctx.word("single block"), ctx.text(block.blocks_text), frozenset({(0, 0, 0)})))
    rows = -(-len(entries) // block.columns)
    cell_w, cell_h = w / block.columns, (h - LEGEND) / rows
    picture = (0, 0, cell_w - 4, cell_h - CAPTION - 2)
    unit = min(fit(cubes, None, picture, 12.0)[0] for *_, cubes in entries)
    for i, (piece_id, name, count, cubes) in enumerate(entries):
        left, top = x + (i % block.columns) * cell_w, y + LEGEND + (i // block.columns) * cell_h
        pen.rect(left + 0.8, top + 0.8, cell_w - 1.6, cell_h - 1.6, stroke=ctx.ink.muted, width=0.5, radius=1.5)
        draw_cubes(pen, ctx.ink, {c: Paint(block.rgb) for c in cubes},
                   (left + 2, top + 1.5, cell_w - 4, cell_h - CAPTION - 2), max_unit=unit)
        caption = top + cell_h - CAPTION - 0.8
        pen.fit_text((left + 2, caption, cell_w - 4, 5), f"{piece_id}  {name}", 9, bold=True, align="center")
        pen.fit_text((left + 2, caption + 4.5, cell_w - 4, 4.5), count, 7.5, align="center", colour=black)


def _legend(pen, ctx, box):
    """One cube per game colour with its glyph and label: every piece comes in each of them."""
    x, y, w, h = box
    colours = list(ctx.game.colours.values())
    each = w / len(colours)
    for i, colour in enumerate(colours):
        left = x + i * each
        draw_cubes(pen, ctx.ink, {(0, 0, 0): Paint(colour.rgb, colour.glyph)}, (left, y + 0.5, h - 1, h - 1))
        pen.fit_text((left + h, y, each - h, h), colour.label, 9, bold=True)
