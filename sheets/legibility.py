"""Will people see what a layout prints? Characters the print font has, colours that stand out on paper.

- characters: the kit prints text in ReportLab's built-in Helvetica, whose encoding (WinAnsi, Python's
  cp1252) covers English, German and Spanish; a character outside it (an arrow "↗", a "◎") comes out
  as a black box, so `check` names the character and the text it is in.
- contrast: lines, glyphs and text printed in a game colour need 3:1 against white paper
  (layouts/colours.py); `check` gives the ratio and a darker `line` value that passes.
"""
from __future__ import annotations

import unicodedata

from layouts import Game
from layouts.colours import MARK_CONTRAST, contrast_on_white, darker
from layouts.glyphs import is_shape
from layouts.translations import words

PRINT_FONT = "Helvetica"
PRINT_ENCODING = "cp1252"
"""Python's codec of the print font's WinAnsi encoding (sheets/units.py draws in Helvetica)."""


def glyph_problems(game: Game) -> list[str]:
    """`path: message` for each printed text holding a character the print font cannot draw."""
    texts = {path: text for path, text in words(game).items() if path.startswith("printables.")}
    texts |= {f"colours.{name}.glyph": c.glyph for name, c in game.colours.items() if not is_shape(c.glyph)}
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
