"""The points table: the game's named tables side by side, one row per index."""
from __future__ import annotations

from reportlab.lib.colors import black


def draw_table(pen, block, ctx):
    """Header row of table labels, then one row per index from `block.first`."""
    x, y, w, h = block.at
    tables = [ctx.game.tables[name] for name in block.tables]
    length = max(len(t.values) for t in tables)
    rows = list(range(block.first, length))
    row_h = h / (len(rows) + 1)
    index_w = w * 0.22
    col_w = (w - index_w) / len(tables)
    size = min(9.0, row_h * 2.0)
    pen.rect(x, y, w, h, width=0.8)
    pen.fit_text((x, y, index_w, row_h), ctx.text(block.header), size, bold=True, align="center")
    for i, table in enumerate(tables):
        pen.fit_text((x + index_w + i * col_w, y, col_w, row_h), table.label, size, bold=True, align="center")
    pen.line(x, y + row_h, x + w, y + row_h, width=0.8)
    for r, index in enumerate(rows, start=1):
        top = y + r * row_h
        if r % 2 == 0 and ctx.ink.stripe:
            pen.rect(x, top, w, row_h, stroke=None, fill=ctx.ink.stripe)
        pen.fit_text((x, top, index_w, row_h), str(index), size, bold=True, align="center")
        for i, table in enumerate(tables):
            value = table.values[index] if index < len(table.values) else ""
            pen.fit_text((x + index_w + i * col_w, top, col_w, row_h), str(value), size, align="center", colour=black)
    pen.line(x + index_w, y, x + index_w, y + h, width=0.6)
