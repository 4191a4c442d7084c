"""What every block of a printable has: a type and a box in mm on its sheet."""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from layouts import plurals

Mm = Annotated[float, Field(ge=0, le=420)]
Box = tuple[Mm, Mm, Annotated[float, Field(gt=0, le=420)], Annotated[float, Field(gt=0, le=420)]]
"""x, y (from the sheet's top left corner), width, height; all mm."""
MM_PER_PT = 25.4 / 72
"""A point (type sizes are in points) in mm: the printer's and the phone's sheet alike."""

Icon = Literal[
    "arrow", "artifact", "temple", "star", "plus", "shield", "circle", "double_circle",
    "house", "shop", "factory", "tree", "pin", "die1", "die2", "die3", "die4", "die5", "die6",
    "layers", "cube", "eye", "lock", "bridge",
]
"""The vector icons the kit draws (sheets/icons.py); never font glyphs."""


def _known(kind: str) -> AfterValidator:
    """Check a name against the game's own `kind` (colours, tables) given as context."""

    def check(name: str, info: ValidationInfo) -> str:
        known = (info.context or {}).get(kind)
        if known is not None and name not in known:
            raise ValueError(f"unknown {kind[:-1]} {name!r}; this game has: {', '.join(known) or 'none'}")
        return name

    return AfterValidator(check)


def _fills_values(text: str, info: ValidationInfo) -> str:
    values = (info.context or {}).get("values")
    wrong = plurals.problems(text)
    if wrong:
        raise ValueError(f"{text!r}: {wrong[0]}")
    if values is not None and "{" in text:
        try:
            [values[name] for name in plurals.counted(text)]
            plurals.without_blocks(text).format_map(values)
        except (KeyError, ValueError, IndexError) as error:
            raise ValueError(f"{text!r}: placeholder {error} is not a value of this game") from None
    return text


class _Words:
    """The mark of a schema field people read: a layout's language overlays translate it."""

    def __repr__(self) -> str:
        return "WORDS"


WORDS = _Words()
Words = Annotated[str, WORDS]
"""Text people read (a label, a title, a sentence): translated by the layout's overlays (layouts/translations.py)."""

Scored = Annotated[bool, Field(description="read by the scoring; false for one the score form leaves out "
                                          "(`rollsheet check` asks every coloured one to be scored)")]
"""Whether a coloured column, track or row of a sheet is scored (layouts/consistency.py)."""
ColourRef = Annotated[str, _known("colours")]
TableRef = Annotated[str, _known("tables")]
ShapeRef = Annotated[str, _known("shapes")]
ValueRef = Annotated[str, _known("values")]
"""The name of one of the game's house values, standing for its number."""
ValueText = Annotated[str, WORDS, AfterValidator(_fills_values)]
"""Text whose {name} placeholders are filled from the game's values."""


class Strict(BaseModel):
    """Base of every layout model: frozen, unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Named(Strict):
    """An item shown by a game colour (swatch and glyph) or by a label, at least one of them."""

    kind: ClassVar[str] = "item"
    colour: ColourRef | None = None
    label: ValueText | None = None

    @model_validator(mode="after")
    def _named(self):
        if not (self.colour or self.label):
            raise ValueError(f"a {self.kind} needs a colour or a label")
        return self


class BlockBase(Strict):
    """A block placed in a box; subclasses add a `type` literal and their data."""

    at: Box = Field(description="the block's box on its sheet: x, y (from the top left corner), width, height; all mm")
    overlap: bool = Field(False, description="may overlap other blocks (a frame around them); "
                                             "else `rollsheet check` refuses overlapping boxes")
