"""The request models of the room routes: what each body may hold, and what the companion says when it does not.

Glossary:
- seated body: `player` (a seated name) and `token` (the secret its phone got), sent by every request that acts
  for a seat; a missing or wrong token is the seat's refusal (403, companion/rooms/seats.py), not the body's.
- move body: the seated body, `seen` (the version the phone drew) and `request` (the tap's id); a move's own
  keys come from its mechanic (companion/contract/moves.py), a crossing's are its flags.
"""
from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import AfterValidator, ConfigDict, Field

import layouts
from companion import rooms
from companion.contract.refusals import Body, Says, refused, says
from companion.rooms import seats
from companion.rooms.retries import LONGEST
from companion.rules import fairdice, names
from companion.rules.errors import Refused, malformed
from companion.rules.language import N_, gettext

NAME_SAID = ("a player's name: after NFKC and folding runs of spaces to one, 1 to 30 printable characters with a "
             "letter or digit that draws something (as sent too); not one that reads like a seated name (UTS #39 "
             "skeleton, characters that draw nothing left out)")
"""What the API document says of a player's name (companion/rules/names.py, companion/rooms/seats.py)."""


def _name(key: str):
    """A player's name sent as `key`: NFKC, spaces folded, checked by companion/rooms/seats.py."""
    def normal(name: str) -> str:
        try:
            return seats.normal_name(name)
        except Refused as error:
            raise refused(error) from None

    ask = says(N_('Say who you are: send "%(key)s" with your name.'), key=key)
    shown = {"pattern": names.SHOWN, "maxLength": seats.NAME_LENGTH}  # the length as sent: normal_name checks it
    return Annotated[str, Field(min_length=1, pattern=r"\S", json_schema_extra=shown, description=NAME_SAID), ask,
                     AfterValidator(normal)]


def _game(body, **context) -> Refused:
    return malformed(gettext('Name the game: "game" is one of %(games)s.', games=", ".join(layouts.game_ids())))


def _served_games(schema: dict) -> None:
    schema["enum"] = layouts.game_ids()  # as the document is written: the games this companion serves then


GameId = Annotated[str, Says(_game), Field(description="a game id, as `GET /api/games/<game>` takes",
                                          json_schema_extra=_served_games)]
"""A game this companion serves, as a body names it (the document lists them)."""


def players_per_game(low: str, high: str):
    """A body's `json_schema_extra` saying, one branch a game served, how many `players` it takes (`low` and `high`:
    the keywords of its bounds, `minimum` of a count, `minItems` of a list)."""
    def said(schema: dict) -> None:
        schema["anyOf"] = [{"properties": {"game": {"const": game}, "players": {low: seats.min, high: seats.max}}}
                           for game, seats in ((game, layouts.load(game).players) for game in layouts.game_ids())]
    return said


Request = Annotated[Optional[Annotated[str, Field(min_length=1, max_length=LONGEST)]], Field(
    description="the tap's id: sent again by the same seat with the same body, it changes nothing again (a seat taken "
                "answers the same seat and token, a room opened the same room); with another body or by another seat "
                "it is refused (409)"),
                    says(N_('"request" names the tap: a text of 1 to %(most)s characters.'), most=LONGEST)]


class OpenRoom(Body):
    """`POST /api/rooms`: the game, how many play (default the most the game allows), the group it is for, how strict
    its sheets are, and the tap's id (a retry opens no second room)."""

    model_config = ConfigDict(json_schema_extra=players_per_game("minimum", "maximum"))
    request: Request = None
    game: GameId
    players: Annotated[Optional[int], Says(lambda body, **context: rooms.players_refusal(rooms.known_game(
        body["game"]))), Field(description="how many play, within the game's players")] = None
    group: Annotated[Optional[str], says(N_('"group" is a group\'s code, e.g. "K7QX2M".')), Field(
        description="open a room of this group (companion/groups): its saved final score becomes a play of the group"
    )] = None
    marking: Annotated[Literal["relaxed", "strict"], says(N_('"marking" is "relaxed" (any mark on a sheet) or '
                                                             '"strict" (the sheet\'s rules refuse an illegal mark).')),
                       Field(description="the sheets on the phones: relaxed allows any mark, strict refuses what the "
                                         "layout's rules for a block forbid (companion/rooms/sheets.py)")] = "relaxed"


