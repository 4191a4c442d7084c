"""Every kind of block a printable can hold; the `type` key picks the kind."""
from typing import Annotated, Union, get_args

from pydantic import Field

from layouts.blocks.basic import CopyText, Frame, NameLine, Qr, Rule, ScaleBar, Text, ValueTable, WriteBox
from layouts.blocks.board import EdgeBoard, HeightRuler
from layouts.blocks.box_rows import BoxRows
from layouts.blocks.chips import Chips
from layouts.blocks.columns import BoxColumns
from layouts.blocks.dice_fields import DiceFields
from layouts.blocks.grid import Grid
from layouts.blocks.legend import GlyphKey, Legend
from layouts.blocks.polycube import PieceCatalogue, Polycube, StructureCard
from layouts.blocks.region_map import RegionMap
from layouts.blocks.score_pad import ScorePad
from layouts.blocks.shapes import ShapeCatalogue
from layouts.blocks.tokens import TokenSheet
from layouts.blocks.track import Tally, Track

Block = Annotated[
    Union[Text, NameLine, WriteBox, ValueTable, Qr, CopyText, BoxColumns, Rule, ScaleBar, Frame,
          Grid, Track, Tally, BoxRows, ShapeCatalogue,
          RegionMap, DiceFields, Chips, ScorePad, Legend, GlyphKey,
          Polycube, StructureCard, PieceCatalogue, TokenSheet, EdgeBoard, HeightRuler],
    Field(discriminator="type"),
]

BLOCK_TYPES = frozenset(get_args(kind.model_fields["type"].annotation)[0] for kind in get_args(get_args(Block)[0]))
"""The `type` names of all block kinds."""

__all__ = ["BLOCK_TYPES", "Block"]
