"""The score routes' models: `POST /api/score/<game>` (companion/web/views/scoring.py), and a room's cards and
sheets (`PUT /api/rooms/<code>/cards/<seat>`, `GET` and `PATCH /api/rooms/<code>/sheets/<seat>`:
companion/web/views/cards.py).

Glossary:
- score post: `{"players": [...], "room", "player", "token"}`; the saver's `player` and `token` are keys only
  beside a `room` (companion/scoring/common.player_list says so, and checks the players' count).
- player model: one posted player, built from the game's scoring fields (companion/scoring/inputs.player_model);
  each scorable game's entry in the document takes that game's players.
"""
from __future__ import annotations

from typing import Annotated, Optional, Union

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, create_model

from companion import scoring
from companion.contract.answers import Answer
from companion.contract.bodies import Request, Token, _name
from companion.contract.refusals import Body, says
from companion.rules.errors import Refused, malformed
from companion.rules.language import N_, gettext
from companion.scoring.inputs import player_model

Room = Annotated[Optional[str], says(N_('room must be a room code, e.g. "K7QX2M"')),
                 Field(description="save the result as this room's final score (with the saver's seat)")]


class ScorePost(Body):
    """A score post's keys beside the players: the room to save the result in, and the saver's seat."""

    model_config = ConfigDict(json_schema_extra={"dependentRequired": {"player": ["room"], "token": ["room"]}})
    room: Room = None
    player: Optional[_name("player")] = None
    token: Token = None

    @classmethod
    def unknown(cls, key: str, body: dict, **context) -> Refused:
        """A key a score post does not take."""
        return malformed(gettext("unknown key (misspelt?)"))


class GameScorePost(ScorePost):
    """A game's score post: its players and the keys above, no others."""

    model_config = ConfigDict(extra="forbid")


def score_model(game_id: str):
    """The request model of a game's score post: its players as its scoring fields take them."""
    game = scoring.scorable(game_id)
    player = player_model(game.scoring.fields, tuple(scoring.table_scope(game, players) for players in range(
        game.players.min, game.players.max + 1)))
    players = Annotated[list[player], Field(min_length=game.players.min, max_length=game.players.max,
                                            description="each player's numbers, as the score form has them")]
    title = "".join(part.title() for part in game_id.replace("_", "-").split("-"))
    return create_model(f"{title}Score", __base__=GameScorePost, __doc__=f"A score post of {game.name}.",
                        players=(players, ...))


def score_bodies() -> dict[str, list]:
    """Each scorable game's score post model, by the path part that names the game."""
    return {game_id: [score_model(game_id)] for game_id in scoring.scorable_ids()}


class CardSave(Body):
    """`PUT /api/rooms/<code>/cards/<seat>`: that seat's token and its own card's numbers (as a score post's player
    has them, without the name: the seat names it)."""

    token: Token = None
    fields: Annotated[dict, says(N_('"fields" is your card\'s numbers, e.g. {"houses": 3}.')),
                      Field(description="the seat's card: the game's scoring fields, as a score post's player has them "
                                        "without `name`")]


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
