"""'Send to BG Stats': a play as the link BG Stats documents for other apps to hand it a finished play.

BG Stats opens `https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>` and shows the play for the
player to save there; the companion only draws the link (on a phone), it never sends anything by itself.

Glossary (the JSON's fields, as BG Stats' "linking and pushing from other apps" page names them):
- sourceName "rollsheet" and sourcePlayId, the play's id: BG Stats recognises a play sent again;
- playDate "YYYY-MM-DD HH:MM:SS" in UTC; durationMin, the play's minutes (left out when not known);
- game: name (the layout's, in English), bggId (BoardGameGeek's id, where the layout gives `bgg_id`; else BG
  Stats matches by name), sourceGameId (the game's id), highestWins (true: every shipped scoring ranks the
  highest total first), noPoints (false);
- players: name, sourcePlayerId (the group's id of the name: kept through renames), score, rank, winner,
  startPlayer (true for the player who made the room's first move);
- location: {"name"}, where the group plays (the group page's setting), left out until the group says;
- comments: how a tie on points was broken, in the request's language, a house tie-break said so ("Ana wins on
  fewer empty cells (house rule)"); left out without a tie.
The link is never longer than MOST characters: the comments are shortened first (ending in "…"), then each
player's name (whose `sourcePlayerId` still names them to BG Stats).
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from urllib.parse import quote

from companion.groups.words import tie
from companion.rules import language

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE = "rollsheet"
MOST = 8000
"""The longest link drawn, in characters (what phones' browsers and QR codes take at ease)."""
QR_MOST = 2953
"""The longest link shown as a QR code: what the largest code holds as bytes at the lowest error correction."""
NAME_SHORTEST = 8
"""A name is never cut shorter than this many characters."""


def payload(play: dict, game_name: str, bgg_id: int | None, location: str | None = None) -> dict:
    """The createPlay JSON of a play (as companion/groups/shown.py writes a play), at `location` where given."""
    game = {"name": game_name, **({"bggId": bgg_id} if bgg_id else {}), "sourceGameId": play["game"],
            "highestWins": True, "noPoints": False}
    played = datetime.fromisoformat(play["date"]).astimezone(timezone.utc)
    return {"sourceName": SOURCE, "sourcePlayId": play["id"], "playDate": played.strftime("%Y-%m-%d %H:%M:%S"),
            **({"durationMin": play["duration_min"]} if play["duration_min"] is not None else {}),
            **({"location": {"name": location}} if location else {}), "game": game,
            "players": [{"name": p["name"], "sourcePlayerId": p["player_id"], "score": p["score"], "rank": p["rank"],
                         "winner": p["winner"], "startPlayer": p["start"]} for p in play["players"]]}


def _link(data: dict) -> str:
    return f"{CREATE_PLAY}?data={quote(json.dumps(data, ensure_ascii=False, separators=(',', ':')), safe='')}"


def _cut(text: str, keep: int) -> str:
    """`text` in at most `keep` characters, a cut one ending in "…"."""
    return text if len(text) <= keep else text[:max(keep - 1, 0)] + "…"


def _longest(fits, most: int) -> int:
    """The largest n from 0 to `most` for which `fits(n)` (true up to some n, false after), 0 when none."""
    low, high = 0, most
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def url(play: dict, game_name: str, bgg_id: int | None, location: str | None = None, most: int | None = None) -> str:
    """The link that opens the play in BG Stats, with its comments, at most `most` (MOST) characters long."""
    most = most or MOST
    data, comments = payload(play, game_name, bgg_id, location), tie(play, language.current())
    if comments:
        keep = _longest(lambda n: len(_link(dict(data, comments=_cut(comments, n)))) <= most, len(comments))
        data.update(comments=_cut(comments, keep)) if keep > 1 else None
    if len(_link(data)) > most:
        def named(n: int) -> list[dict]:
            return [dict(p, name=_cut(p["name"], n)) for p in data["players"]]
        keep = _longest(lambda n: len(_link(dict(data, players=named(n)))) <= most,
                        max(len(p["name"]) for p in data["players"]))
        data["players"] = named(max(keep, NAME_SHORTEST))
    return _link(data)
