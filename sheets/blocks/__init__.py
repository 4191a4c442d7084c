"""Drawing one block of each kind; `DRAWERS` maps a block's `type` to its function.

Every drawer is `draw(pen, block, ctx)`. Blocks in `PER_COPY` change per copy (or,
like the scale bar, undo a grown sheet's scale) and are drawn on every sheet; all
others are drawn once per document.
"""
from sheets.blocks.board import draw_edge_board, draw_height_ruler
from sheets.blocks.box_rows import draw_box_rows
from sheets.blocks.chips import draw_chips
from sheets.blocks.columns import draw_box_columns
from sheets.blocks.dice_fields import draw_dice_fields
from sheets.blocks.grid import draw_grid
from sheets.blocks.legend import draw_glyph_key, draw_legend
from sheets.blocks.polycube import draw_piece_catalogue, draw_polycube
from sheets.blocks.qr import draw_qr
from sheets.blocks.region_map import draw_region_map
from sheets.blocks.scale_bar import draw_scale_bar
from sheets.blocks.score_pad import draw_score_pad
from sheets.blocks.shapes import draw_shapes
from sheets.blocks.structure_card import draw_structure_card
from sheets.blocks.table import draw_table
from sheets.blocks.text import draw_copy_text, draw_frame, draw_name_line, draw_rule, draw_text, draw_write_box
from sheets.blocks.tokens import draw_token_sheet
from sheets.blocks.track import draw_tally, draw_track

DRAWERS = {
    "text": draw_text,
    "name_line": draw_name_line,
    "write_box": draw_write_box,
    "copy_text": draw_copy_text,
    "table": draw_table,
    "qr": draw_qr,
    "box_columns": draw_box_columns,
    "region_map": draw_region_map,
    "dice_fields": draw_dice_fields,
    "chips": draw_chips,
    "score_pad": draw_score_pad,
    "legend": draw_legend,
    "glyph_key": draw_glyph_key,
    "polycube": draw_polycube,
    "structure_card": draw_structure_card,
    "piece_catalogue": draw_piece_catalogue,
    "token_sheet": draw_token_sheet,
    "edge_board": draw_edge_board,
    "height_ruler": draw_height_ruler,
    "rule": draw_rule,
    "frame": draw_frame,
    "scale_bar": draw_scale_bar,
    "grid": draw_grid,
    "track": draw_track,
    "tally": draw_tally,
    "box_rows": draw_box_rows,
    "shapes": draw_shapes,
}
PER_COPY = {"copy_text", "chips", "structure_card", "edge_board", "scale_bar", "glyph_key"}
