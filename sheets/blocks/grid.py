"""A grid of square write-in cells with icons beside rows and above columns, notes and ground."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from sheets.icons import draw_icon

BAND = 10.0
"""Width of the strip for icons or notes along an edge, mm."""
GROUND = 4.0
HATCH = 2.5


def grid_geometry(block) -> tuple[float, float, float]:
    """The grid's top-left corner and cell side (mm), centred in the block's box with its bands."""
    x, y, w, h = block.at
    left = BAND if block.row_icons else 0
    right = BAND if block.row_note else 0
    top = BAND if block.column_icons else 0
    bottom = (GROUND if block.ground else 0) + (BAND * 0.7 if block.column_note else 0)
    fit = min((w - left - right) / block.columns, (h - top - bottom) / block.rows)
    cell = min(block.cell or fit, fit)
    used_w = left + block.columns * cell + right
    used_h = top + block.rows * cell + bottom
    return x + (w - used_w) / 2 + left, y + (h - used_h) / 2 + top, cell


def draw_grid(pen, block, ctx):
    """White cells, a heavier border, icons, notes and the ground line."""
    gx, gy, cell = grid_geometry(block)
    line = ctx.ink.strong(ctx.rgb(block.colour)) if block.colour else black
    width, height = block.columns * cell, block.rows * cell
    for row in range(block.rows):
        for column in range(block.columns):
            pen.rect(gx + column * cell, gy + row * cell, cell, cell, stroke=line, fill=white, width=0.7)
    pen.rect(gx, gy, width, height, stroke=line, width=1.6)
    icon = min(BAND - 1.0, cell * 0.7)
    for row, name in block.row_icons.items():
        draw_icon(pen, name, gx - BAND / 2, gy + (block.rows - row + 0.5) * cell, icon, line, ctx.ink.stripe)
    for column, name in block.column_icons.items():
        draw_icon(pen, name, gx + (column - 0.5) * cell, gy - BAND / 2, icon, line, ctx.ink.stripe)
    if block.row_note:
        note = ctx.text(block.row_note)
        for row in range(block.rows):
            pen.fit_text((gx + width + 0.5, gy + row * cell, BAND, cell), note, 9, bold=True, align="center")
    bottom = gy + height
    if block.ground:
        _ground(pen, gx - 3, gx + width + 3, bottom + 0.6)
        bottom += GROUND
    if block.column_note:
        note = ctx.text(block.column_note)
        for column in range(block.columns):
            pen.fit_text((gx + column * cell, bottom, cell, BAND * 0.7), note, 9, bold=True, align="center")


def _ground(pen, left, right, y):
    """A thick ground line with short hatching below, like earth in a drawing."""
    pen.line(left, y, right, y, width=2.4)
    x = left + 1
    while x + HATCH < right:
        pen.line(x + HATCH, y + 0.3, x + HATCH - 2.2, y + GROUND - 1.2, width=0.5)
        x += HATCH
