"""The fields of a layout's score form: what a player reads off the sheet (layouts/scoring.py holds the rules).

Glossary:
- field: one input of a player (JSON key = its id): `count` (a whole number, up to `max`, in steps of
  `step`, or one of its `allowed` values; `optional` ones may stay empty), `flag` (true/false),
  `choice` (one of named `options`, each worth its points: the hand a line made), `tally` (how many of
  `items` are done), `token` (the value of one token from the game's shared `lists`, 0 for none),
  `tokens` (a list of token values, at most one from each list), `group` (one object of sub-fields per
  member: a colour, or any line of the sheet named with a label), `entries` (a list of objects, at most
  `max_items`).
- section: a titled group of fields on the phone form, in the paper's order.
- member: one object of a group: a colour id, or `{id, label}` for anything else (a row, a diagonal).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
)

from layouts import plurals
from layouts.blocks.base import WORDS, ColourRef, Strict, Words
from layouts.expressions import ExprError, parse, placeholders

FieldId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
OptionId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]


def _expression(text: str) -> str:
    try:
        parse(text)
    except ExprError as error:
        raise ValueError(str(error)) from None
    return text


def _text(text: str) -> str:
    for expression in placeholders(text):
        _expression(expression)
    if plurals.problems(text):
        raise ValueError(plurals.problems(text)[0])
    return text


Expr = Annotated[str, BeforeValidator(lambda v: str(v) if type(v) is int else v), Field(min_length=1),
                 AfterValidator(_expression),
                 WithJsonSchema({"anyOf": [{"type": "string", "minLength": 1}, {"type": "integer"}],
                                 "description": "an expression (see the reference: expressions)"})]
"""An expression (layouts/expressions.py); a plain number is one too."""
Text = Annotated[str, WORDS, AfterValidator(_text)]
"""A text whose {expressions} are filled in."""


def _listed(value):
    """A YAML list of values as the expression listing them (`[0, 1, 3]`); anything else as it is."""
    if not isinstance(value, list):
        return value
    if not value or not all(type(number) is int and number >= 0 for number in value):
        raise ValueError(f"{value!r}: write whole numbers from 0, e.g. [0, 1, 3, 8], or an expression giving them "
                         f"(tables.points)")
    return f"[{', '.join(map(str, value))}]"


Allowed = Annotated[str, BeforeValidator(_listed), Field(min_length=1), AfterValidator(_expression),
                    WithJsonSchema({"anyOf": [{"type": "array", "items": {"type": "integer", "minimum": 0},
                                               "minItems": 1}, {"type": "string", "minLength": 1}]})]
"""A count's legal values: a YAML list of whole numbers, or an expression (a list written in it, a table)."""


class Input(Strict):
    id: FieldId = Field(description="the field's key in a player's JSON and its name in expressions")
    label: Text = Field("", description="on the form; default the colour's label")
    colour: ColourRef | None = Field(None, description="shows the colour's swatch and glyph beside it")
    hint: Text = Field("", description="small text under the label")
    from_marks: Expr | None = Field(None, description="the value read off the marks on a seat's sheet: "
                                                      "an expression over the sheet's groups, e.g. "
                                                      "`marked(columns.c8)`; in a group, `member` names the member")


class Count(Input):
    kind: Literal["count"] = Field("count", description="a whole number (the default kind)")
    max: Expr | None = Field(None, description="largest value; no limit when left out")
    step: int = Field(1, ge=1, description="the value is a multiple of this (Kniffel's threes: 3)")
    allowed: Allowed | None = Field(None, description="the only legal values: a list of whole numbers (`[0, 1, 3]`), "
                                                      "or an expression giving one (`tables.points`): the form's "
                                                      "steppers offer just these")
    optional: bool = Field(False, description="may be left empty (then rules reading it do not apply)")
    from_list: str | None = Field(None, description="a room's shared list: the form starts at the items the player "
                                                    "crossed")
    from_counter: str | None = Field(None, description="a counter of the room's table (table.counters): the form "
                                                       "starts at the player's count")


