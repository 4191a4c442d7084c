"""Drawing one block of each kind; `DRAWERS` maps a block's `type` to its function.

Every drawer is `draw(pen, block, ctx)`. Blocks in `PER_COPY` change per copy
and are drawn on every sheet; all others are drawn once per document.
"""
from sheets.blocks.columns import draw_box_columns
from sheets.blocks.grid import draw_grid
from sheets.blocks.shapes import draw_shapes
from sheets.blocks.qr import draw_qr
from sheets.blocks.table import draw_table
from sheets.blocks.text import draw_copy_text, draw_name_line, draw_rule, draw_text, draw_write_box
from sheets.blocks.track import draw_tally, draw_track

DRAWERS = {
    "text": draw_text,
    "name_line": draw_name_line,
    "write_box": draw_write_box,
    "copy_text": draw_copy_text,
    "table": draw_table,
    "qr": draw_qr,
    "box_columns": draw_box_columns,
    "rule": draw_rule,
    "grid": draw_grid,
    "track": draw_track,
    "tally": draw_tally,
    "shapes": draw_shapes,
}
PER_COPY = {"copy_text"}
