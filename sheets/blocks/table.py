"""The points table: the game's named tables side by side, a row per index (or, turned, a column per index)."""
from __future__ import annotations

from reportlab.lib.colors import black
from reportlab.pdfbase.pdfmetrics import stringWidth

from layouts.blocks.base import MM_PER_PT
from sheets.units import FONTS, MIN_TEXT_PT

PAD = 0.4
"""mm between a cell's text and the cell's edges."""
GAP = 1.2
"""mm more that each column takes beyond its widest text when there is room: headers stand apart."""


def draw_table(pen, block, ctx):
    """A header line of table labels, then a line per index from `block.first`: rows, or columns when horizontal."""
    x, y, w, h = block.at
    tables = [ctx.game.tables[name] for name in block.tables]
    indices = range(block.first, max(len(t.values) for t in tables))
    lines = [[ctx.text(block.header)] + [t.label for t in tables]]
    lines += [[str(i)] + [str(t.values[i]) if i < len(t.values) else "" for t in tables] for i in indices]
    across = block.orientation == "horizontal"
    grid = [list(row) for row in zip(*lines, strict=True)] if across else lines  # grid[row][column], as printed
    row_h = h / len(grid)
    size = min(9.0, row_h * 2.0)
    widths = column_widths(grid, w, size)
    lefts = [x + sum(widths[:c]) for c in range(len(widths))]
    pen.rect(x, y, w, h, width=0.8)

    if ctx.ink.stripe:
        for line in range(2, len(lines), 2):
            if across:
                pen.rect(lefts[line], y, widths[line], h, stroke=None, fill=ctx.ink.stripe)
            else:
                pen.rect(x, y + line * row_h, w, row_h, stroke=None, fill=ctx.ink.stripe)
    for r, row in enumerate(grid):
        for c, text in enumerate(row):
            pen.fit_text((lefts[c] + PAD, y + r * row_h, widths[c] - 2 * PAD, row_h), text, size,
                         bold=r == 0 or c == 0, align="center", colour=black)
    pen.line(x, y + row_h, x + w, y + row_h, width=0.8)
    pen.line(x + widths[0], y, x + widths[0], y + h, width=0.6)


def column_widths(grid: list[list[str]], width: float, size: float) -> list[float]:
    """Each column's width, mm: every column as wide as its widest text (bold in the header row and the first
    column), the room left shared so that the narrow columns come out equal (a header such as "Espacio" gets
    its own width, and the columns of numbers stay alike); in proportion when the texts take more than `width`."""
    size = max(size, MIN_TEXT_PT)
    natural = [max(stringWidth(row[c], FONTS[r == 0 or c == 0], size) * MM_PER_PT for r, row in enumerate(grid))
               + 2 * PAD + GAP for c in range(len(grid[0]))]
    if sum(natural) >= width:
        return [width * n / sum(natural) for n in natural]
    wide = sorted(natural, reverse=True)
    for count in range(len(wide)):  # the widest `count` columns keep their width, the others share the rest
        level = (width - sum(wide[:count])) / (len(wide) - count)
        if count == len(wide) - 1 or level >= wide[count]:
            break
    return [max(n, level) for n in natural]
