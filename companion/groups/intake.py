"""A play sent in (entered by hand, one of an imported list, or a play as corrected): read by its request model
(companion/contract/groups.py) and checked against its game, the play as kept less its id and room.

Glossary:
- place: where in the request a refusal points (`field`): `players[1].score`, `[2].date` in an imported list.
"""
from __future__ import annotations

import time
from datetime import datetime, timezone

import layouts
from companion.contract import groups as bodies
from companion.contract.groups import person, refusal
from companion.contract.refusals import parsed
from companion.rules import names
from companion.rules.errors import Refused
from companion.rules.language import gettext
from companion.scoring.forms import breakdown_labels

AHEAD_S = 86_400
"""A play may be dated at most a day ahead of the server's clock (time zones)."""


def read(body, at: str = "") -> dict:
    """A play sent in (at place `at` of a list) as kept; ranks and winners follow from the scores where not given."""
    try:
        return _checked(parsed(bodies.Play, body), at)
    except Refused as error:
        inner = error.field or "body"
        error.field = inner if not at else at if inner == "body" else at + ("" if inner[0] == "[" else ".") + inner
        raise


def _checked(play: bodies.Play, at: str) -> dict:
    """A play body checked against its game (players, parts, ranks, start, date)."""
    game = _game(play.game, at + "game")
    if not game.players.min <= len(play.players) <= game.players.max:
        raise refusal(gettext("%(game)s is for %(low)s to %(high)s players.", game=game.name, low=game.players.min,
                               high=game.players.max), at + "players")
    parts = set(breakdown_labels(game)) if game.scoring else set()
    players, seen = [], []
    for i, player in enumerate(play.players):
        where = f"{at}players[{i}]."
        name = person(player.name, where + "name")
        alike = names.look_alike(name, seen)
        if alike is not None:
            raise refusal(gettext("two players are called %(name)s", name=repr(name)) if names.folded(alike) ==
                          names.folded(name) else alike_sentence(name, alike), where + "name")
        seen.append(name)
        if set(player.breakdown) - parts or (player.rank is None) != (play.players[0].rank is None):
            raise refusal(gettext(bodies.SAID["breakdown" if set(player.breakdown) - parts else "rank"]),
                           where + ("breakdown" if set(player.breakdown) - parts else "rank"))
        rank = player.rank or 1 + sum(other.score > player.score for other in play.players)
        players.append({"name": name, "score": player.score, "rank": rank, "start": player.start,
                        "winner": rank == 1 if player.winner is None else player.winner,
                        "breakdown": player.breakdown, "player_id": player.player_id})
    if sum(player.start for player in play.players) > 1:
        raise refusal(gettext(bodies.SAID["start"]), at + "players")
    winners = play.tiebreak.winners if play.tiebreak else []
    if len(winners) > len(seen) or not {names.folded(name) for name in winners} <= set(map(names.folded, seen)):
        raise refusal(gettext(bodies.SAID["winners"]), at + "tiebreak.winners")
    return {"id": play.id, "imported_from": play.imported_from, "game": game.id,
            "played": _moment(play.date, at + "date"), "duration_min": play.duration_min, "players": players,
            "tiebreak": play.tiebreak.model_dump() if play.tiebreak else None}


def alike_sentence(name: str, other: str) -> str:
    """What is said of a name that reads like another player's of the play or the group."""
    return gettext("%(name)s looks too much like %(other)s: give the players names a reader can tell apart.",
                   name=name, other=other)


def _game(game_id: str, field: str) -> layouts.Game:
    try:
        return layouts.load(game_id)
    except (KeyError, layouts.LayoutError):
        raise refusal(gettext("Unknown game %(game)s; this companion has: %(games)s.", game=repr(game_id),
                               games=", ".join(layouts.game_ids())), field) from None


def _moment(date: str | None, field: str) -> float:
    """Epoch seconds of a day ("2025-05-01", at noon UTC) or a moment (ISO 8601; UTC when no offset is given), from
    1970 to a day ahead."""
    if date is None:
        return time.time()
    try:
        moment = datetime.fromisoformat(date + ("T12:00:00" if len(date) == 10 else ""))
    except ValueError:
        raise refusal(gettext(bodies.SAID["date"]), field) from None
    at = (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).timestamp()
    if not 0 <= at <= time.time() + AHEAD_S:
        raise refusal(gettext(bodies.SAID["date"]), field)
    return at
