"""End-of-game scoring of any game whose layout has a `scoring:` section: one engine over the layout's data.

Glossary:
- scorable game: a layout with a `scoring:` section (layouts/scoring.py); `scorable(game_id)` loads it,
  NotScorable says why a game cannot be scored (unknown, no scoring section, a broken layout file).
- result: the scoring contract's answer (RULES.md), plus `tiebreak`, a sentence when the win was tied,
  `tiebreaks`, a sentence for each group tied on points (the win's first), both in the request's language,
  and each player's `tiebreak` value in a game with a tie-break; `to_csv` writes it as a CSV file (one row
  per player by rank).
- problems: a ScoreError names every bad field found: each player's own problems, and the table's once
  every player's own numbers are fine.
- own problems: what is wrong with one player's numbers alone (types, ranges, tokens, per-player checks);
  table problems: what the players together cannot hold (`total` checks, tokens held once).
- running totals: each posted player's total when their own numbers are fine, else None (a 400's extra).
"""
from __future__ import annotations

import csv
import io
from itertools import chain

import layouts
from companion.rules import language
from companion.rules.language import gettext
from companion.scoring.common import ScoreError, name_problems, parse_player, player_list, problem_entries, ranked
from companion.scoring.facts import table_scope, tokens_in_play
from companion.scoring.forms import breakdown_labels
from companion.scoring.inputs import checking_model, data_of, range_problems
from companion.scoring.rules import breakdowns, check_problems, player_scope, tiebreak_values, total_problems
from companion.scoring.tokens import held_once_problems
from layouts import Game, LayoutError

__all__ = ["NotScorable", "ScoreError", "card_problems", "card_total", "problem_entries", "running_totals", "scorable",
           "scorable_ids", "score", "score_game", "scored", "to_csv", "inert"]


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
    """Score a posted payload with a layout's scoring section; ScoreError names every bad field."""
    return scored(game, payload)[0]


def scored(game: Game, payload: object, seated: int | None = None) -> tuple[dict, dict | None]:
    """The result of `score_game`, and the tie as data ({"case", "winners"}, or None) for a room's log; `seated`: how
    many played, when the payload has fewer of them (a room's result without the cards not in)."""
    raw = player_list(payload, game.players.min, game.players.max)
    model = checking_model(game.scoring.fields)
    table, tokens = table_scope(game, seated or len(raw)), tokens_in_play(game, seated or len(raw))
    names, data, problems = {}, {}, []
    for i, player in enumerate(raw):
        try:
            parsed = parse_player(model, player, i)
        except ScoreError as error:
            problems += error.problems
            continue
        names[i], data[i] = parsed.name, data_of(parsed, game.scoring.fields)
        problems += _own_problems(game, table, tokens, data[i], i)
    if problems or len(data) < len(raw):
        raise ScoreError.of(sorted(problems + name_problems(names), key=lambda problem: _player_of(problem[0])))
    scopes = [player_scope(game.scoring, table, one) for one in data.values()]
    problems = list(chain(name_problems(names), total_problems(game.scoring, scopes),
                          held_once_problems(game.scoring.fields, list(data.values()), tokens)))
    if problems:
        raise ScoreError.of(problems)
    return ranked(game.id, list(names.values()), breakdowns(game.scoring, scopes),
                  game.scoring.tiebreak, tiebreak_values(game.scoring, scopes))


def _player_of(field: str) -> int:
    """The player a problem's field is about ("players[2].houses" -> 2)."""
    return int(field.split("]")[0].removeprefix("players[")) if field.startswith("players[") else -1


def _own_problems(game: Game, table: dict, tokens: dict, data: dict, index: int):
    """(field, message) for one player's numbers alone, all at once: ranges and tokens, and the checks that read
    no field out of range."""
    at = f"players[{index}]."
    ranges = list(range_problems(game.scoring.fields, table, tokens, data, at))
    unsure = frozenset(field.removeprefix(at).split(".")[0].split("[")[0] for field, _ in ranges)
    yield from ranges
    yield from check_problems(game.scoring, player_scope(game.scoring, table, data), at, unsure)


