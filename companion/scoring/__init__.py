"""End-of-game scoring of any game whose layout has a `scoring:` section: one engine over the layout's data.

Glossary:
- scorable game: a layout with a `scoring:` section (layouts/scoring.py); `scorable(game_id)` loads it,
  NotScorable says why a game cannot be scored (unknown, no scoring section, a broken layout file).
- result: the scoring contract's answer (RULES.md), plus `tiebreak`, a sentence when the win was tied
  (in the request's language); `to_csv` writes it as a CSV file (one row per player by rank).
- own problems: what is wrong with one player's numbers alone (types, ranges, tokens, per-player checks);
  table problems: what the players together cannot hold (`total` checks, tokens held once).
- running totals: each posted player's total when their own numbers are fine, else None (a 400's extra).
"""
from __future__ import annotations

import csv
import io
from itertools import chain

import layouts
from layouts import Game, LayoutError

from companion import language
from companion.language import gettext

from companion.scoring.common import ScoreError, parse_player, player_list, ranked, unique_names
from companion.scoring.facts import table_scope, tokens_in_play
from companion.scoring.forms import breakdown_labels
from companion.scoring.inputs import data_of, player_model, range_problems
from companion.scoring.rules import breakdowns, check_problems, player_scope, tiebreak_values, total_problems
from companion.scoring.tokens import held_once_problems

__all__ = ["NotScorable", "ScoreError", "running_totals", "scorable", "scorable_ids", "score", "score_game",
           "scored", "to_csv", "inert"]


class NotScorable(LookupError):
    """A game id the scorer cannot score; the message says why, for a person."""


def scorable_ids() -> list[str]:
    """The ids of the games whose layout has a scoring section (broken layouts left out)."""
    out = []
    for game_id in layouts.game_ids():
        try:
            out += [game_id] if layouts.load(game_id).scoring else []
        except LayoutError:
            continue
    return out


def scorable(game_id: str) -> Game:
    """The layout of a game that can be scored, in the request's language; NotScorable says why not."""
    if game_id not in layouts.game_ids():
        raise NotScorable(gettext("unknown game %(game)s; games with scoring: %(games)s", game=repr(game_id),
                                  games=", ".join(scorable_ids())))
    try:
        game = language.game(game_id, language.current())
    except LayoutError as error:
        raise NotScorable(gettext("the layout of %(game)s has problems: %(problem)s", game=repr(game_id),
                                  problem=error.problems[0])) from None
    if game.scoring is None:
        raise NotScorable(gettext("%(game)s has no scoring section in its layout; games with scoring: %(games)s",
                                  game=game.name, games=", ".join(scorable_ids())))
    return game


def score(game_id: str, payload: object) -> dict:
    """Score a posted payload for a game id; NotScorable for a game without scoring, ScoreError for bad input."""
    return score_game(scorable(game_id), payload)


def score_game(game: Game, payload: object) -> dict:
    """Score a posted payload with a layout's scoring section; ScoreError names the first bad field."""
    return scored(game, payload)[0]


def scored(game: Game, payload: object) -> tuple[dict, dict | None]:
    """The result of `score_game`, and the tie as data ({"case", "winners"}, or None) for a room's log."""
    raw = player_list(payload, game.players.min, game.players.max)
    model = player_model(game.scoring.fields)
    players = [parse_player(model, player, i) for i, player in enumerate(raw)]
    unique_names(players)
    table, tokens = table_scope(game, len(raw)), tokens_in_play(game, len(raw))
    data = [data_of(player, game.scoring.fields) for player in players]
    for i, one in enumerate(data):
        for field, message in _own_problems(game, table, tokens, one, i):
            raise ScoreError(message, field)
    scopes = [player_scope(game.scoring, table, one) for one in data]
    for field, message in chain(total_problems(game.scoring, scopes),
                                held_once_problems(game.scoring.fields, data, tokens)):
        raise ScoreError(message, field)
    return ranked(game.id, [player.name for player in players], breakdowns(game.scoring, scopes),
                  game.scoring.tiebreak, tiebreak_values(game.scoring, scopes))


def _own_problems(game: Game, table: dict, tokens: dict, data: dict, index: int):
    """(field, message) for one player's numbers alone: ranges and tokens first, then the checks."""
    at = f"players[{index}]."
    ranges = list(range_problems(game.scoring.fields, table, tokens, data, at))
    yield from ranges or check_problems(game.scoring, player_scope(game.scoring, table, data), at)


def running_totals(game: Game, payload: object) -> list[int | None] | None:
    """Each posted player's total where their own numbers are fine (None where not); None for an unreadable body."""
    try:
        raw = player_list(payload, game.players.min, game.players.max)
    except ScoreError:
        return None
    model, table, tokens = player_model(game.scoring.fields), table_scope(game, len(raw)), tokens_in_play(game, len(raw))
    fine = {}
    for i, player in enumerate(raw):
        try:
            data = data_of(parse_player(model, player, i), game.scoring.fields)
            if not any(True for _ in _own_problems(game, table, tokens, data, i)):
                fine[i] = player_scope(game.scoring, table, data)
        except ScoreError:
            continue
    try:
        totals = dict(zip(fine, (sum(parts.values()) for parts in breakdowns(game.scoring, list(fine.values())))))
    except ScoreError:
        return None
    return [totals.get(i) for i in range(len(raw))]


def to_csv(result: dict, game: Game) -> str:
    """The result as CSV: game, rank, name, total, each breakdown part, winner (yes/no), tie-break note.

    In English the header row holds the stable ids (the result's keys); in another language its words,
    the parts by their labels in `game` (the layout in that language).
    """
    say, parts = language.speaker(language.current()), list(result["players"][0]["breakdown"])
    labels = {part: part for part in parts} if say.language == "en" else \
        {key: shown["label"] for key, shown in breakdown_labels(game).items()}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([say.pgettext("csv", "game"), say.pgettext("csv", "rank"), say.pgettext("csv", "name"),
                     say.pgettext("csv", "total"), *(inert(labels.get(part, part)) for part in parts),
                     say.pgettext("csv", "winner"), say.pgettext("csv", "tiebreak")])
    yes, no = say.pgettext("csv", "yes"), say.pgettext("csv", "no")
    for player in result["players"]:
        writer.writerow([result["game"], player["rank"], inert(player["name"]), player["total"],
                         *(player["breakdown"][part] for part in parts),
                         yes if player["name"] in result["winners"] else no, inert(result["tiebreak"] or "")])
    return out.getvalue()


def inert(cell: str) -> str:
    """Text a spreadsheet shows as text, never runs as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