class Flag(Input):
    kind: Literal["flag"] = Field(description="true or false")
    glyph: str = Field("", max_length=2, description="a sign shown with it on the form, e.g. ◎")


class Option(Strict):
    id: OptionId = Field(description="what a player's JSON holds when this option is chosen")
    label: Text = Field(description="the option's name on the form, e.g. 'Full house'")
    points: int = Field(description="what choosing it is worth: the field's value in expressions")


class Choice(Input):
    kind: Literal["choice"] = Field(description="one of named options, each worth its points")
    options: list[Option] = Field(min_length=2, description="the options, the first one chosen until a player "
                                                            "picks another (e.g. 'nothing', 0 points)")

    @field_validator("options")
    @classmethod
    def _ids_unique(cls, options: list[Option]):
        ids = [option.id for option in options]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"option ids repeat: {', '.join(repeated)}")
        return options


class Tally(Input):
    kind: Literal["tally"] = Field(description="how many of `items` are done")
    items: list[ColourRef] = Field(min_length=1, description="the things to tap; the value is how many")


class Token(Input):
    kind: Literal["token"] = Field(description="the value of one token from a shared list, 0 for none")
    lists: list[str] = Field(min_length=1, description="the shared lists (token stacks) it comes from")


class Tokens(Token):
    kind: Literal["tokens"] = Field(description="token values, at most one from each of `lists`")


def _kind(raw) -> str:
    return raw.get("kind", "count") if isinstance(raw, dict) else getattr(raw, "kind", "count")


def one_of(*kinds: type[Input]):
    """A union of field kinds told apart by their `kind` key (`count` when left out)."""
    tagged = tuple(Annotated[kind, Tag(get_args(kind.model_fields["kind"].annotation)[0])] for kind in kinds)
    return Annotated[Union[tagged], Discriminator(_kind)]


GroupField = one_of(Count, Flag, Choice)
EntryField = one_of(Count, Flag, Token)


class Member(Strict):
    id: OptionId = Field(description="the member's key inside the group (`lines.row1.hand`)")
    label: Text = Field(description="how the form and the breakdown name it, e.g. 'Row 1'")
    colour: ColourRef | None = Field(None, description="a colour shown with it")


def _member_named(member, info: ValidationInfo):
    known = (info.context or {}).get("colours")
    if isinstance(member, str) and known is not None and member not in known:
        raise ValueError(f"unknown colour {member!r}; a member that is not a colour is written "
                         f"{{id: {member}, label: ...}}; this game's colours: {', '.join(known) or 'none'}")
    return member


class Group(Input):
    kind: Literal["group"] = Field(description="one object of sub-fields per member")
    members: list[Annotated[str, AfterValidator(_member_named)] | Member] = Field(
        min_length=1, description="a colour id, or {id, label} for any other line of the sheet; one object each")
    fields: list[GroupField] = Field(min_length=1, description="the sub-fields every member has")

    @property
    def member_ids(self) -> list[str]:
        """The members' keys, in order."""
        return [m if isinstance(m, str) else m.id for m in self.members]

    def member(self, member_id: str) -> Member | None:
        """The member written as {id, label}, None for a colour."""
        return next((m for m in self.members if not isinstance(m, str) and m.id == member_id), None)


class Entries(Input):
    kind: Literal["entries"] = Field(description="a list of objects of sub-fields")
    max_items: Expr = Field(description="most entries a player may give")
    fields: list[EntryField] = Field(min_length=1, description="an entry counts once its first field is filled")


AnyField = one_of(Count, Flag, Choice, Tally, Token, Tokens, Group, Entries)


class Section(Strict):
    title: Words = Field(description="the section's heading on the form")
    fields: list[AnyField] = Field(min_length=1, description="its fields, in the paper's order")
