"""A group's plays as files to keep or to move to another companion (docs/table.md lists the columns).

Glossary:
- JSON export: the list of plays as the API shows them (shown.py); `POST /api/groups/<code>/plays` takes it
  back, on this companion or another (each play's `id` kept, a play already there skipped).
- CSV export: one row per player of each play, oldest play first: play, date, game, duration_min, name, score,
  rank, winner and start (1 or 0), then one `breakdown.<part>` column per scoring part any play has (the game's
  ids, e.g. `breakdown.red`), empty where a play's game has no such part.
"""
from __future__ import annotations

import csv
import io
import json

from companion.scoring import inert

KINDS = {"csv": "text/csv", "json": "application/json"}
COLUMNS = ["play", "date", "game", "duration_min", "name", "score", "rank", "winner", "start"]


def exported(plays: list[dict], kind: str) -> tuple[str, str]:
    """(the file's text, its media type) of the plays as CSV or JSON."""
    if kind == "json":
        return json.dumps(plays, ensure_ascii=False, indent=1), KINDS[kind]
    parts = list(dict.fromkeys(part for play in plays for player in play["players"] for part in player["breakdown"]))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS + [f"breakdown.{part}" for part in parts])
    for play in plays:
        for p in play["players"]:
            minutes = "" if play["duration_min"] is None else play["duration_min"]
            writer.writerow([play["id"], play["date"], play["game"], minutes, inert(p["name"]), p["score"], p["rank"],
                             int(p["winner"]), int(p["start"]),
                             *(p["breakdown"].get(part, "") for part in parts)])
    return out.getvalue(), KINDS[kind]
