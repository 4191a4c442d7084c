"""Every kind of block a printable can hold; the `type` key picks the kind."""
from typing import Annotated, Union

from pydantic import Field

from layouts.blocks.board import EdgeBoard, HeightRuler
from layouts.blocks.basic import CopyText, NameLine, Qr, Text, ValueTable, WriteBox
from layouts.blocks.columns import BoxColumns
from layouts.blocks.score_grid import ScoreGrid
from layouts.blocks.polycube import PieceCatalogue, Polycube, StructureCard
from layouts.blocks.tokens import TokenSheet

Block = Annotated[
    Union[Text, NameLine, WriteBox, ValueTable, Qr, CopyText, BoxColumns,
          Polycube, StructureCard, PieceCatalogue, TokenSheet, EdgeBoard, HeightRuler,
          ScoreGrid],
    Field(discriminator="type"),
]

__all__ = ["Block"]
