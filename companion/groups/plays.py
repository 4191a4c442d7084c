"""A group's plays: recorded from a room's saved final score, entered by hand, imported, corrected, deleted;
and its players' names, renamed or merged. Every change by hand is logged (groups.log).

Glossary:
- play (as kept): {"game", "played" (epoch seconds), "duration_min", "tiebreak", "players": [{"name", "score",
  "rank", "winner", "start", "breakdown", "player_id"}]} with its "id" (10 characters drawn like a room's code)
  and "room" (the group room that saved it, or None).
- moves: a room's log entries but for opening, seats, the seat order, takeovers, score cards and the final score.
- recorded play: a group room's final score saved again corrects the same play; `from_room` answers {"id", "group",
  "bgstats_url"} for the score's answer (None, nothing recorded, when the group holds its cap of plays).
- merge: a rename to a name the group has already makes the two one, refused (409) when they played together.
- look-alike: a name added, or a new name of a rename, that reads like another of the group's names
  (companion/rules/names.py: Cyrillic `Аna` and `Ana`) is refused (409); so are two such names in one play (400).
"""
from __future__ import annotations

import time

import orjson

from companion.contract import groups as bodies
from companion.contract.groups import MOST_IMPORTED, person
from companion.contract.refusals import parsed
from companion.groups import full, known, log, room_for_plays, shown
from companion.groups.intake import alike_sentence, read
from companion.rules import codes, names
from companion.rules.errors import Refused, impossible, missing
from companion.rules.language import gettext, ngettext
from companion.rules.turns import seat_name
from companion.store import reading, writing
from companion.store.groups import PlayRow

NOT_MOVES = ("open", "seat", "order", "takeover", "score", "card")
ID_LENGTH = 10


def drawn_id() -> str:
    """A new id of a play or a player."""
    return codes.drawn_code(ID_LENGTH)


def from_room(db, room: str, state: dict, result: dict, tie: dict | None) -> dict | None:
    """Record a group room's saved final score as its play, in the score's transaction (None: a room of no group)."""
    code = db.group_of_room(room)
    group = db.group(code) if code else None
    if group is None:
        return None
    again = db.play_of_room(code, room)
    if again is None and full(db, code):
        return None
    span, now = db.move_span(room, NOT_MOVES), time.time()
    start = seat_name(state, span[1]) if span and span[1] is not None else None
    players = [{"name": p["name"], "score": p["total"], "rank": p["rank"], "winner": p["name"] in result["winners"],
                "start": start is not None and names.folded(p["name"]) == names.folded(start),
                "breakdown": p["breakdown"]} for p in result["players"]]
    play = {"id": again or drawn_id(), "room": room, "game": result["game"], "played": span[2] if span else now,
            "duration_min": round((span[2] - span[0]) / 60) if span else None, "tiebreak": tie, "players": players}
    _keep(db, code, play)
    log(db, code, "recorded", {"play": play["id"], "game": play["game"], "room": room, "again": again is not None})
    return {"id": play["id"], "group": code,
            "bgstats_url": shown.play(db.plays(code, play["id"])[0], group[3])["bgstats_url"]}


def enter(code: str, body) -> tuple[dict, bool]:
    """Enter a play (an object: (the play as shown, True)) or import a list ({"added", "skipped"}, False)."""
    _exists(code)
    if isinstance(body, list):
        if len(body) > MOST_IMPORTED:
            raise Refused(gettext("An import sends at most %(most)s plays, this one %(num)s: import the list in parts.",
                                  most=MOST_IMPORTED, num=len(body)), 413)
        return _imported(code, [read(item, f"[{i}]") for i, item in enumerate(body)])
    play, code = read(body), codes.normal_code(code)
    with writing() as db:
        known(db, code)
        room_for_plays(db, code, 1)
        play.update(id=drawn_id(), imported_from=None, room=None)
        _keep(db, code, play)
        log(db, code, "entered", {"play": play["id"], "game": play["game"], "date": shown.iso(play["played"])})
        return shown.play(db.plays(code, play["id"])[0]), True


def _imported(code: str, plays: list[dict]) -> tuple[dict, bool]:
    """Add plays of an exported list; a play this group holds already is skipped (imported before: its id, or the id
    it was exported with, is one of the group's plays' ids or `imported_from`)."""
    code = codes.normal_code(code)
    with writing() as db:
        known(db, code)
        new = _new_plays(db, code, plays)
        room_for_plays(db, code, len(new))
        for play in new:
            kept = play["id"] if play["id"] and not db.play_taken(play["id"]) else drawn_id()
            source = play["imported_from"] or (play["id"] if kept != play["id"] else None)
            play.update(id=kept, imported_from=source, room=None)
            _keep(db, code, play)
        log(db, code, "imported", {"added": len(new), "skipped": len(plays) - len(new)})
    return {"added": len(new), "skipped": len(plays) - len(new)}, False


def _new_plays(db, code: str, plays: list[dict]) -> list[dict]:
    """The imported plays neither the group nor an earlier one of the list holds (by id or the id exported with)."""
    new, seen = [], set()
    for play in plays:
        ids = {one for one in (play["id"], play["imported_from"]) if one}
        if not ids & seen and not (ids and db.holds_play(code, list(ids))):
            new.append(play)
            seen |= ids
    return new


