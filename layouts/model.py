"""Schema of a game's layout file.

Glossary:
- Colour: a named print colour with its colour-blind glyph (same on paper and phone): a shape by name
  (`triangle`, layouts/glyphs.py), or in layouts of schema 1 a letter.
- Die: how many identical dice a game rolls and their faces (colour ids or numbers).
- Table: a named row of numbers indexed from 0 (points by boxes filled, token stacks).
- values: named house values (bridge bonus, points per district...).
- Printable: one kind of sheet or card, a fixed size in mm made of blocks.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, field_validator, model_validator

from layouts.blocks import Block
from layouts.blocks.base import ColourRef, Strict, Words
from layouts.blocks.places import id_problems
from layouts.glyphs import SHAPES, checked_glyph
from layouts.lists import SharedList
from layouts.patterns import Pattern
from layouts.plurals import fill_counts
from layouts.polycubes import Piece
from layouts.scoring_names import ScoringSection
from layouts.shapes import Shape
from layouts.table import Mechanic
from layouts.upgrade import CURRENT

GameId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
Mm = Annotated[float, Field(gt=0, le=420)]

BGG_MOST = 2**31 - 1
"""The highest BoardGameGeek id a layout may give (a whole number, never true or false)."""


class Colour(Strict):
    label: Words = Field(min_length=1, description="the colour's name, e.g. Red")
    rgb: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="print colour as #rrggbb")
    glyph: Annotated[str, AfterValidator(checked_glyph)] = Field(
        description=f"colour-blind glyph: a shape ({', '.join(SHAPES)}) or, as in schema 1, 1-2 characters")
    line: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$",
                             description="a darker shade the sheets print this colour's lines, glyphs and text in, "
                                         "for a light rgb (a yellow) under 3:1 against white paper")


class PlayerRange(Strict):
    min: int = Field(ge=1, le=8, description="fewest players")
    max: int = Field(ge=1, le=8, description="most players")

    @model_validator(mode="after")
    def _ordered(self):
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


class Die(Strict):
    id: str = Field(description="the die's name, used by the table's picks (`active_pick: {white: 2}`)")
    count: int = Field(ge=1, le=12, description="how many identical dice are rolled")
    faces: list[int | ColourRef] = Field(min_length=2, description="the faces: numbers or colour ids")
    colour: ColourRef | None = Field(None, description="the die's own colour (a coloured die with numbers)")
    labels: dict[int | str, str] = Field({}, description="how a face reads at the table, e.g. {0: '0/10'}")


class Table(Strict):
    label: Words = Field(description="the table's name on paper")
    values: list[int] = Field(min_length=1, description="its numbers, indexed from 0 (points by boxes filled)")


class Printable(Strict):
    title: Words = Field(description="what `rollsheet list` and the PDF call it")
    size: tuple[Mm, Mm] = Field(description="width and height of one sheet or card, mm")
    per: str = Field("player", pattern="^(player|table|pattern)$",
                     description="copies per player, one per table, or one per structure pattern")
    gutter: float = Field(6, ge=0, le=30, description="space between sheets on a page, mm; 0 for cards")
    grow: bool = Field(False, description="scaled up to fill the safe area of larger paper (a board on A3)")
    blocks: list[Block] = Field(min_length=1, description="what the sheet or card holds, each block in its mm box")
    back: list[Block] = Field([], description="a card back shared by all copies, printed with --backs")

    @field_validator("blocks")
    @classmethod
    def _ids_unique(cls, blocks: list):
        repeated = id_problems(blocks)
        if repeated:
            raise ValueError("; ".join(repeated))
        return blocks


class Game(Strict):
    schema_version: int = Field(CURRENT, alias="schema", ge=1, le=CURRENT,
                                description=f"the layout schema the file is written for ({CURRENT} today; older "
                                            f"files are upgraded on reading, `rollsheet upgrade` rewrites them)")
    id: GameId = Field(description="the game's id: its file name (`harbour.yaml` says `id: harbour`)")
    name: Words = Field(description="the game's name")
    players: PlayerRange = Field(description="how many may play: {min, max}")
    bgg_id: Annotated[int, Field(strict=True, ge=1, le=BGG_MOST)] | None = Field(
        None, description="the game's BoardGameGeek id, which 'Send to BG Stats' hands on (BG Stats matches a game by "
                          "its name without one)")
    colours: dict[str, Colour] = Field(description="the game's colours by id, each with its print colour and glyph")
    dice: list[Die] = Field([], description="the dice the companion rolls")
    tables: dict[str, Table] = Field({}, description="named rows of numbers (points by boxes filled, token stacks)")
    values: dict[str, int] = Field({}, description="house values by name; every text may say {name}")
    lists: dict[GameId, SharedList] = Field({}, description="shared crossed-off lists (layouts/lists.py)")
    shapes: list[Shape] = Field([], description="the polyomino catalogue (Copenhagen's tiles)")
    pieces: list[Piece] = Field([], description="the polycube pieces (Monolyth)")
    patterns: list[Pattern] = Field([], description="Monolyth structure cards")
    printables: dict[GameId, Printable] = Field({}, description="the sheets and cards `rollsheet print` makes, by name")
    table: Mechanic | None = Field(None, description="the companion's dice or market mechanic (layouts/table.py)")
    scoring: ScoringSection = Field(
        None, description="end-of-game scoring: form fields, points, checks (layouts/scoring.py)")

    @field_validator("shapes", "pieces", "patterns")
    @classmethod
    def _ids_unique(cls, items: list):
        ids = [item.id for item in items]
        repeated = [f"{i} (at [{ids.index(i)}] and [{n}])" for n, i in enumerate(ids) if i in ids[:n]]
        if repeated:
            raise ValueError(f"ids repeat: {', '.join(repeated)}")
        return items

    @model_validator(mode="after")
    def _patterns_for_cards(self):
        for name, spec in self.printables.items():
            cards = spec.per == "pattern" or any(block.type == "structure_card" for block in spec.blocks)
            if cards and not self.patterns:
                raise ValueError(f"printables.{name}: structure cards, but the game has no patterns")
        return self

    @model_validator(mode="after")
    def _table_fits(self):
        picks = [getattr(self.table, name, {}) for name in ("active_pick", "others_pick")]
        for name, pick in zip(("active_pick", "others_pick"), picks, strict=True):
            unknown = sorted({die for key in pick for die in key.split("|")} - {die.id for die in self.dice})
            if unknown:
                known = ", ".join(d.id for d in self.dice)
                raise ValueError(f"table.{name}: no die {unknown[0]!r}; the dice are {known}")
        if self.table and self.table.kind == "market-ring" and not self.pieces:
            raise ValueError("table: a market ring needs the game's pieces")
        if self.table and self.table.kind != "market-ring" and not self.dice:
            raise ValueError(f"table: {self.table.kind} needs the game's dice")
        return self

    def amount(self, amount: int | str) -> int:
        """A number written in the layout, or the house value it names."""
        return self.values[amount] if isinstance(amount, str) else amount

    def shape(self, shape_id: str) -> Shape:
        """The shape with this id."""
        return next(s for s in self.shapes if s.id == shape_id)


def fill_values(text: str, values: dict[str, int], lang: str = "en") -> str:
    """Put the game's house values into a text's {name} placeholders and plural blocks (layouts/plurals.py)."""
    return fill_counts(text, lang, values.__getitem__).format_map(values) if "{" in text else text
