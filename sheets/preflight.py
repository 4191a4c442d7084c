"""Print preflight: would a layout print whole and legible on every paper we print on?

For each printable, on a4, letter and a3 (a `grow` printable at the scale it is printed):
- the sheet fits the page's safe area and every block lies on its sheet;
- no two blocks overlap, unless one of them says `overlap: true`;
- a QR code is at least 15 mm;
- every text fits its box at 7 pt or more. Texts are checked by drawing the blocks,
  so whatever strings the game holds (a translated copy too) are the ones measured;
- every printed character is in the print font, every colour's marks stand out on white
  (sheets/legibility.py).
`preflight_languages` runs it for a layout and each of its language overlays (layouts/translations.py),
and names what the layout's sheets and scoring disagree on (layouts/consistency.py).
"""
from __future__ import annotations

from collections.abc import Callable
from io import BytesIO
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from layouts import LANGUAGES, Game, LayoutError, consistency
from layouts.translations import overlay_path, overlays
from sheets.blocks import DRAWERS, PER_COPY
from sheets.blocks.qr import qr_side
from sheets.context import Context
from sheets.ink import Ink
from sheets.legibility import contrast_problems, glyph_problems
from sheets.paper import grow_scale, impose
from sheets.units import Pen

CHECKED_PAPERS = ("a4", "letter", "a3")
QR_MIN = 15.0
"""mm: the smallest QR code a phone scans at arm's length."""
SAMPLE_URL = "http://192.168.100.100:5000"
"""A typical companion address, so QR captions are drawn and measured."""
EPSILON = 0.01


def preflight(game: Game, source: str, lang: str = "en") -> list[str]:
    """One `FILE: path: message` line for each sheet, block or text that would not print whole: `game`
    in `lang` (as `layouts.load(id, lang)` gives it); a text's FILE is the overlay its words come from."""
    words = source if lang == "en" else str(overlay_path(Path(source), lang))
    problems = [f"{words if line.startswith('printables.') else source}: {line}" for line in glyph_problems(game)]
    problems += [f"{source}: {line}" for line in contrast_problems(game)]
    for name, spec in game.printables.items():
        where, said = f"{source}: printables.{name}", f"{words}: printables.{name}"
        scales = {paper: grow_scale(spec.size, paper) if spec.grow else 1.0 for paper in CHECKED_PAPERS}
        for paper, scale in scales.items():
            try:
                impose((spec.size[0] * scale, spec.size[1] * scale), paper, gutter=spec.gutter)
            except ValueError as error:
                problems.append(f"{where}.size: {error} (8 mm margin)")
        for field, blocks in (("blocks", spec.blocks), ("back", spec.back)):
            problems += [f"{where}.{field}{line}" for line in _placement(blocks, spec.size, scales)]
            problems += [f"{said}.{field}{line}" for line in _texts(game, blocks, spec.size[1], lang)]
    return problems


def preflight_languages(layout: Path, load: Callable[[str], Game]) -> tuple[list[str], int]:
    """The problems of a layout (`load(lang)` reads it) in English and in each language it has an overlay
    for, a problem of the layout itself named once; and how many overlays were checked."""
    game = load("en")
    problems = preflight(game, str(layout)) + [f"{layout}: {line}" for line in consistency.problems(game)]
    found = overlays(layout)
    for lang, overlay in found.items():
        if lang not in LANGUAGES:
            problems.append(f"{overlay}: (top): {lang!r} is not a language rollsheet speaks "
                            f"({', '.join(LANGUAGES)}); a new one is added to layouts.translations.LANGUAGES")
            continue
        try:
            problems += preflight(load(lang), str(layout), lang)
        except LayoutError as error:
            problems += error.problems
    return list(dict.fromkeys(problems)), len(found.keys() & set(LANGUAGES))


def _placement(blocks, size, scales) -> list[str]:
    """`[i].at: ...` lines: off the sheet, overlapping an earlier block, a QR code too small."""
    width, height = size
    lines = []
    for i, block in enumerate(blocks):
        x, y, w, h = block.at
        if x + w > width + EPSILON:
            lines.append(f"[{i}].at: reaches {x + w:g} mm across, past the sheet's {width:g} mm "
                         f"(would cross the 8 mm safe margin)")
        if y + h > height + EPSILON:
            lines.append(f"[{i}].at: reaches {y + h:g} mm down, past the sheet's {height:g} mm "
                         f"(would cross the 8 mm safe margin)")
        for j, other in enumerate(blocks[:i]):
            across, down = _overlap(block.at, other.at)
            if across > EPSILON and down > EPSILON and not (block.overlap or other.overlap):
                lines.append(f"[{i}].at: overlaps blocks[{j}] ({other.type}) by {across:g} x {down:g} mm; "
                             f"move one, or let one overlap (`overlap: true`)")
        if block.type == "qr":
            small = [paper for paper, scale in scales.items() if qr_side(block) * scale < QR_MIN - EPSILON]
            if small:
                lines.append(f"[{i}].at: the QR code comes out {qr_side(block) * scales[small[0]]:.3g} mm on "
                             f"{', '.join(small)}; phones need {QR_MIN:g} mm or more")
    return lines


def _overlap(a, b) -> tuple[float, float]:
    """How far two boxes overlap across and down, mm (0 or less: apart)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return round(min(ax + aw, bx + bw) - max(ax, bx), 2), round(min(ay + ah, by + bh) - max(ay, by), 2)


def _texts(game: Game, blocks, height: float, lang: str) -> list[str]:
    """`[i]: ...` lines for texts that do not fit their box at 7 pt, found by drawing every block.

    Blocks that change per copy are drawn for each copy that can differ (each player, each pattern).
    """
    canvas = Canvas(BytesIO())
    players = game.players.max
    ctx = Context(game, Ink(), SAMPLE_URL, players, lang=lang)
    copies = [ctx.for_copy(n, (n - 1) % players + 1) for n in range(1, max(players, len(game.patterns)) + 1)]
    lines = []
    for i, block in enumerate(blocks):
        overflows = []
        pen = Pen(canvas, height, overflows)
        for copy in copies if block.type in PER_COPY else [ctx]:
            DRAWERS[block.type](pen, block, copy)
        if overflows:
            texts = [f"{_quote(text)} ({box[2]:.3g} x {box[3]:.3g} mm)" for text, box in dict(overflows).items()]
            more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
            lines.append(f"[{i}]: text does not fit its space even at 7 pt: {', '.join(texts[:3])}{more}; "
                         f"give it more room or fewer words")
    return lines


def _quote(text: str, most: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= most else text[:most - 3] + "...")
