"""Log entries written out for people: an entry is kept as a kind and its parameters (data), and
written out when a phone reads the room, with the game's own names for colours, dice and pieces.

Glossary:
- kind: what happened (`roll`, `pick`, `move`, `list`, `undo`, `seat`, ...); params: its details
  as JSON data: dice as [die id, face] pairs, pieces as {"colour", "piece"}, names, counts.
- turn_to: in a move that passed the turn, the name on turn now (None: the room ended the game).
"""
from __future__ import annotations

from layouts import Game, fill_values

VERBS = {"next": "end the turn", "use": "use dice", "take": "take dice", "move": "move the crystal",
         "hold": "set dice aside", "reroll": "roll dice again", "recolour": "turn dice", "pick": "pick dice",
         "refuse": "refuse the dice", "roll": "roll"}
LIST_VERBS = {"once": "crossed off", "claim": "claimed", "stack": "took"}


def move_verb(action: str) -> str:
    """A move's name as a verb for sentences ("only Ana may end the turn now")."""
    return VERBS.get(action, action)


def face_text(game: Game, die_id: str, face) -> str:
    """A face as read at the table: a colour's name, a number (with the die's colour), or its label."""
    die = next((d for d in game.dice if d.id == die_id), None)
    if die and face in die.labels:
        return die.labels[face]
    if isinstance(face, str):
        return game.colours[face].label.lower()
    return f"{game.colours[die.colour].label.lower()} {face}" if die and die.colour else str(face)


def dice_text(game: Game, dice: list) -> str:
    """Shown dice ([die id, face] pairs), comma separated; "nothing" for none."""
    return ", ".join(face_text(game, die, face) for die, face in dice) or "nothing"


def piece_text(game: Game, piece: dict | None) -> str:
    """A market piece, e.g. 'teal L-tricube'."""
    if piece is None:
        return "nothing: the bag is empty"
    name = next(p.name for p in game.pieces if p.id == piece["piece"])
    return f"{game.colours[piece['colour']].label.lower()} {name}"


def _list_text(game: Game, who: str, p: dict) -> str:
    spec = game.lists[p["list"]]
    label, item = fill_values(spec.label, game.values), p["item"]
    text = {"cross": f"{who} {LIST_VERBS[spec.mode]} {item} ({label}{', setup' if p.get('setup') else ''})",
            "also": f"{who} also claimed {item} in the same turn ({label})",
            "again": f"{who} used crossed-off {item} again ({spec.again})",
            "withdraw": f"{who} withdrew their claim on {item} ({label})",
            "uncross": f"{who} uncrossed {item}, {LIST_VERBS[spec.mode]} by {', '.join(p.get('by', []))} ({label})",
            }[p["how"]]
    return text + (f". {spec.ends_game}" if p.get("ends") and spec.ends_game else "")


def describe(game: Game, kind: str, params: dict, who: str | None) -> str:
    """One log entry as a sentence."""
    p, who = params, who or ""
    if kind == "roll":
        text = f"{who} rolled {dice_text(game, p['dice'])}"
        text += f"; kept {dice_text(game, p['kept'])}" if p.get("kept") else ""
        text += f" (roll {p['roll']} of {p['limit']})" if "limit" in p else ""
    elif kind == "move":
        verb = "swapped the {} for a 1x1 block" if p["take"] == "block" else "took the {}"
        text = f"{who} moved the crystal {p['steps']} and {verb.format(piece_text(game, p['piece']))}"
        refill = p.get("refill")
        text += f"; slot {refill['slot']} refilled: {piece_text(game, refill['piece'])}" if refill else ""
    elif kind == "list":
        text = _list_text(game, who, p)
    elif kind == "undo":
        text = f"{who} undid: {describe(game, p['kind'], p['params'], who)}"
    else:
        text = _simple(game, kind, p, who)
    if "turn_to" in p:
        text += f". {p['turn_to']}'s turn" if p["turn_to"] else f". The game is over: {_end(game)}"
    return text


def _end(game: Game) -> str:
    return fill_values(game.table.end.text, game.values) if game.table and game.table.end else "the turns are up"


def _simple(game: Game, kind: str, p: dict, who: str) -> str:
    dice = dice_text(game, p["dice"]) if "dice" in p else ""
    colour = {key: game.colours[p[key]].label.lower() for key in ("from", "to") if key in p}
    refusal = "; every die is open to the others" if p.get("active") else ""
    return {
        "open": f"Room opened for {game.name}, {p.get('players')} players",
        "seat": f"{who} took a seat at the table",
        "takeover": f"{who} confirmed a new phone for {p.get('seat_name')}'s seat",
        "order": f"{who} changed the seat order: {', '.join(p.get('names', []))}",
        "reroll": f"{who} rolled {_count(len(p.get('dice', [])), 'die', 'dice')} again: {dice}",
        "recolour": f"{who} turned {p.get('count')} {colour.get('from')} into {colour.get('to')}",
        "use": f"{who} used {dice}; left for the others: {dice_text(game, p.get('left', []))}",
        "take": f"{who} took {dice}",
        "pick": f"{who} picked {dice}" + (f"; the others pick from {dice_text(game, p['left'])}" if "left" in p else ""),
        "refuse": f"{who} refused the dice{refusal}",
        "hold": f"{who} set aside {dice}" if p.get("dice") else f"{who} released every die",
        "next": f"{who} ended the turn" + (f" ({', '.join(p['skipped'])} did not take part)" if p.get("skipped") else ""),
        "score": "Final score: " + ", ".join(f"{r}. {n} {t}" for r, n, t in p.get("ranking", []))
                 + (f" ({p['tiebreak']})" if p.get("tiebreak") else ""),
    }.get(kind, p.get("text", kind))


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