def correct(code: str, play_id: str, body) -> dict:
    """Correct a play (a PATCH: the keys sent change; new players without a tie-break drop the old one)."""
    _exists(code)
    change = parsed(bodies.Correction, body).model_dump(exclude_unset=True)
    code = codes.normal_code(code)
    with writing() as db:
        before = _one(db, code, play_id)
        current = {key: before[key] for key in ("game", "date", "duration_min", "players", "tiebreak")}
        if "players" in change:
            current["tiebreak"] = None
        play = read({**current, **change})
        play.update(id=before["id"], imported_from=before["imported_from"], room=None)  # its room stays (save_play)
        _keep(db, code, play)
        after = shown.play(db.plays(code, play_id)[0])
        log(db, code, "corrected", {"play": play_id, "game": after["game"], "date": after["date"],
                                    "before": _kept_part(before)})
        return after


def delete(code: str, play_id: str) -> None:
    """Delete a play (the log keeps what it was)."""
    code = codes.normal_code(code)
    with writing() as db:
        play = _one(db, code, play_id)
        db.delete_play(play_id)
        log(db, code, "deleted", {"play": play_id, "game": play["game"], "date": play["date"],
                                  "before": _kept_part(play)})


def add_player(code: str, body) -> list[str]:
    """Add a name to the group (seats in its rooms offer it); the group's names."""
    _exists(code)
    name = person(parsed(bodies.NewGroup, body).name, "name")
    code = codes.normal_code(code)
    with writing() as db:
        known(db, code)
        kept = [n for _, n in db.players(code)]
        if names.folded(name) not in {names.folded(n) for n in kept}:
            _unlike(name, kept)
            db.add_player(drawn_id(), code, name, names.folded(name))
            log(db, code, "added", {"name": name})
        return [n for _, n in db.players(code)]


def rename(code: str, body) -> dict:
    """Rename a player, or merge two names unless they played together: {"players", "merged"}."""
    _exists(code)
    asked = parsed(bodies.Rename, body)
    name, to, code = person(asked.name, "name"), person(asked.to, "to"), codes.normal_code(code)
    with writing() as db:
        known(db, code)
        ids = {names.folded(n): (player, n) for player, n in db.players(code)}
        if names.folded(name) not in ids:
            raise missing(gettext("No player %(name)s in this group.", name=name))
        (source, old), target = ids[names.folded(name)], ids.get(names.folded(to))
        if target is None or target[0] == source:
            _unlike(to, [n for player, n in db.players(code) if player != source])
            db.rename_player(source, to, names.folded(to))
            log(db, code, "renamed", {"name": old, "to": to})
        else:
            together = db.shared_plays(source, target[0])
            if together:
                raise impossible(ngettext("%(name)s and %(to)s played together in %(num)s play: they are two players.",
                                          "%(name)s and %(to)s played together in %(num)s plays: they are two players.",
                                          together, name=old, to=target[1]))
            db.merge_player(source, target[0])
            log(db, code, "merged", {"name": old, "to": target[1]})
        return {"players": [n for _, n in db.players(code)], "merged": target is not None and target[0] != source}


def _keep(db, code: str, play: dict) -> None:
    """Store a play (its names the group's players: a new name becomes one) and keep the group."""
    players = {names.folded(name): player for player, name in db.players(code)}
    rows = []
    for one in play["players"]:
        player = players.get(names.folded(one["name"]))
        if player is None:
            wanted = one.get("player_id")
            player = wanted if wanted and not db.player_taken(wanted) else drawn_id()
            db.add_player(player, code, one["name"], names.folded(one["name"]))
            players[names.folded(one["name"])] = player
        rows.append((player, one["score"], one["rank"], one["winner"], one["start"],
                     orjson.dumps(one["breakdown"]).decode()))
    tie = orjson.dumps(play["tiebreak"]).decode() if play["tiebreak"] else None
    db.save_play(code, PlayRow(play["id"], play["game"], play["played"], play["duration_min"], play["room"], tie, rows,
                               play.get("imported_from")), time.time())
    db.touch_group(code, time.time())


def _unlike(name: str, kept: list[str]) -> None:
    """Refuse (409) a new name that reads like one of the group's names `kept`."""
    alike = names.look_alike(name, kept)
    if alike is not None:
        raise impossible(alike_sentence(name, alike))


def _exists(code: str) -> None:
    """Refuse (404) a request for an unknown group before reading its body."""
    with reading() as db:
        known(db, code)


def _one(db, code: str, play_id: str) -> dict:
    known(db, code)
    found = db.plays(code, play_id)
    if not found:
        raise missing(gettext("No play %(play)s in this group.", play=repr(play_id)))
    return shown.play(found[0])


def _kept_part(play: dict) -> dict:
    """What the log keeps of a play before it changed: its date and each player's name, score and rank."""
    return {"date": play["date"], "players": [[p["name"], p["score"], p["rank"]] for p in play["players"]]}
