"""How a print colour stands out on white paper: WCAG 2.1 contrast, and the darker shade that is enough.

Lines, glyphs and text printed in a game colour need 3:1 against white (non-text contrast, 1.4.11);
a lighter colour (a yellow) keeps its `rgb` for fills and prints its marks in a darker `line`.
"""
from __future__ import annotations

import colorsys

MARK_CONTRAST = 3.0


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
