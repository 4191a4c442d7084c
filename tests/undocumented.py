"""The refusals docs/api.md says the API document cannot say ("What the document cannot say"), read from its table:
a valid body may get only these (tests/test_schemathesis.py), and each is a sentence the server says
(tests/test_contract.py)."""
from __future__ import annotations

import json
import re

import layouts
from tests.serving import ROOT

SECTION = "## What the document cannot say"
CHECKS = "the check's `message`"
"""The table's word for a game's own checks: each served game's `scoring.checks` messages."""


def wildcard(said: str) -> re.Pattern:
    """A sentence or place docs/api.md writes with `…` for what varies, as a pattern of the whole."""
    return re.compile(".*".join(map(re.escape, said.split("…"))), re.DOTALL)


def check_messages(folders: list) -> list[str]:
    """The English message of every scoring check of the games served (with `folders`), `…` for each value."""
    with layouts.extra_folders(folders):
        games = [layouts.load(game) for game in layouts.game_ids()]
    messages = [check.message for game in games if game.scoring for check in game.scoring.checks]
    return [re.sub(r"\{(?:[^{}]|\{[^{}]*\})*\}", "…", message) for message in messages]


def rows() -> list[tuple[str | None, str]]:
    """(field, sentence) of each row of the table as docs/api.md writes them; field None where the answer names
    none, sentence CHECKS for a game's own checks."""
    section = (ROOT / "docs" / "api.md").read_text().split(SECTION)[1].split("\n## ")[0]
    found = []
    for row in re.findall(r"^\| (?!what the server|---)(.+) \|$", section, re.MULTILINE):
        field, said = row.split(" | ")[1:]
        found.append((None if field == "none" else field.strip("`"), said if said == CHECKS else said.strip("`")))
    return found


def kinds(folders: list) -> list[tuple[re.Pattern | None, re.Pattern]]:
    """(field, sentence) patterns of each documented refusal, a game's own checks one per message."""
    return [(None if field is None else wildcard(field), wildcard(sentence)) for field, said in rows()
            for sentence in (check_messages(folders) if said == CHECKS else [said])]


def documented(answer: str, known: list) -> bool:
    """Whether each refusal in an answer (a score post's `errors`, else the one) is a kind in `known` (an import's
    place of the play left out of its field)."""
    try:
        said = json.loads(answer)
    except ValueError:
        return False
    problems = (said.get("errors") or [said]) if isinstance(said, dict) else []
    return bool(problems) and all(any(
        (place is None) == ("field" not in problem) and (place is None or place.fullmatch(
            re.sub(r"^(\[\d+\])+", "", problem["field"]))) and sentence.fullmatch(problem["error"])
        for place, sentence in known) for problem in problems)
