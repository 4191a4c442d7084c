"""The kit's isometric primitive: a set of cubes drawn in 3D, fitted to a box.

Glossary:
- Paint: how one cube prints: its colour (#rrggbb) and an optional glyph on its top.
- space: (width, depth, height) of a board the cubes stand on; its floor grid and a
  dashed outline of the full box are drawn behind the cubes, so a viewer sees
  where in the space the cubes stand.
- shading: tops light, fronts (+y) in the colour, sides (+x) darker; in mono ink
  the faces stay white, sides are hatched and the glyph names the colour.
Geometry (projection, visible faces, painter's order) lives in layouts.polycubes.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white

from layouts.blocks.base import MM_PER_PT
from layouts.polycubes import Cube, iso_bounds, iso_faces, iso_point
from sheets.glyphs import draw_glyph
from sheets.ink import Ink

GLYPH_FROM_UNIT = 3.5
"""Cubes smaller than this (mm per edge) carry no glyph: it would not fit legibly."""


@dataclass(frozen=True)
class Paint:
    rgb: str
    glyph: str | None = None


def _mix(colour: Color, other: Color, amount: float) -> Color:
    return Color(*(a + (b - a) * amount for a, b in zip(colour.rgb(), other.rgb(), strict=True)))


def shade(rgb: str, amount: float) -> Color:
    """The colour darkened towards black by amount (0 none, 1 black)."""
    return _mix(HexColor(rgb), black, amount)


def _luma(colour: Color) -> float:
    r, g, b = colour.rgb()
    return 0.299 * r + 0.587 * g + 0.114 * b


def face_colours(ink: Ink, rgb: str) -> tuple[dict[str, Color], Color]:
    """Fill per face (top, front, side) and the edge colour of a cube in this ink."""
    base = HexColor(rgb)
    if ink.mode == "mono":
        return {"top": white, "front": white, "side": white}, black
    if ink.mode == "low":
        return {"top": white, "front": _mix(white, base, 0.25), "side": _mix(white, base, 0.45)}, base
    edge = Color(0.8, 0.8, 0.8) if _luma(base) < 0.25 else black
    return {"top": _mix(base, white, 0.45), "front": base, "side": shade(rgb, 0.35)}, edge


def fit(cubes, space: tuple[int, int, int] | None, box, max_unit: float) -> tuple[float, float, float]:
    """Edge length (mm) and the drawing origin (mm) that fit cubes and space centred in the box."""
    bounds = [iso_bounds(c, (c[0] + 1, c[1] + 1, c[2] + 1)) for c in cubes]
    if space:
        bounds.append(iso_bounds((0, 0, 0), space))
    left, top = min(b[0] for b in bounds), min(b[1] for b in bounds)
    right, bottom = max(b[2] for b in bounds), max(b[3] for b in bounds)
    x, y, w, h = box
    unit = min(w / (right - left), h / (bottom - top), max_unit)
    return unit, x + (w - (right - left) * unit) / 2 - left * unit, y + (h - (bottom - top) * unit) / 2 - top * unit


def draw_cubes(pen, ink: Ink, cubes: Mapping[Cube, Paint], box, space=None, max_unit: float = 12.0) -> float:
    """Draw the cubes (and the space they stand in) centred in box; returns the edge length in mm."""
    unit, ox, oy = fit(cubes, space, box, max_unit)

    def at(x, y, z):
        across, down = iso_point(x, y, z)
        return ox + across * unit, oy + down * unit

    if space:
        _draw_space(pen, ink, at, space)
    for face in iso_faces(cubes):
        paint = cubes[face.cube]
        fills, edge = face_colours(ink, paint.rgb)
        points = [(ox + a * unit, oy + d * unit) for a, d in face.points]
        pen.polygon(points, stroke=edge, fill=fills[face.side], width=0.5)
        if face.side == "side" and ink.mode == "mono":
            x, y, z = face.cube
            for t in (0.25, 0.5, 0.75):
                pen.line(*at(x + 1, y + t, z + 0.12), *at(x + 1, y + t, z + 0.88), stroke=black, width=0.5)
        if face.side == "top" and paint.glyph and unit >= GLYPH_FROM_UNIT:
            cx, cy = at(face.cube[0] + 0.5, face.cube[1] + 0.5, face.cube[2] + 1)
            size = unit * 0.42 / MM_PER_PT
            colour = white if _luma(fills["top"]) < 0.5 else black
            draw_glyph(pen, paint.glyph, (cx - unit * 0.5, cy - unit * 0.27, unit, unit * 0.54), colour, size)
    return unit


def _draw_space(pen, ink: Ink, at, space) -> None:
    width, depth, height = space
    for x in range(width + 1):
        pen.line(*at(x, 0, 0), *at(x, depth, 0), stroke=ink.muted, width=0.5)
    for y in range(depth + 1):
        pen.line(*at(0, y, 0), *at(width, y, 0), stroke=ink.muted, width=0.5)
    corners = [(0, 0), (width, 0), (width, depth), (0, depth)]
    for x, y in corners:
        pen.line(*at(x, y, 0), *at(x, y, height), stroke=ink.muted, width=0.5, dash=[1.5, 1.5])
    pen.polygon([at(x, y, height) for x, y in corners], stroke=ink.muted, width=0.5)
