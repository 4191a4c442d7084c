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
  startPlayer (true for the player who made the room's first move).
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from urllib.parse import quote

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE = "rollsheet"


def payload(play: dict, game_name: str, bgg_id: int | None) -> dict:
    """The createPlay JSON of a play (as companion/groups/shown.py writes a play)."""
    game = {"name": game_name, **({"bggId": bgg_id} if bgg_id else {}), "sourceGameId": play["game"],
            "highestWins": True, "noPoints": False}
    played = datetime.fromisoformat(play["date"]).astimezone(timezone.utc)
    return {"sourceName": SOURCE, "sourcePlayId": play["id"], "playDate": played.strftime("%Y-%m-%d %H:%M:%S"),
            **({"durationMin": play["duration_min"]} if play["duration_min"] is not None else {}), "game": game,
            "players": [{"name": p["name"], "sourcePlayerId": p["player_id"], "score": p["score"], "rank": p["rank"],
                         "winner": p["winner"], "startPlayer": p["start"]} for p in play["players"]]}


def url(play: dict, game_name: str, bgg_id: int | None) -> str:
    """The link that opens the play in BG Stats."""
    data = json.dumps(payload(play, game_name, bgg_id), ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(data, safe='')}"
