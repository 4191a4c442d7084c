"""Blocks every game uses: text, lines and boxes to write in, tables, QR codes, frames, scale bars."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from layouts.blocks.base import BlockBase, ColourRef, TableRef, ValueText, Words
from layouts.blocks.places import Marked, Place, Rect


class Text(BlockBase):
    type: Literal["text"]
    text: ValueText = Field(description="the words, wrapped to fit the box; {name} puts in a house value")
    heading: ValueText | None = Field(None, description="a bold heading before the words (YOUR TURN): on its own "
                                                        "line when the box has room, else run in before them")
    size: float = Field(10, ge=7, le=72, description="largest font size in pt; shrinks to fit")
    align: Literal["left", "center", "right"] = Field("left", description="left, center or right")
    bold: bool = Field(False, description="bold type")
    colour: ColourRef | None = Field(None, description="printed in this game colour; black when left out")


class NameLine(BlockBase):
    type: Literal["name_line"]
    label: ValueText = Field("Name", description="the word before the line")


class WriteBox(Marked):
    """A labelled box to write a number in (a total, a start player mark): one place, named by the block id."""

    default_id = "box"
    type: Literal["write_box"]
    label: ValueText = Field("", description="the words above the box; without them the box takes the whole block")
    emphasis: bool = Field(False, description="a total: drawn bold with a heavy border")

    @property
    def label_height(self) -> float:
        """mm above the box for its label."""
        return min(6.0, self.at[3] * 0.3) if self.label else 0.0

    def box(self) -> Rect:
        """The box to write in, under the label."""
        x, y, w, h = self.at
        return x, y + self.label_height, w, h - self.label_height

    def places(self, block_id: str) -> list[Place]:
        """The box: one number."""
        return [Place(block_id, "number", block_id, block_id, 1, self.box(), label=self.label or None)]


class ValueTable(BlockBase):
    """The game's named tables side by side: a column per table and a row per index, or turned across."""

    type: Literal["table"]
    tables: list[TableRef] = Field(min_length=1, description="the game's tables to show, side by side")
    header: ValueText = Field("boxes", description="the heading of the index column")
    first: int = Field(0, ge=0, description="first index shown")
    orientation: Literal["vertical", "horizontal"] = Field(
        "vertical", description="horizontal: the indices across the top, a row per table (1 3 6 10 ...)")


class Qr(BlockBase):
    """The QR code to the companion (`<URL>/play/<game>`), printed when a URL is known."""

    type: Literal["qr"]
    caption: ValueText = Field("Scan for dice & scores", description="the line under the code")


class Rule(BlockBase):
    """A straight line along the middle of its box, vertical when the box is taller than wide."""

    type: Literal["rule"]
    width: float = Field(1.0, ge=0.5, le=6, description="line width in pt")
    dash: bool = Field(False, description="a dashed line (a fold or cut)")


class CopyText(BlockBase):
    """Text that changes per copy: `{copy}` is the sheet number, `{player}` the player."""

    type: Literal["copy_text"]
    text: Words = Field("#{copy}", description="`{copy}`: the sheet number, `{player}`: the player")
    size: float = Field(8, ge=7, le=24, description="font size in pt")
    align: Literal["left", "center", "right"] = Field("right", description="left, center or right")


class ScaleBar(BlockBase):
    """A bar `length` mm long with a line of text under it, to check a page was printed at 100 %.

    It measures `length` mm on paper also on a grown board (drawn at 1 / the board's scale).
    """

    type: Literal["scale_bar"]
    length: int = Field(50, ge=10, le=300, description="mm")
    text: Words = Field("Print at 100 %: should measure {length} mm", description="`{length}`: the bar's length")

    @model_validator(mode="after")
    def _fits(self):
        try:
            self.text.format(length=self.length)
        except (KeyError, ValueError, IndexError) as error:
            raise ValueError(f"text: placeholder {error} is unknown; use {{length}}") from None
        if self.at[2] < self.length:
            raise ValueError(f"at: a {self.length} mm bar needs a box {self.length} mm wide, not {self.at[2]:g}")
        if self.at[3] < SCALE_BAR_HEIGHT:
            raise ValueError(f"at: the bar and its line of text need {SCALE_BAR_HEIGHT:g} mm, not {self.at[3]:g}")
        return self


SCALE_BAR_HEIGHT = 5.6
"""mm: end ticks (0.8), the bar (1.5), a gap and one line of 7 pt text."""


class Frame(BlockBase):
    """A rounded border `inset` mm inside its box (a card's frame); it overlaps what it frames."""

    type: Literal["frame"]
    inset: float = Field(1.5, ge=0, le=20, description="mm between the box's edge and the border")
    overlap: bool = Field(True, description="a frame overlaps what it frames")
