"""A grid of square write-in cells with icons beside rows and above columns, notes and ground."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.blocks.grid import BAND, GROUND
from sheets.icons import draw_icon

HATCH = 2.5


def draw_grid(pen, block, ctx):
    """White cells, a heavier border, icons, notes and the ground line."""
    gx, gy, cell = block.frame()
    line = ctx.ink.strong(ctx.rgb(block.colour)) if block.colour else black
    width, height = block.columns * cell, block.rows * cell
    for row in range(block.rows):
        for column in range(block.columns):
            pen.rect(*block.cell_box(row, column), stroke=line, fill=white, width=0.7)
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
