"""The points table: the game's named tables side by side, a row per index (or, turned, a column per index)."""
from __future__ import annotations

from reportlab.lib.colors import black

HEAD_SHARE = 0.2
"""The share of the width kept for the first column (the index, or the table labels when turned)."""
PAD = 0.4
"""mm between a cell's text and the cell's edges."""


def draw_table(pen, block, ctx):
    """A header line of table labels, then a line per index from `block.first`: rows, or columns when horizontal."""
    x, y, w, h = block.at
    tables = [ctx.game.tables[name] for name in block.tables]
    indices = range(block.first, max(len(t.values) for t in tables))
    lines = [[ctx.text(block.header)] + [t.label for t in tables]]
    lines += [[str(i)] + [str(t.values[i]) if i < len(t.values) else "" for t in tables] for i in indices]
    across = block.orientation == "horizontal"
    rows, cols = (len(lines[0]), len(lines)) if across else (len(lines), len(lines[0]))
    head = w * HEAD_SHARE
    col_w, row_h = (w - head) / (cols - 1), h / rows
    size = min(9.0, row_h * 2.0)
    pen.rect(x, y, w, h, width=0.8)

    def cell(line: int, item: int):
        r, c = (item, line) if across else (line, item)
        return (x if c == 0 else x + head + (c - 1) * col_w), y + r * row_h, head if c == 0 else col_w, row_h

    if ctx.ink.stripe:
        for line in range(2, len(lines), 2):
            first, last = cell(line, 0), cell(line, len(lines[0]) - 1)
            pen.rect(first[0], first[1], last[0] + last[2] - first[0], last[1] + last[3] - first[1], stroke=None,
                     fill=ctx.ink.stripe)
    for i, line in enumerate(lines):
        for j, text in enumerate(line):
            left, top, width, height = cell(i, j)
            pen.fit_text((left + PAD, top, width - 2 * PAD, height), text, size, bold=i == 0 or j == 0,
                         align="center", colour=black)
    pen.line(x, y + row_h, x + w, y + row_h, width=0.8)
    pen.line(x + head, y, x + head, y + h, width=0.6)
