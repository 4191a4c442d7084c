"""Millimetres in, points out: the one place that converts units and flips y.

A Pen draws on a ReportLab canvas in mm measured from the top-left corner of
the sheet (or card) being drawn, the way layouts are written.
"""
from __future__ import annotations

import math

from reportlab.lib.colors import Color, black
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import FILL_NON_ZERO

MIN_LINE_PT = 0.5
MIN_TEXT_PT = 7.0
FONTS = {False: "Helvetica", True: "Helvetica-Bold"}


class Pen:
    """Draws in mm from the top-left of a sheet `height` mm tall.

    `overflows`, when given, collects (text, box) for every text that does not fit
    its box even at 7 pt (the print preflight reads it); drawing goes on regardless.
    """

    def __init__(self, canvas, height: float, overflows: list | None = None):
        self.canvas = canvas
        self.height = height
        self.overflows = overflows

    @property
    def scale(self) -> float:
        """How much the page enlarges what this pen draws (a grown board on A3); 1 inside a form."""
        a, b = self.canvas._currentMatrix[:2]  # ReportLab's current transform, kept with the graphics state
        return math.hypot(a, b)

    def overflowed(self, text: str, box) -> None:
        """Note a text that does not fit its box at 7 pt, when this pen collects them."""
        if self.overflows is not None:
            self.overflows.append((text, box))

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return x * mm, (self.height - y) * mm

    def _style(self, stroke: Color | None, fill: Color | None, width: float, dash=None):
        c = self.canvas
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(max(width, MIN_LINE_PT))
            c.setDash(dash or [])
        if fill is not None:
            c.setFillColor(fill)
        return {"stroke": int(stroke is not None), "fill": int(fill is not None)}

    def rect(self, x, y, w, h, stroke=black, fill=None, width=0.8, radius=0.0, dash=None):
        """A rectangle from its top-left corner."""
        style = self._style(stroke, fill, width, dash)
        px, py = self._xy(x, y + h)
        if radius:
            self.canvas.roundRect(px, py, w * mm, h * mm, radius * mm, **style)
        else:
            self.canvas.rect(px, py, w * mm, h * mm, **style)

    def line(self, x1, y1, x2, y2, stroke=black, width=0.8, dash=None):
        """A straight line."""
        self._style(stroke, None, width, dash)
        self.canvas.line(*self._xy(x1, y1), *self._xy(x2, y2))

    def circle(self, cx, cy, r, stroke=black, fill=None, width=0.8):
        """A circle around its centre."""
        style = self._style(stroke, fill, width)
        self.canvas.circle(*self._xy(cx, cy), r * mm, **style)

    def polygon(self, points, stroke=black, fill=None, width=0.8, close=True):
        """A polygon (or open polyline) through points given in mm."""
        style = self._style(stroke, fill, width)
        path = self.canvas.beginPath()
        path.moveTo(*self._xy(*points[0]))
        for point in points[1:]:
            path.lineTo(*self._xy(*point))
        if close:
            path.close()
        self.canvas.drawPath(path, **style)

    def loops(self, loops, fill: Color) -> None:
        """Closed loops of points (mm) filled as one path, non-zero rule: an inner loop run the other way is a hole."""
        # the kit's other fills are even-odd (ReportLab's default): a glyph is the path filled non-zero
        self._style(None, fill, 0)
        path = self.canvas.beginPath()
        for loop in loops:
            path.moveTo(*self._xy(*loop[0]))
            for point in loop[1:]:
                path.lineTo(*self._xy(*point))
            path.close()
        self.canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)

    def text(self, x, y, text, size=10.0, bold=False, colour=black, align="left"):
        """One line of text with its baseline at y; x is its left, centre or right."""
        c = self.canvas
        c.setFillColor(colour)
        c.setFont(FONTS[bold], max(size, MIN_TEXT_PT))
        draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}[align]
        draw(*self._xy(x, y), text)

    def fit_text(self, box, text, size=10.0, bold=False, colour=black, align="left", valign="middle"):
        """Text wrapped and shrunk (never below 7 pt) to fit a box (x, y, w, h)."""
        size, lines = fit_lines(text, box[2], box[3], size, FONTS[bold])
        if not lines_fit(lines, size, FONTS[bold], box[2], box[3]):
            self.overflowed(text, box)
        self.text_lines(box, lines, size, bold, colour, align, valign)

    def text_lines(self, box, lines, size, bold=False, colour=black, align="left", valign="middle"):
        """Lines already fitted to a box (see `fit_lines`), placed in it as `fit_text` places them."""
        for i, line in enumerate(lines):
            self.text(*line_origin(box, size, align, valign, len(lines), i), line, size, bold, colour, align)

    def text_upward(self, cx, cy, text, size=10.0, bold=False, colour=black):
        """One line of text centred on (cx, cy), turned to read from bottom to top."""
        c = self.canvas
        c.saveState()
        c.translate(*self._xy(cx, cy))
        c.rotate(90)
        c.setFillColor(colour)
        c.setFont(FONTS[bold], max(size, MIN_TEXT_PT))
        c.drawCentredString(0, -size * 0.35, text)
        c.restoreState()


