"""Every kind of block a printable can hold; the `type` key picks the kind."""
from typing import Annotated, Union

from pydantic import Field

from layouts.blocks.basic import CopyText, NameLine, Qr, Rule, Text, ValueTable, WriteBox
from layouts.blocks.columns import BoxColumns
from layouts.blocks.grid import Grid
from layouts.blocks.shapes import ShapeCatalogue
from layouts.blocks.track import Tally, Track

Block = Annotated[
    Union[Text, NameLine, WriteBox, ValueTable, Qr, CopyText, BoxColumns, Rule, Grid, Track, Tally, ShapeCatalogue],
    Field(discriminator="type"),
]

__all__ = ["Block"]
