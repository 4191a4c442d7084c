"""Blocks every game uses: text, lines and boxes to write in, tables, QR codes."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, ColourRef, TableRef, ValueText


class Text(BlockBase):
    type: Literal["text"]
    text: ValueText
    size: float = Field(10, ge=7, le=72, description="largest font size in pt; shrinks to fit")
    align: Literal["left", "center", "right"] = "left"
    bold: bool = False
    colour: ColourRef | None = None


class NameLine(BlockBase):
    type: Literal["name_line"]
    label: ValueText = "Name"


class WriteBox(BlockBase):
    """A labelled box to write a number in (a total, a start player mark)."""

    type: Literal["write_box"]
    label: ValueText
    emphasis: bool = False


class ValueTable(BlockBase):
    """The game's named tables side by side: one column per table, one row per index."""

    type: Literal["table"]
    tables: list[TableRef] = Field(min_length=1)
    header: ValueText = "boxes"
    first: int = Field(0, ge=0, description="first index shown")


class Qr(BlockBase):
    """The QR code to the companion (`<URL>/play/<game>`), printed when a URL is known."""

    type: Literal["qr"]
    caption: ValueText = "Scan for dice & scores"


class Rule(BlockBase):
    """A straight line along the middle of its box, vertical when the box is taller than wide."""

    type: Literal["rule"]
    width: float = Field(1.0, ge=0.5, le=6, description="line width in pt")
    dash: bool = False


class CopyText(BlockBase):
    """Text that changes per copy: `{copy}` is the sheet number, `{player}` the player."""

    type: Literal["copy_text"]
    text: str = "#{copy}"
    size: float = Field(8, ge=7, le=24)
    align: Literal["left", "center", "right"] = "right"
