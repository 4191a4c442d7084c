"""Will people see what a layout prints? Characters the print font has, colours that stand out on paper.

- characters: the kit prints text in ReportLab's built-in Helvetica, whose encoding (WinAnsi, Python's
  cp1252) covers English, German and Spanish; a character outside it (an arrow "↗", a "◎") comes out
  as a black box, so `check` names the character and the text it is in.
- contrast: lines, glyphs and text printed in a game colour need 3:1 against white paper (WCAG 2.1
  non-text contrast, 1.4.11). A colour lighter than that (a yellow) keeps its `rgb` for fills and
  prints its marks in its darker `line`; `check` gives the ratio and a darker value that passes.
"""
from __future__ import annotations

import colorsys
import unicodedata

from layouts import Game
from layouts.translations import words

PRINT_FONT = "Helvetica"
PRINT_ENCODING = "cp1252"
"""Python's codec of the print font's WinAnsi encoding (sheets/units.py draws in Helvetica)."""
MARK_CONTRAST = 3.0


def glyph_problems(game: Game) -> list[str]:
    """`path: message` for each printed text holding a character the print font cannot draw."""
    texts = {path: text for path, text in words(game).items() if path.startswith("printables.")}
    texts |= {f"colours.{name}.glyph": c.glyph for name, c in game.colours.items()}
    lines = []
    for path, text in texts.items():
        missing = list(dict.fromkeys(ch for ch in text if not _drawable(ch)))
        if missing:
            named = ", ".join(f"{ch!r} ({unicodedata.name(ch, f'U+{ord(ch):04X}')})" for ch in missing)
            lines.append(f"{path}: {named} cannot be printed: the print font ({PRINT_FONT}) has no such character "
                         f"and draws a black box, in {text!r}; write it in words or draw an icon")
    return lines


def _drawable(ch: str) -> bool:
    try:
        ch.encode(PRINT_ENCODING)
    except UnicodeEncodeError:
        return False
    return ch.isprintable() or ch in "\n\t"


def luminance(rgb: str) -> float:
    """The relative luminance of `#rrggbb` (WCAG 2.1)."""
    parts = [int(rgb[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [p / 12.92 if p <= 0.04045 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_on_white(rgb: str) -> float:
    """How a colour stands out against white paper, from 1 (white) to 21 (black)."""
    return 1.05 / (luminance(rgb) + 0.05)


def darker(rgb: str, target: float = MARK_CONTRAST) -> str:
    """The lightest shade of a colour (same hue and saturation) with at least `target` contrast on white."""
    hue, light, saturation = colorsys.rgb_to_hls(*(int(rgb[i:i + 2], 16) / 255 for i in (1, 3, 5)))
    for step in range(101):
        shade = colorsys.hls_to_rgb(hue, light * (1 - step / 100), saturation)
        candidate = "#" + "".join(f"{round(part * 255):02x}" for part in shade)
        if contrast_on_white(candidate) >= target:
            return candidate
    return "#000000"


def contrast_problems(game: Game) -> list[str]:
    """`path: message` for each colour whose printed marks (its `line`, else its `rgb`) fall under 3:1 on white."""
    if not game.printables:
        return []
    lines = []
    for name, colour in game.colours.items():
        ink = colour.line or colour.rgb
        ratio = contrast_on_white(ink)
        if ratio < MARK_CONTRAST:
            fix = darker(ink)
            key = "line" if colour.line else "rgb"
            lines.append(f"colours.{name}.{key}: {ink} has a contrast of {ratio:.1f}:1 on white paper; lines and "
                         f"glyphs printed in it need {MARK_CONTRAST:g}:1 (WCAG non-text contrast): "
                         f"give it `line: \"{fix}\"` ({contrast_on_white(fix):.1f}:1) for its marks, "
                         f"or a darker rgb")
    return lines
