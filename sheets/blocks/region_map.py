"""A region map (the Simstown city plan): streets, numbered districts, projects of typed fields."""
from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from layouts.blocks.region_map import rect_cells
from sheets.glyphs import draw_glyph
from sheets.icons import draw_icon

KERB, LOT = 1.0, 1.9
"""Insets from the cell edge, mm: district kerb, project lot (a field's square: layouts FIELD)."""
ASPHALT = {"color": Color(0.74, 0.75, 0.77), "low": Color(0.9, 0.9, 0.9), "mono": None}
PAVEMENT = {"color": Color(0.97, 0.96, 0.92), "low": None, "mono": None}


def draw_region_map(pen, block, ctx):
    """Ground and street lines, districts with their numbers and projects, street signs, then the fields."""
    left, top, cell = block.frame()
    cols, rows = block.grid

    def box(rect, inset):
        c, r, w, h = rect
        return left + c * cell + inset, top + r * cell + inset, w * cell - 2 * inset, h * cell - 2 * inset

    asphalt = ASPHALT[ctx.ink.mode]
    pen.rect(left, top, cols * cell, rows * cell, stroke=None, fill=asphalt or white)
    for street in block.streets:
        _centre_line(pen, box(street.cells, 0), white if asphalt else ctx.ink.muted)
    for number, district in enumerate(block.districts, start=1):
        pen.rect(*box(district.cells, KERB), fill=PAVEMENT[ctx.ink.mode] or white, width=1.2, radius=2.0)
        for project in district.projects:
            _project(pen, ctx, box(project.cells, LOT), project.type)
        _district_number(pen, number, district, box, cell)
    for street in block.streets:
        if street.name:
            _street_sign(pen, box(street.cells, 0), street.name, cell)
    pen.rect(left, top, cols * cell, rows * cell, width=1.6)
    for district in block.districts:
        for project in district.projects:
            for field in block.project_fields(project):
                _field(pen, ctx, block, project.type, field)


def _centre_line(pen, area, colour):
    x, y, w, h = area
    if w >= h:
        pen.line(x + 2, y + h / 2, x + w - 2, y + h / 2, stroke=colour, width=0.9, dash=[5, 4])
    else:
        pen.line(x + w / 2, y + 2, x + w / 2, y + h - 2, stroke=colour, width=0.9, dash=[5, 4])


def _street_sign(pen, area, name, cell):
    x, y, w, h = area
    size = 7.5
    length = pen.canvas.stringWidth(name, "Helvetica-Bold", size) / 72 * 25.4 + 4
    across, along = min(5.0, cell * 0.4), length
    cx, cy = x + w / 2, y + h / 2
    if along > max(w, h):
        pen.overflowed(name, area)  # a sign longer than its street would cover the districts at its ends
    if w >= h:
        pen.rect(cx - along / 2, cy - across / 2, along, across, fill=white, width=0.7, radius=1.2)
        pen.text(cx, cy + size * 0.125, name, size, bold=True, align="center")
    else:
        pen.rect(cx - across / 2, cy - along / 2, across, along, fill=white, width=0.7, radius=1.2)
        pen.text_upward(cx, cy, name, size, bold=True)


def _project(pen, ctx, lot, kind):
    rgb = ctx.rgb(kind)
    pen.rect(*lot, stroke=ctx.ink.strong(rgb), fill=ctx.ink.fill(rgb) or white, width=1.0, radius=1.5)


def _field(pen, ctx, block, kind, field):
    x, y, w, h = field
    rgb = ctx.rgb(kind)
    colour = ctx.ink.strong(rgb)
    pen.rect(x, y, w, h, stroke=colour, fill=white, width=0.7, radius=1.2)
    draw_icon(pen, block.types[kind], x + w * 0.44, y + h * 0.42, w * 0.52, colour, ctx.ink.tint(rgb))
    draw_glyph(pen, ctx.glyph(kind), (x + w * 0.5, y + h - 4.1, w * 0.5 - 1.0, 3.2), colour, 7, align="right")


def _district_number(pen, number, district, box, cell):
    used = {c for project in district.projects for c in rect_cells(project.cells)}
    free = sorted(rect_cells(district.cells) - used, key=lambda c: (c[1], c[0]))
    if free:
        cx, cy, _, _ = box((*free[0], 1, 1), 0)
        cx, cy, radius, size = cx + cell / 2, cy + cell / 2, cell * 0.33, 17
    else:
        cx, cy, _, _ = box(district.cells, KERB)
        radius, size = 3.6, 10
    pen.circle(cx, cy, radius, fill=white, width=1.4)
    pen.text(cx, cy + size * 0.125, str(number), size, bold=True, colour=black, align="center")
