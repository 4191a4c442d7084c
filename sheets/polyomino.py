"""Drawing a polyomino from its cells: filled squares, thin inner lines, one thick outline.

Cells are (column, row) pairs from the shape's top left, as `Shape.cell_set` gives them.
"""
from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from sheets.glyphs import draw_glyph

Cell = tuple[int, int]
Point = tuple[int, int]
GLYPH_FROM_UNIT = 3.0
"""Smallest cell side (mm) that still takes the colour glyph at a legible size."""


def outline(cells: frozenset[Cell]) -> list[list[Point]]:
    """The closed loops (corner points, clockwise) around the cells, in cell units."""
    edges = {}
    for x, y in cells:
        corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
            edges[start] = edges.get(start, []) + [end]
    for start in list(edges):
        for end in list(edges[start]):
            if start in edges.get(end, []):
                edges[start].remove(end)
                edges[end].remove(start)
    loops = []
    while any(edges.values()):
        start = next(point for point, ends in edges.items() if ends)
        loop, point = [start], edges[start].pop()
        while point != start:
            loop.append(point)
            point = edges[point].pop()
        loops.append(loop)
    return loops


def draw_polyomino(pen, cells: frozenset[Cell], x: float, y: float, unit: float, line: Color,
                   fill: Color | None, glyph: str = "", glyph_colour: Color = black,
                   inner: Color | None = None) -> None:
    """The shape with its top left at (x, y), `unit` mm per cell; the glyph sits in its first cell.

    `inner` colours the lines between cells (default `line`; white reads well on a full colour).
    """
    for cx, cy in cells:
        pen.rect(x + cx * unit, y + cy * unit, unit, unit, stroke=None, fill=fill or white)
    for cx, cy in cells:
        pen.rect(x + cx * unit, y + cy * unit, unit, unit, stroke=inner or line, width=0.5)
    for loop in outline(cells):
        pen.polygon([(x + px * unit, y + py * unit) for px, py in loop], stroke=line,
                    width=min(1.6, max(1.0, unit * 0.3)))
    if glyph and unit >= GLYPH_FROM_UNIT:
        gx, gy = min(cells, key=lambda c: (c[1], c[0]))
        draw_glyph(pen, glyph, (x + gx * unit + 0.3, y + gy * unit + 0.3, unit - 0.6, unit - 0.6), glyph_colour,
                   unit * 1.8)
