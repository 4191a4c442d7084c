"""The request models of a group's routes (companion/web/views/groups_api.py, companion/groups) and the sentences
they are refused in.

Glossary:
- played player: {"name", "score", "rank", "winner", "start", "breakdown"}: rank and winner follow from the
  scores when left out (the highest score wins, equal scores share a rank); `player_id` is the group's id of
  the name in an exported play (an import keeps it where it is free).
- play body: {"game", "date", "duration_min", "players", "tiebreak"}; an exported play also carries its `id`
  (an import keeps it where it is free), `imported_from` (the id it had where it was exported, when an import gave
  it another: an import skips a play whose id or `imported_from` the group holds as either) and `bgstats_url`
  (not read). A correction (PATCH) sends any of its keys.
- the answers (a shown play, the group with its stats): companion/contract/group_answers.py.
"""
from __future__ import annotations

from typing import Annotated, Optional

from pydantic import ConfigDict, Field, TypeAdapter

from companion.contract.bodies import GameId, players_per_game
from companion.contract.refusals import Body, Says, says
from companion.rules import names
from companion.rules.errors import malformed
from companion.rules.language import N_, gettext

ID = r"^[2-9A-HJKMNP-Z]{10}$"
CODE = r"^[2-9A-HJKMNP-Z]{6}$"
NAME_LENGTH = 30
MOST_SEATS = 12
"""Players a play may list (and a tie-break name as winners)."""
MOST_IMPORTED = 200
"""Plays one import sends (a bigger export is imported in parts; companion/groups says the cap of a group's)."""
SAID = {
    "name": N_("A player name is 1 to %(most)s printable characters."),
    "group": N_('Name the group: "name" is 1 to %(most)s characters with a letter or digit that shows.'),
    "date": N_('"date" is a day or a moment, e.g. "2025-05-01" or "2025-05-01T20:30:00Z".'),
    "players": N_('"players" lists who played, each with "name" and "score".'),
    "rank": N_('"rank" is a whole number, 1 for the winner.'),
    "start": N_('"start" is true or false (true for the player who started).'),
    "breakdown": N_('"breakdown" gives whole points by the game\'s scoring parts.'),
    "winners": N_('"winners" names players of the play, at most as many as played.'),
}
"""The sentences the checks beyond the models say too (companion/groups/plays.py)."""


def said(key: str) -> Says:
    """The refusal of a wrong value at `key`: its sentence of SAID."""
    return says(SAID[key], most=NAME_LENGTH)


class Strict(Body):
    """A group route's body: no key it does not name."""

    model_config = ConfigDict(extra="forbid")


SHOWS = ("1 to 30 printable characters as sent, with a letter or digit that draws something (after NFKC and folding "
         "runs of spaces to one too)")
Name = Annotated[str, said("name"), Field(min_length=1, max_length=NAME_LENGTH, json_schema_extra={
    "pattern": names.SHOWN}, description=f"a player's name: {SHOWS}; not one that reads like another of the play's "
                                         "or the group's names (UTS #39 skeleton)")]
Points = Annotated[int, says(N_('"score" is a whole number of points.')), Field(ge=-99_999, le=99_999)]


class NewGroup(Strict):
    """`POST /api/groups` (and a name added to a group): the name."""

    name: Annotated[str, said("group"), Field(min_length=1, max_length=NAME_LENGTH, json_schema_extra={
        "pattern": names.SHOWN}, description=f"the group's (or a player's) name: {SHOWS}")]


class Rename(Strict):
    """`POST /api/groups/<code>/rename`: a player's name and the new one (a name of the group already: merged)."""

    name: Name
    to: Name


class Tie(Strict):
    """How a tie on points was broken (companion/rules/ending.py's TIES)."""

    case: Annotated[str, Field(pattern=r"^(shared|fewer|more|same|open)$")]
    winners: Annotated[list[Annotated[str, said("name"), Field(min_length=1, max_length=NAME_LENGTH, description="a "
                                                               "winner's name, as the play has it")]],
                       said("winners"),
                       Field(min_length=1, max_length=MOST_SEATS)]


class PlayedPlayer(Strict):
    """One player of a play."""

    name: Name
    score: Points
    rank: Annotated[Optional[Annotated[int, Field(ge=1, le=99)]], said("rank")] = None
    winner: Annotated[Optional[bool], says(N_('"winner" is true or false.'))] = None
    start: Annotated[bool, said("start")] = False
    breakdown: Annotated[dict[Annotated[str, Field(max_length=40)], Annotated[int, Field(ge=-99_999, le=99_999)]],
                         said("breakdown")] = {}
    player_id: Annotated[Optional[Annotated[str, Field(pattern=ID)]],
                         says(N_('"player_id" is a player\'s id as an export has it.'))] = None


Players = Annotated[list[PlayedPlayer], said("players"), Field(min_length=1, max_length=MOST_SEATS)]


class Correction(Strict):
    """`PATCH /api/groups/<code>/plays/<id>`: the keys of a play that change (a game and players are never null)."""

    game: GameId = None
    date: Annotated[Optional[Annotated[str, Field(max_length=40)]], said("date")] = None
    duration_min: Annotated[Optional[Annotated[int, Field(ge=0, le=1440)]], says(N_(
        '"duration_min" is how many minutes the play took, a whole number from 0 to 1440.'))] = None
    players: Players = None
    tiebreak: Annotated[Optional[Tie], says(N_(
        '"tiebreak" is how a tie on points was broken, as an exported play has it.'))] = None


class Play(Correction):
    """`POST /api/groups/<code>/plays`: a play entered by hand (or one of an exported list)."""

    model_config = ConfigDict(json_schema_extra=players_per_game("minItems", "maxItems"))
    game: GameId
    players: Players
    id: Annotated[Optional[Annotated[str, Field(pattern=ID)]], says(N_('"id" is a play\'s id as an export has it.'))
                  ] = None
    bgstats_url: Annotated[Optional[str], says(N_('"bgstats_url" is a text.'))] = None
    imported_from: Annotated[Optional[Annotated[str, Field(pattern=ID)]], says(N_('"id" is a play\'s id as an export '
                                                                                 'has it.'))] = None


def play_list() -> dict:
    """The JSON Schema of an exported list of plays, as an import sends it."""
    return TypeAdapter(Annotated[list[Play], Field(max_length=MOST_IMPORTED)]).json_schema()


def person(name: str, field: str, key: str = "name") -> str:
    """A player's (`key="group"`: a group's) name as kept (NFKC, spaces folded), or the refusal of `field` (1 to
    NAME_LENGTH characters as sent, as the document says)."""
    kept = names.normal(name)
    if not kept or len(name) > NAME_LENGTH or not kept.isprintable():
        raise refusal(gettext(SAID[key], most=NAME_LENGTH), field)
    if not names.shows(name):
        raise refusal(gettext("A player name needs a letter or a digit that shows."), field)
    return kept


def refusal(message: str, field: str):
    """A 400 refusal of the value at `field`."""
    refused = malformed(message)
    refused.field = field
    return refused
