"""A group's data written out for people, in the reader's language: dates, months, the tie-break of a play and
the group's log (kept as kind + parameters, like a room's).

Glossary:
- log kinds: made, added (a name), recorded (a room saved its final score; again: saved again), entered (by
  hand), imported, corrected, deleted, renamed, merged, restored (the group, after it was deleted).
"""
from __future__ import annotations

from datetime import datetime, timezone

from babel.dates import format_date, format_skeleton

import layouts
from companion.rules import language
from companion.rules.ending import tie_text
from companion.rules.language import N_, Speaker

LOGGED = {
    "made": N_("The group %(name)s was started."),
    "restored": N_("The group %(name)s was restored after it was deleted."),
    "added": N_("%(name)s joined the group's names."),
    "recorded": N_("%(game)s: the final score saved in room %(room)s was recorded."),
    "recorded again": N_("%(game)s: the final score saved again in room %(room)s replaced the play recorded."),
    "entered": N_("%(game)s of %(date)s was entered by hand."),
    "corrected": N_("%(game)s of %(date)s was corrected (it was: %(before)s)."),
    "deleted": N_("%(game)s of %(date)s was deleted (it was: %(before)s)."),
    "renamed": N_("%(name)s was renamed %(to)s."),
    "located": N_("The group now plays at %(location)s."),
    "unlocated": N_("The group's location was cleared."),
    "merged": N_("%(name)s was merged into %(to)s: their plays count as %(to)s's."),
}
"""The group log's sentences by kind (imported, counted, is said with ngettext)."""


def day(iso: str, lang: str, length: str = "medium") -> str:
    """A play's date as the reader writes a day ("May 1, 2025", "01.05.2025"; `length="short"`: "5/1/25")."""
    return format_date(_moment(iso), length, locale=lang)


def month(key: str, lang: str) -> str:
    """A month ("2025-05") as the reader names it ("May 2025", "Mai 2025")."""
    return format_skeleton("yMMMM", datetime.strptime(key, "%Y-%m"), locale=lang)


def game_name(game_id: str, lang: str) -> str:
    """A game's name in `lang` (its id for a game this companion no longer has)."""
    try:
        return language.game(game_id, lang).name
    except (KeyError, layouts.LayoutError):
        return game_id


def tie(play: dict, lang: str) -> str:
    """How a play's tie on points was broken, in `lang` ("Ana wins on fewer empty cells"); "" without one."""
    if not play["tiebreak"]:
        return ""
    try:
        rule = language.game(play["game"], lang).scoring.tiebreak
    except (KeyError, AttributeError, layouts.LayoutError):
        rule = None
    return tie_text(play["tiebreak"]["case"], play["tiebreak"]["winners"], rule, language.speaker(lang))


def entry(kind: str, params: dict, lang: str) -> str:
    """A group log entry in `lang`."""
    say = language.speaker(lang)
    if kind == "imported":
        return say.ngettext("%(num)s play was imported.", "%(num)s plays were imported.", params["added"]) + (
            " " + say.ngettext("%(num)s play was there already.", "%(num)s plays were there already.",
                               params["skipped"]) if params["skipped"] else "")
    if kind == "recorded" and params.get("again"):
        kind = "recorded again"
    values = dict(params, game=game_name(params["game"], lang) if "game" in params else "",
                  date=day(params["date"], lang) if "date" in params else "")
    if "before" in params:
        values["before"] = _before(params["before"], say)
    return say.gettext(LOGGED[kind], **values)


def _before(before: dict, say: Speaker) -> str:
    """A play as it was, in a few words: 'Ana 12, Ben 9'."""
    return say.listing([f"{name} {score}" for name, score, _ in before["players"]])


def _moment(iso: str) -> datetime:
    return datetime.fromisoformat(iso).astimezone(timezone.utc)
