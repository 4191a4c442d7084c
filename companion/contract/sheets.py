"""The sheet routes' models: `GET` and `PATCH /api/rooms/<code>/sheets/<seat>` (companion/views/sheets.py)."""
from __future__ import annotations

from typing import Annotated, Optional, Union

from pydantic import Field, StrictBool, StrictInt, StrictStr

from companion.contract.answers import Answer
from companion.contract.bodies import Request, Token
from companion.contract.refusals import Body, says
from companion.language import N_

MOST = 1000
"""Places one change may name (a sheet has a few hundred at most)."""
Mark = Optional[Union[StrictBool, StrictInt, StrictStr]]
"""A place's mark: true (a cross), a whole number, a colour key or tile id, a text; null clears the place."""


class SheetChange(Body):
    """`PATCH /api/rooms/<code>/sheets/<seat>`: that seat's token, the tap's id, and the marks it changes."""

    token: Token = None
    request: Request = None
    marks: Annotated[dict[str, Mark], Field(max_length=MOST, description="place id -> its new mark (true, a number, a "
                                                                         "colour key or tile id, a text), or null to "
                                                                         "clear it"),
                     says(N_('"marks" names places and their marks, e.g. {"columns.red.1": 4}; null clears one.'))]


class Sheet(Answer):
    """A seat's sheet: its marks, the score card they make and its points."""

    marks: dict[str, Union[bool, int, str]] = Field(description="place id -> mark; a place left out is unmarked")
    card: Optional[dict] = Field(description="the seat's score card filled from its marks (and what the room knows); "
                                             "null for a game without scoring")
    total: Optional[int] = Field(description="the card's points; null while it has problems, or without scoring")