Token = Annotated[Optional[str], says(N_('"token" is the secret your phone got when it took the seat.')),
                  Field(description="the secret the phone got with its seat")]


class TakeSeat(Body):
    """`POST /api/rooms/<code>/seats`: a name, a seed of the seat's own (optional); with that seat's token, a phone
    asking again for its own seat; the tap's id (a retry takes no second seat)."""

    name: _name("name")
    token: Token = None
    seed: Annotated[Optional[Annotated[str, Field(min_length=1, max_length=fairdice.SEAT_SEED_LONGEST)]], Field(
        description="the seat's own seed for the room's dice, counting for the rolls after it sits (docs/fair-dice.md)"
    ), says(N_('"seed" is a text of 1 to %(most)s characters, e.g. 32 random hex digits.'),
            most=fairdice.SEAT_SEED_LONGEST)] = None
    request: Request = None


class Seated(Body):
    """A request made for a seat: who, and the proof."""

    player: _name("player")
    token: Token = None


Seen = Annotated[Optional[Annotated[int, Field(ge=0)]], Field(description="the room version the phone shows"),
                 says(N_('"seen" is the version of the state your phone shows, a whole number.'))]


class Moving(Body):
    """What every move, crossing and undo may carry: the tap's id first, then the seat, the version seen."""

    request: Request = None
    player: _name("player")
    token: Token = None
    seen: Seen = None


class MoveRequest(Moving):
    """`POST /api/rooms/<code>/<move>`: the move's own keys are its mechanic's (mechanic.canonical checks them)."""

    model_config = ConfigDict(extra="allow")


FLAGS = ("crossed", "again", "setup")


def _flag(body, **context) -> Refused:
    key = next(k for k in FLAGS if not isinstance(body.get(k, True), bool))
    return CrossItem.unknown(key, body)


class CrossItem(Moving):
    """`POST /api/rooms/<code>/lists/<list>/<item>`: how the item is crossed (companion/rules/lists.py)."""

    model_config = ConfigDict(extra="forbid")
    crossed: Annotated[bool, Says(_flag), Field(description="false: uncross your own crossing")] = True
    again: Annotated[bool, Says(_flag), Field(description="use a crossed tile again (the yellow star)")] = False
    setup: Annotated[bool, Says(_flag), Field(description="a 2-player setup crossing, before the first move")] = False

    @classmethod
    def unknown(cls, key: str, body: dict, **context) -> Refused:
        """A key that is not a crossing's, or a flag that is not true or false."""
        return malformed(gettext('"%(key)s" is not a crossing\'s: send "crossed", "again" or "setup" as true or '
                                 'false.', key=key))


def _order(body, code: str = "", service=None, **context) -> Refused:
    return seats.order_refusal(rooms.state(service, code))


class TakeOver(Body):
    """`POST /api/rooms/<code>/seats/<seat>/takeover`: empty, a new phone asking for the seat; a seated phone's
    answer to an ask (companion/rooms/seats.py): who, the proof, the ask's code and whether it lets the new phone in; or
    the phone a takeover displaced taking the seat back: its old token and "back"."""

    model_config = ConfigDict(json_schema_extra={  # an answer to an ask (not a taking back) says who answers
        "if": {"properties": {"ask": {"type": "string"}, "back": {"const": False}}, "required": ["ask"]},
        "then": {"required": ["player"]}})
    request: Request = None
    player: Optional[_name("player")] = None
    token: Token = None
    seen: Seen = None
    ask: Annotated[Optional[str], says(N_('"ask" is the code the new phone shows, e.g. "4271".')),
                   Field(description="the code of the ask answered (the new phone shows it)")] = None
    let: Annotated[bool, says(N_('"let" is true (the new phone takes the seat) or false (it does not).')),
                   Field(description="true: the new phone takes the seat; false: it is turned away")] = True
    back: Annotated[bool, says(N_('"back" is true (this phone takes its seat back) or false.')),
                    Field(description="true, with the seat's token from before its takeovers (within 10 minutes of "
                                      "the newest): the phone that held it takes the seat back")] = False


class Reorder(Seated):
    """`POST /api/rooms/<code>/seats/order`: every seat id once, in the new turn order."""

    order: Annotated[list[int], Says(_order), Field(description="every seat id once, in the new turn order")]
