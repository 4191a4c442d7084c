"""A scored result as a CSV file: one row per player by rank, breakdown columns, a winner flag."""
from __future__ import annotations

import csv
import io


def to_csv(result: dict) -> str:
    """The result as CSV: game, rank, name, total, each breakdown part, winner (yes/no), tie-break note."""
    parts = list(result["players"][0]["breakdown"])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "rank", "name", "total", *parts, "winner", "tiebreak"])
    for player in result["players"]:
        writer.writerow([result["game"], player["rank"], _inert(player["name"]), player["total"],
                         *(player["breakdown"][part] for part in parts),
                         "yes" if player["name"] in result["winners"] else "no", _inert(result["tiebreak"] or "")])
    return out.getvalue()


def _inert(cell: str) -> str:
    """Text a spreadsheet shows as text, never runs as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
