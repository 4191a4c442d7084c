"""Colour glyphs: the mark every game colour carries, so no one needs to see the colour to know it.

Glossary:
- shape glyph: a glyph named by one of SHAPES (`glyph: triangle`): a filled outline that reads the
  same in every language. The print kit draws it as a vector path, the companion serves it as an SVG;
  both from the outlines below.
- letter glyph: 1-2 characters (`glyph: G`), the form of layout schema 1; still drawn as text, but a
  letter is an initial in one language only (`rollsheet check` says so).
- outline: closed loops of points in a unit square, x right and y down, filled by the non-zero rule (a
  ring's inner loop runs the other way round: it is the hole).
- suggestion: the shape a letter glyph would mechanically become (`suggested_shapes`): the unused
  shape nearest the colour's hue, so an upgrade of schema 1 to 2 needs no person to choose.
"""
from __future__ import annotations

import colorsys
import math

Point = tuple[float, float]


def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int) -> list[Point]:
    """Points on a circle from angle `start` to `end` (degrees, counter-clockwise as seen with y down)."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
             cy - r * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1)]


def _centred(points: list[Point]) -> list[Point]:
    """The points moved so their bounding box sits in the middle of the unit square."""
    dx = 0.5 - (min(x for x, _ in points) + max(x for x, _ in points)) / 2
    dy = 0.5 - (min(y for _, y in points) + max(y for _, y in points)) / 2
    return [(x + dx, y + dy) for x, y in points]


def _crescent() -> list[Point]:
    """A disc less an offset disc: the outer arc round the left, the inner arc back."""
    r1, r2, d = 0.47, 0.4, 0.22
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    tip = math.degrees(math.atan2(math.sqrt(r1 * r1 - a * a), a))
    inner = math.degrees(math.atan2(math.sqrt(r1 * r1 - a * a), a - d))
    return _centred(_arc(0.5, 0.5, r1, tip, 360 - tip, 28) + _arc(0.5 + d, 0.5, r2, 360 - inner, inner, 20)[1:-1])


def _heart() -> list[Point]:
    points = [(16 * math.sin(t) ** 3, -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
              for t in (2 * math.pi * i / 40 for i in range(40))]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    scale = 0.94 / max(max(x for x, _ in points) - left, max(y for _, y in points) - top)
    return _centred([((x - left) * scale, (y - top) * scale) for x, y in points])


SHAPES: dict[str, list[list[Point]]] = {
    "triangle": [[(0.5, 0.06), (0.97, 0.9), (0.03, 0.9)]],
    "circle": [_arc(0.5, 0.5, 0.43, 0, 360, 32)[:-1]],
    "square": [[(0.06, 0.06), (0.94, 0.06), (0.94, 0.94), (0.06, 0.94)]],
    "diamond": [[(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)]],
    "bowtie": [[(0.03, 0.1), (0.5, 0.4), (0.97, 0.1), (0.97, 0.9), (0.5, 0.6), (0.03, 0.9)]],
    "dome": [_arc(0.5, 0.73, 0.47, 0, 180, 24)],
    "bars": [[(0.04, y), (0.96, y), (0.96, y + 0.2), (0.04, y + 0.2)] for y in (0.1, 0.4, 0.7)],
    "ring": [_arc(0.5, 0.5, 0.47, 0, 360, 30)[:-1], _arc(0.5, 0.5, 0.23, 360, 0, 30)[:-1]],
    "crescent": [_crescent()],
    "heart": [_heart()],
    "cross": [[(0.35, 0.04), (0.65, 0.04), (0.65, 0.35), (0.96, 0.35), (0.96, 0.65), (0.65, 0.65), (0.65, 0.96),
               (0.35, 0.96), (0.35, 0.65), (0.04, 0.65), (0.04, 0.35), (0.35, 0.35)]],
}
"""Every shape glyph by name: its outline loops in a unit square (x right, y down)."""

HUES = {"triangle": 0, "dome": 30, "circle": 55, "diamond": 120, "crescent": 180, "square": 215, "bowtie": 280,
        "heart": 330}
"""The hue (degrees) each coloured shape suggests itself for: red triangle, yellow circle, blue square ..."""
GREYS = ("ring", "bars")
"""Shapes for colours without a hue (grey, black); a dark one takes `bars` first."""


def is_shape(glyph: str) -> bool:
    """True for a shape glyph, False for a letter glyph."""
    return glyph in SHAPES


def checked_glyph(glyph: str) -> str:
    """A glyph as a layout may declare it: a shape name, or 1-2 characters; ValueError says which."""
    if is_shape(glyph) or 1 <= len(glyph) <= 2 and glyph.strip() == glyph:
        return glyph
    raise ValueError(f"unknown glyph {glyph!r}: a shape ({', '.join(SHAPES)}) or 1-2 characters")


def svg(name: str) -> str:
    """A shape glyph as an SVG image of a 100 x 100 square, its path (id `glyph`) filled in the current colour."""
    loops = " ".join("M" + " L".join(f"{x * 100:.1f} {y * 100:.1f}" for x, y in loop) + " Z" for loop in SHAPES[name])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true">'
            f'<path id="glyph" fill="currentColor" fill-rule="nonzero" d="{loops}"/></svg>')


def suggested_shapes(colours: dict[str, tuple[str, str]]) -> dict[str, str]:
    """For colours {id: (rgb, glyph)}, the shape of each: shape glyphs kept, each letter glyph in order
    given the unused shape nearest its hue (greys: ring or bars), then any shape left."""
    taken = {glyph for _, glyph in colours.values() if is_shape(glyph)}
    chosen = {}
    for colour, (rgb, glyph) in colours.items():
        if is_shape(glyph):
            chosen[colour] = glyph
            continue
        free = [name for name in _preference(rgb) if name not in taken]
        chosen[colour] = free[0] if free else glyph
        taken.add(chosen[colour])
    return chosen


def _preference(rgb: str) -> list[str]:
    """Shapes in the order a colour takes them: nearest hue first (greys: their shapes first)."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*(int(rgb[i:i + 2], 16) / 255 for i in (1, 3, 5)))
    if saturation < 0.15 or lightness < 0.12:
        greys = list(GREYS) if lightness >= 0.25 else list(reversed(GREYS))
        return greys + [name for name in SHAPES if name not in greys]
    by_hue = sorted(HUES, key=lambda name: min(abs(hue * 360 - HUES[name]), 360 - abs(hue * 360 - HUES[name])))
    return by_hue + [name for name in SHAPES if name not in by_hue]


def letter_notes(colours: dict[str, tuple[str, str]], source: str) -> list[str]:
    """One `FILE: colours.ID.glyph: note` line per letter glyph, naming the shape it would take."""
    shapes = suggested_shapes(colours)
    return [f"{source}: colours.{colour}.glyph: {glyph!r} is a letter, an initial in one language only; "
            f"a shape reads in any language: glyph: {shapes[colour]}"
            for colour, (_, glyph) in colours.items() if not is_shape(glyph)]
