"""The request bodies of a group's routes, as strict models, and what the companion says when one is not right.

Glossary:
- played player: {"name", "score", "rank", "winner", "start", "breakdown"}: rank and winner follow from the
  scores when left out (the highest score wins, equal scores share a rank); `player_id` is the group's id of
  the name in an exported play (an import keeps it where it is free).
- play body: {"game", "date", "duration_min", "players", "tiebreak"}; an exported play also carries its `id`
  (an import keeps it) and `bgstats_url` (not read). A correction (PATCH) sends any of its keys.
- refusal: a 400 with the sentence for the first wrong key, `field` its place (`players[1].score`).
"""
from __future__ import annotations

from typing import Annotated, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import layouts
from companion import names
from companion.errors import malformed
from companion.language import N_, gettext

ID = r"^[0-9A-Z]{10}$"
NAME_LENGTH = 30
SAID = {
    "name": N_("A player name is 1 to %(most)s printable characters."),
    "to": N_("A player name is 1 to %(most)s printable characters."),
    "group": N_('Name the group: "name" is 1 to %(most)s characters with a letter or digit that shows.'),
    "game": N_('Name the game: "game" is one of %(games)s.'),
    "date": N_('"date" is a day or a moment, e.g. "2025-05-01" or "2025-05-01T20:30:00Z".'),
    "duration_min": N_('"duration_min" is how many minutes the play took, a whole number from 0 to 1440.'),
    "players": N_('"players" lists who played, each with "name" and "score".'),
    "score": N_('"score" is a whole number of points.'),
    "rank": N_('"rank" is a whole number, 1 for the winner.'),
    "winner": N_('"winner" is true or false.'),
    "start": N_('"start" is true or false (true for the player who started).'),
    "breakdown": N_('"breakdown" gives whole points by the game\'s scoring parts.'),
    "tiebreak": N_('"tiebreak" is how a tie on points was broken, as an exported play has it.'),
    "id": N_('"id" is a play\'s id as an export has it.'),
    "player_id": N_('"player_id" is a player\'s id as an export has it.'),
    "bgstats_url": N_('"bgstats_url" is a text.'),
}
"""The sentence for a wrong value, by key."""


class Strict(BaseModel):
    """A body or part of one: JSON types as they are (1 is not "1"), no key it does not name."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


Name = Annotated[str, Field(min_length=1, max_length=NAME_LENGTH * 2)]


class NewGroup(Strict):
    """`POST /api/groups`: the group's name."""

    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH * 2)]


class Rename(Strict):
    """`POST /api/groups/<code>/rename`: a player's name and the new one (a name of the group already: merged)."""

    name: Name
    to: Name


class Tie(Strict):
    """How a tie on points was broken (companion/scoring/common.py's TIES)."""

    case: Annotated[str, Field(pattern=r"^(shared|fewer|more|same|open)$")]
    winners: list[Name]


class PlayedPlayer(Strict):
    """One player of a play."""

    name: Name
    score: Annotated[int, Field(ge=-99_999, le=99_999)]
    rank: Optional[Annotated[int, Field(ge=1, le=99)]] = None
    winner: Optional[bool] = None
    start: bool = False
    breakdown: dict[Annotated[str, Field(max_length=40)], Annotated[int, Field(ge=-99_999, le=99_999)]] = {}
    player_id: Optional[Annotated[str, Field(pattern=ID)]] = None


class Correction(Strict):
    """`PATCH /api/groups/<code>/plays/<id>`: the keys of a play that change."""

    game: Optional[str] = None
    date: Optional[Annotated[str, Field(max_length=40)]] = None
    duration_min: Optional[Annotated[int, Field(ge=0, le=1440)]] = None
    players: Optional[Annotated[list[PlayedPlayer], Field(min_length=1, max_length=12)]] = None
    tiebreak: Optional[Tie] = None


class Play(Correction):
    """`POST /api/groups/<code>/plays`: a play entered by hand (or one of an exported list)."""

    game: str
    players: Annotated[list[PlayedPlayer], Field(min_length=1, max_length=12)]
    id: Optional[Annotated[str, Field(pattern=ID)]] = None
    bgstats_url: Optional[str] = None


def parsed(model: type[Strict], body, at: str = ""):
    """`body` as `model`, or a 400 refusal saying what is wrong with its first wrong key (`field`: where)."""
    if not isinstance(body, dict):
        raise refusal(gettext('Send a JSON object, e.g. {"name": "Thursday"}.'), at or "body")
    try:
        return model.model_validate(body)
    except ValidationError as error:
        problem = error.errors()[0]
        place = at + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in problem["loc"])
        keys = [part for part in problem["loc"] if isinstance(part, str)]
        key = keys[-1] if keys else "players"
        if problem["type"] == "extra_forbidden":
            raise refusal(gettext('"%(key)s" is not a key of this request.', key=key), place.lstrip(".")) from None
        if key == "name" and model is NewGroup:
            key = "group"
        message = gettext(SAID.get(key, SAID["players"]), most=NAME_LENGTH, games=", ".join(layouts.game_ids()))
        raise refusal(message, place.lstrip(".")) from None


def person(name: str, field: str, key: str = "name") -> str:
    """A player's (or with `key="group"`, a group's) name as kept (NFKC, spaces folded), refused when it is too
    long or shows no letter or digit."""
    kept = names.normal(name)
    if not kept or len(kept) > NAME_LENGTH or not kept.isprintable():
        raise refusal(gettext(SAID[key], most=NAME_LENGTH), field)
    if not names.shows(kept):
        raise refusal(gettext("A player name needs a letter or a digit that shows."), field)
    return kept


def refusal(message: str, field: str):
    """A 400 refusal of the value at `field`."""
    refused = malformed(message)
    refused.field = field
    return refused
