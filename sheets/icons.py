"""Vector icons drawn by the kit (never font glyphs), each fitted to a square.

Every icon is `draw_icon(pen, name, cx, cy, size, colour, fill=None)`: centred
on (cx, cy), `size` mm across, outlined in `colour`, filled with `fill` (or its
own default). The icons come in themes (marks, expedition, city, dice,
building); `ICONS` at the end names them all, `draw_pips` draws a die face.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import Color, white

from layouts.glyphs import is_shape
from sheets.glyphs import MIN_SHAPE, SHAPE_PER_PT, draw_glyph


# Marks: plain symbols for tracks and boxes.
def _star(pen, cx, cy, s, colour, fill):
    points = []
    for i in range(10):
        r = s / 2 if i % 2 == 0 else s / 5
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy - r * math.sin(angle) + s * 0.05))
    pen.polygon(points, stroke=colour, fill=fill, width=0.7)


def _plus(pen, cx, cy, s, colour, fill):
    a, b = s / 2, s / 6
    pen.polygon([(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                 (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                 (cx - a, cy - b), (cx - b, cy - b)], stroke=colour, fill=fill, width=0.7)


def _arrow(pen, cx, cy, s, colour, fill):
    a, b = s / 2, s / 5
    pen.polygon([(cx, cy - a), (cx + a, cy), (cx + b, cy), (cx + b, cy + a), (cx - b, cy + a),
                 (cx - b, cy), (cx - a, cy)], stroke=colour, fill=fill, width=0.7)


def _lock(pen, cx, cy, s, colour, fill):
    a = s / 2
    arc = [math.radians(d) for d in range(0, 181, 15)]
    pen.polygon([(cx + a * 0.42 * math.cos(t), cy - a * 0.15 - a * 0.55 * math.sin(t)) for t in arc],
                stroke=colour, width=max(0.7, s * 0.09), close=False)
    pen.rect(cx - a * 0.7, cy - a * 0.15, a * 1.4, a * 1.1, stroke=colour, fill=fill or colour, width=0.7,
             radius=a * 0.15)
    pen.circle(cx, cy + a * 0.3, a * 0.16, stroke=None, fill=white)


def _circle(pen, cx, cy, s, colour, fill):
    pen.circle(cx, cy, s / 2, stroke=colour, fill=fill or white, width=0.8)


def _double_circle(pen, cx, cy, s, colour, fill):
    pen.circle(cx, cy, s / 2, stroke=colour, fill=white, width=0.8)
    pen.circle(cx, cy, s / 2 - 1.0, stroke=colour, fill=None, width=0.6)


# Expedition: finds, sites and crossings.
def _artifact(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.polygon([(cx - a * 0.6, cy - a * 0.45), (cx + a * 0.6, cy - a * 0.45), (cx + a, cy - a * 0.05),
                 (cx, cy + a), (cx - a, cy - a * 0.05)], stroke=colour, fill=fill, width=0.7)
    pen.line(cx - a, cy - a * 0.05, cx + a, cy - a * 0.05, stroke=colour, width=0.5)


def _temple(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.polygon([(cx - a, cy - a * 0.35), (cx, cy - a), (cx + a, cy - a * 0.35)], stroke=colour, fill=fill, width=0.7)
    pen.rect(cx - a, cy + a * 0.75, 2 * a, a * 0.25, stroke=colour, fill=fill, width=0.6)
    for i in (-1, 0, 1):
        pen.rect(cx + i * a * 0.62 - a * 0.12, cy - a * 0.25, a * 0.24, a, stroke=colour, fill=fill, width=0.5)


def _bridge(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.line(cx - a, cy, cx + a, cy, stroke=colour, width=1.0, dash=[1.2, 0.8])
    pen.rect(cx - a * 0.5, cy - a * 0.28, a, a * 0.56, stroke=colour, fill=fill or white, width=0.6, radius=a * 0.28)


def _shield(pen, cx, cy, s, colour, fill):
    a = s / 2
    points = [(cx - a * 0.8, cy - a), (cx + a * 0.8, cy - a), (cx + a * 0.8, cy)]
    points += [(cx + a * 0.8 * math.cos(t), cy + a * math.sin(t)) for t in (0.5, 1.0, 1.3)]
    points += [(cx, cy + a)]
    points += [(cx - a * 0.8 * math.cos(t), cy + a * math.sin(t)) for t in (1.3, 1.0, 0.5)]
    points += [(cx - a * 0.8, cy)]
    pen.polygon(points, stroke=colour, fill=fill, width=0.8)
    pen.line(cx, cy - a * 0.75, cx, cy + a * 0.7, stroke=colour, width=0.6)
    pen.line(cx - a * 0.6, cy - a * 0.2, cx + a * 0.6, cy - a * 0.2, stroke=colour, width=0.6)


# City: building types and places.
def _house(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.polygon([(cx - a * 0.75, cy + a * 0.95), (cx - a * 0.75, cy - a * 0.1), (cx, cy - a * 0.9),
                 (cx + a * 0.75, cy - a * 0.1), (cx + a * 0.75, cy + a * 0.95)], stroke=colour, fill=fill, width=0.7)
    pen.rect(cx - a * 0.2, cy + a * 0.3, a * 0.4, a * 0.65, stroke=colour, fill=white, width=0.6)


def _shop(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.rect(cx - a * 0.8, cy - a * 0.35, a * 1.6, a * 1.3, stroke=colour, fill=fill, width=0.7)
    pen.polygon([(cx - a * 0.8, cy - a * 0.9), (cx + a * 0.8, cy - a * 0.9), (cx + a * 0.98, cy - a * 0.3),
                 (cx - a * 0.98, cy - a * 0.3)], stroke=colour, fill=colour, width=0.6)
    pen.rect(cx - a * 0.6, cy - a * 0.05, a * 0.65, a * 0.55, stroke=colour, fill=white, width=0.5)
    pen.rect(cx + a * 0.2, cy - a * 0.05, a * 0.4, a * 1.0, stroke=colour, fill=white, width=0.5)


def _factory(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.polygon([(cx - a, cy + a * 0.95), (cx - a, cy - a * 0.95), (cx - a * 0.62, cy - a * 0.95),
                 (cx - a * 0.62, cy - a * 0.15), (cx - a * 0.1, cy - a * 0.6), (cx - a * 0.1, cy - a * 0.15),
                 (cx + a * 0.45, cy - a * 0.6), (cx + a * 0.45, cy - a * 0.15), (cx + a, cy - a * 0.6),
                 (cx + a, cy + a * 0.95)], stroke=colour, fill=fill, width=0.7)
    for i in (-0.35, 0.2, 0.72):
        pen.rect(cx + a * i - a * 0.13, cy + a * 0.2, a * 0.26, a * 0.3, stroke=colour, fill=white, width=0.5)


def _tree(pen, cx, cy, s, colour, fill):
    a = s / 2
    pen.rect(cx - a * 0.14, cy + a * 0.25, a * 0.28, a * 0.7, stroke=colour, fill=fill or colour, width=0.6)
    pen.circle(cx, cy - a * 0.28, a * 0.66, stroke=colour, fill=fill, width=0.7)


def _pin(pen, cx, cy, s, colour, fill):
    a = s / 2
    top, r = cy - a * 0.3, a * 0.64
    arc = [math.radians(d) for d in range(-35, 216, 10)]
    pen.polygon([(cx + r * math.cos(t), top - r * math.sin(t)) for t in arc] + [(cx, cy + a)],
                stroke=colour, fill=fill, width=0.7)
    pen.circle(cx, top, r * 0.4, stroke=colour, fill=white, width=0.6)


# Dice: faces by their pips.
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
"""Pip positions of each die face, in steps from the centre (-1, 0, 1 across and down)."""


def draw_pips(pen, value: int, cx: float, cy: float, size: float, colour: Color):
    """The pips of die face `value` as filled dots, laid out in a square `size` mm across."""
    step, radius = size * 0.3, size * 0.1
    for dx, dy in PIPS[value]:
        pen.circle(cx + dx * step, cy + dy * step, radius, stroke=None, fill=colour)


def _die(value):
    def draw(pen, cx, cy, s, colour, fill):
        pen.rect(cx - s * 0.45, cy - s * 0.45, s * 0.9, s * 0.9, stroke=colour, fill=fill or white, width=0.7,
                 radius=s * 0.15)
        draw_pips(pen, value, cx, cy, s * 0.85, colour)
    return draw


# Building: levels, cubes and prophecies.
def _layers(pen, cx, cy, s, colour, fill):
    a, b = s / 2, s / 4
    for dy in (b * 0.9, 0.0, -b * 0.9):
        pen.polygon([(cx - a, cy + dy), (cx, cy + dy - b), (cx + a, cy + dy), (cx, cy + dy + b)],
                    stroke=colour, fill=fill or white, width=0.6)


def _cube(pen, cx, cy, s, colour, fill):
    a = s / 2
    h = a * math.cos(math.pi / 6)
    top = [(cx, cy - a), (cx + h, cy - a / 2), (cx, cy), (cx - h, cy - a / 2)]
    pen.polygon(top, stroke=colour, fill=fill or white, width=0.6)
    pen.polygon([(cx - h, cy - a / 2), (cx, cy), (cx, cy + a), (cx - h, cy + a / 2)], stroke=colour,
                fill=white, width=0.6)
    pen.polygon([(cx + h, cy - a / 2), (cx, cy), (cx, cy + a), (cx + h, cy + a / 2)], stroke=colour,
                fill=fill, width=0.6)


def _eye(pen, cx, cy, s, colour, fill):
    a = s / 2
    upper = [(cx + a * math.cos(t), cy - a * 0.55 * math.sin(t)) for t in [i * math.pi / 8 for i in range(9)]]
    lower = [(cx - a * math.cos(t), cy + a * 0.55 * math.sin(t)) for t in [i * math.pi / 8 for i in range(1, 8)]]
    pen.polygon(upper + lower, stroke=colour, fill=white, width=0.7)
    pen.circle(cx, cy, a * 0.3, stroke=colour, fill=fill or colour, width=0.5)


ICONS = {
    "star": _star, "plus": _plus, "arrow": _arrow, "circle": _circle, "double_circle": _double_circle,
    "lock": _lock, "artifact": _artifact, "temple": _temple, "bridge": _bridge, "shield": _shield,
    "house": _house, "shop": _shop, "factory": _factory, "tree": _tree, "pin": _pin,
    **{f"die{value}": _die(value) for value in PIPS},
    "layers": _layers, "cube": _cube, "eye": _eye,
}
"""Every icon by the name layouts use (layouts.blocks.base.Icon)."""


def draw_icon(pen, name: str, cx: float, cy: float, size: float, colour: Color, fill: Color | None = None):
    """Draw the named icon centred on (cx, cy), `size` mm across."""
    ICONS[name](pen, cx, cy, size, colour, fill)


def draw_badge(pen, ctx, colour: str, box, size: float = 14.0, radius: float = 1.5, named: bool = False):
    """A game colour's swatch with its glyph on it (black glyph on white in mono); `named`: its name under the glyph."""
    rgb = ctx.rgb(colour)
    fill = ctx.ink.fill(rgb)
    pen.rect(*box, stroke=ctx.ink.strong(rgb), fill=fill or white, width=0.8, radius=radius)
    if not named:
        draw_glyph(pen, ctx.glyph(colour), box, ctx.ink.on_fill(rgb), size)
        return
    x, y, w, h = box
    side = MIN_SHAPE if is_shape(ctx.glyph(colour)) else h / 2
    draw_glyph(pen, ctx.glyph(colour), (x, y + 0.5, w, side), ctx.ink.on_fill(rgb), side / SHAPE_PER_PT)
    pen.fit_text((x + 0.5, y + side + 0.5, w - 1, h - side - 0.8), ctx.game.colours[colour].label, 8, bold=True,
                 colour=ctx.ink.on_fill(rgb), align="center")
