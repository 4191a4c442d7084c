"""Every line a player reads over a whole game, in English, German and Spanish: the log, each seat's prompt and
the refusals of moves a phone was not offered name things by their words (never an id) and use the rulebook's
word for each game term (layouts/glossary.<lang>.yaml), none of the wrong ones."""
from __future__ import annotations

import json
import random

import pytest

import layouts
from companion.rules import language, referee
from companion.rules.prompts import prompts
from companion.rules.words import entry_text
from tests.test_glossary import glossary, has_whole
from tests.test_no_ids import leaked
from tests.test_referee import walk_game


def read_over_a_game(game_id: str, lang: str) -> list[str]:
    """Every log line, prompt and refusal a phone may show over random games of three (or the most the game seats),
    in `lang`: as many games as it takes to read 300 lines."""
    game, texts = layouts.load(game_id), []
    shown_game, say = language.game(game_id, lang), language.speaker(lang)

    def heard(state: dict, entry: tuple, refusals: list) -> None:
        kind, params = entry
        texts.append(entry_text(game_id, kind, json.dumps(params), "P0", lang))
        texts.extend(prompts(shown_game, dict(state, **referee.answers(game, state)), say).values())
        texts.extend(refused.message for refused in refusals if refused.status != 400)  # (a script's malformed body)

    walk = random.Random(f"{game_id}/{lang}")
    with language.reading(lang):  # the reader the edge sets from a phone's Accept-Language
        while len(texts) < 300:
            walk_game(game, min(3, game.players.max), walk, heard)
    return texts


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("game_id", layouts.game_ids())
def test_a_whole_game_reads_in_words_never_ids_and_in_the_rulebooks_words(game_id, lang):
    texts = read_over_a_game(game_id, lang)
    assert all(texts)
    assert leaked(texts, game_id, lang) == []
    for term, entry in glossary(lang)[game_id].items():
        wrong = {word for word in entry.get("not", []) for text in texts if has_whole(text, word)}
        assert not wrong, f"{game_id}.{lang}: {term} is {entry['word']!r}, not {sorted(wrong)}"