def line_origin(box, size: float, align="left", valign="middle", count=1, index=0) -> tuple[float, float]:
    """Where `text_lines` puts line `index` of `count` in a box: the anchor x and the baseline y, mm."""
    x, y, w, h = box
    leading = size * 1.15 / mm
    top = {"top": y, "middle": y + (h - leading * count) / 2, "bottom": y + h - leading * count}[valign]
    anchor = {"left": x, "center": x + w / 2, "right": x + w}[align]
    return anchor, top + leading * (index + 0.8)


def lines_fit(lines: list[str], size: float, font: str, width: float, height: float) -> bool:
    """True when the lines at `size` pt fit width x height mm."""
    widest = max((stringWidth(line, font, size) for line in lines), default=0)
    return len(lines) * size * 1.15 <= height * mm + 0.01 and widest <= width * mm + 0.01


def fit_lines(text: str, width: float, height: float, size: float, font: str) -> tuple[float, list[str]]:
    """The largest size (down to 7 pt) at which text wraps into width x height mm, and its lines.

    Text that does not fit even at 7 pt comes back at 7 pt; `lines_fit` tells.
    """
    size = max(size, MIN_TEXT_PT)
    while True:
        lines = simpleSplit(text, font, size, width * mm)
        if size <= MIN_TEXT_PT or lines_fit(lines, size, font, width, height):
            return size, lines
        size = max(MIN_TEXT_PT, size - 0.5)


class TextStamp:
    """One line of text at one place on many sheets (the sheet number): placed once, then each
    sheet's text is written as PDF operators, without a ReportLab text object per sheet."""

    def __init__(self, pen: Pen, x: float, y: float, size: float, bold=False, colour: Color = black, align="left"):
        self.canvas = pen.canvas
        self.font, self.size, self.colour = FONTS[bold], max(size, MIN_TEXT_PT), colour
        self.shift = {"left": 0.0, "center": 0.5, "right": 1.0}[align]
        self.x, self.y = pen._xy(x, y)
        plain = type(colour) is Color and colour.alpha == 1
        self.fill = f"{fp_str(colour.rgb())} rg" if plain else None

    def write(self, placed) -> None:
        """Write each (matrix, text) of `placed`: the text at this place on the sheet the PDF matrix puts."""
        self.canvas.setFont(self.font, self.size)
        self.canvas.addLiteral(" ".join(f"q {matrix} cm {self._operators(text)} Q" for matrix, text in placed))

    def _operators(self, text: str) -> str:
        x = self.x - self.shift * stringWidth(text, self.font, self.size)
        if self.fill and text.isascii() and text.isprintable():
            escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            return f"{self.fill} BT 1 0 0 1 {fp_str(x, self.y)} Tm ({escaped}) Tj ET"
        words = self.canvas.beginText(x, self.y)
        words.setFont(self.font, self.size)
        words.setFillColor(self.colour)
        words.textOut(text)
        return words.getCode()