def card_problems(game: Game, count: int, player: dict, index: int) -> list[tuple]:
    """(field, message) for one player's card alone, at `index` among `count` players: its types, ranges, checks."""
    try:
        parsed = parse_player(checking_model(game.scoring.fields), player, index)
    except ScoreError as error:
        return error.problems
    data = data_of(parsed, game.scoring.fields)
    return list(_own_problems(game, table_scope(game, count), tokens_in_play(game, count), data, index))


def card_total(game: Game, count: int, player: dict) -> int | None:
    """One card's points alone, at a table of `count` (None while its numbers have problems)."""
    table = table_scope(game, count)
    try:
        data = data_of(parse_player(checking_model(game.scoring.fields), {**player, "name": "card"}, 0),
                       game.scoring.fields)
    except ScoreError:
        return None
    if any(True for _ in _own_problems(game, table, tokens_in_play(game, count), data, 0)):
        return None
    return sum(breakdowns(game.scoring, [player_scope(game.scoring, table, data)])[0].values())


def running_totals(game: Game, payload: object) -> list[int | None] | None:
    """Each posted player's total where their own numbers are fine (None where not); None for an unreadable body."""
    try:
        raw = player_list(payload, game.players.min, game.players.max)
    except ScoreError:
        return None
    model = checking_model(game.scoring.fields)
    table, tokens = table_scope(game, len(raw)), tokens_in_play(game, len(raw))
    fine = {}
    for i, player in enumerate(raw):
        try:
            data = data_of(parse_player(model, player, i), game.scoring.fields)
            if not any(True for _ in _own_problems(game, table, tokens, data, i)):
                fine[i] = player_scope(game.scoring, table, data)
        except ScoreError:
            continue
    try:
        parts = breakdowns(game.scoring, list(fine.values()))
        totals = dict(zip(fine, (sum(each.values()) for each in parts), strict=True))
    except ScoreError:
        return None
    return [totals.get(i) for i in range(len(raw))]


def to_csv(result: dict, game: Game) -> str:
    """The result as CSV: game, rank, name, total, each breakdown part, winner (yes/no), tie-break note, and in a
    game with a tie-break each player's value of it (headed by its field, e.g. `empty_cells`).

    In English the header row holds the stable ids (the result's keys); in another language its words,
    the parts by their labels in `game` (the layout in that language).
    """
    say, parts = language.speaker(language.current()), list(result["players"][0]["breakdown"])
    labels = {part: part for part in parts} if say.language == "en" else \
        {key: shown["label"] for key, shown in breakdown_labels(game).items()}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    tiebreak = game.scoring.tiebreak
    writer.writerow([say.pgettext("csv", "game"), say.pgettext("csv", "rank"), say.pgettext("csv", "name"),
                     say.pgettext("csv", "total"), *(inert(labels.get(part, part)) for part in parts),
                     say.pgettext("csv", "winner"), say.pgettext("csv", "tiebreak"),
                     *([inert(tiebreak.by if say.language == "en" else tiebreak.what)] if tiebreak else [])])
    yes, no = say.pgettext("csv", "yes"), say.pgettext("csv", "no")
    for player in result["players"]:
        writer.writerow([result["game"], player["rank"], inert(player["name"]), player["total"],
                         *(player["breakdown"][part] for part in parts),
                         yes if player["name"] in result["winners"] else no, inert(result["tiebreak"] or ""),
                         *([_blank(player["tiebreak"])] if tiebreak else [])])
    return out.getvalue()


def _blank(value: int | None) -> int | str:
    """A tie-break value as a cell: empty when it was not given."""
    return "" if value is None else value


def inert(cell: str) -> str:
    """Text a spreadsheet shows as text, never runs as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
