"""Ink modes: how a game colour prints in `color`, `low` and `mono` ink.

- color: full colour fills and lines.
- low: outlines in colour, fills as light tints; write-in areas stay white.
- mono: black only; the colour's glyph says which colour is meant.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white

INK_MODES = ("color", "low", "mono")
GREY = Color(0.55, 0.55, 0.55)


def _tint(colour: Color, amount: float) -> Color:
    """The colour mixed with white; amount 1 is the colour itself."""
    return Color(*(1 - amount * (1 - part) for part in colour.rgb()))


@dataclass(frozen=True)
class Ink:
    mode: str = "color"
    lines: tuple[tuple[str, str], ...] = ()
    """(rgb, line): the darker shade a light game colour's marks print in (its layout's `line`)."""

    def for_game(self, colours: dict) -> Ink:
        """This ink with the game's colours' darker line shades."""
        return Ink(self.mode, tuple((c.rgb.lower(), c.line) for c in colours.values() if c.line))

    def strong(self, rgb: str) -> Color:
        """Lines, glyphs and headings in a game colour (its darker `line` shade when it has one)."""
        return black if self.mode == "mono" else HexColor(dict(self.lines).get(rgb.lower(), rgb))

    def fill(self, rgb: str) -> Color | None:
        """A solid area in a game colour (a header band, a swatch); None in mono."""
        return {"color": HexColor(rgb), "low": _tint(HexColor(rgb), 0.3), "mono": None}[self.mode]

    def tint(self, rgb: str) -> Color | None:
        """A light background behind write-in boxes; None where paper stays white."""
        return {"color": _tint(HexColor(rgb), 0.22), "low": None, "mono": None}[self.mode]

    def on_fill(self, rgb: str) -> Color:
        """Text on `fill(rgb)`: white on a dark colour, else black (always black in low and mono)."""
        if self.mode != "color":
            return black
        r, g, b = HexColor(rgb).rgb()
        return white if 0.299 * r + 0.587 * g + 0.114 * b < 0.6 else black

    @property
    def stripe(self) -> Color | None:
        """The light band behind every other table row; none in mono."""
        return None if self.mode == "mono" else Color(0.92, 0.92, 0.92)

    @property
    def muted(self) -> Color:
        """Secondary lines and hints."""
        return black if self.mode == "mono" else GREY
