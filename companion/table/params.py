"""A move body's own keys: each a `Param` of its move (companion/table/contract.Move.params), the one declaration
both `mechanic.canonical` reads the key with and the API's document shows (companion/contract/moves.py).

Glossary:
- kind: the JSON type a key is sent as, read strictly (1 is not "1", true is not 1).
- wrong: the refusal of a value of another type, said as the move's own rules say it (e.g. the crystal's reach).
- normal: the value checked against the table (die numbers on it) and put in the form the move weighs.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Optional

from pydantic import TypeAdapter, ValidationError

from companion.dice import dice_indexes
from companion.errors import Refused
from companion.language import N_
from companion.table.contract import no

if TYPE_CHECKING:
    from companion.table.contract import Act


@dataclass(frozen=True)
class Param:
    """A move body's key: the JSON type it is sent as (the API's schema says it: companion/contract/moves.py), its
    value when left out, what a value of another type is told, and its check against the table."""

    kind: object
    """A type pydantic reads (list[int], int, str, Literal[...]); a value is checked strictly (1 is not "1")."""
    wrong: Callable[["Act"], Refused]
    """The refusal of a value that is not of `kind` (`act.body` holds it as sent)."""
    default: object = None
    normal: Callable[[object, dict], object] = lambda value, state: value
    """(value of `kind`, state) -> the value the move weighs, raising a refusal for one the table cannot take."""
    description: str = ""

    @cached_property
    def adapter(self) -> TypeAdapter:
        """The pydantic reader of `kind`."""
        return TypeAdapter(self.kind)

    def read(self, act: "Act", name: str):
        """The body's value of this key as the move weighs it (its `wrong` refusal for a value of another type)."""
        try:
            value = self.adapter.validate_python(act.body.get(name, self.default), strict=True)
        except ValidationError:
            raise self.wrong(act) from None
        return self.normal(value, act.state)


dice_param = Param(Optional[list[int]], lambda act: no(400, N_('"%(what)s" must be a list of die numbers, e.g. [0, 2]'),
                                                       what="dice"),
                   normal=lambda value, state: dice_indexes(value, len(state.get("dice", []))),
                   description="die numbers, from 0 in the state's dice (none: [])")
"""A body's die numbers, checked against the dice on the table and put in order."""
