"""Every layout and overlay uses its language's word for each game term (layouts/glossary.<lang>.yaml), none of
the wrong ones the glossary lists: a player reads the rulebook's words on paper, on the phone and in the score form."""
from __future__ import annotations

import re

import pytest
import yaml

import layouts
from layouts.translations import words

SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]


def glossary(lang: str) -> dict:
    """The glossary of a language: game id -> term -> {"word", "not"}."""
    return yaml.safe_load((layouts.HERE / f"glossary.{lang}.yaml").read_text(encoding="utf-8"))


def texts(game_id: str, lang: str) -> str:
    """Every text a person reads of a game in a language (its overlay's, or the layout's in English)."""
    return "\n".join(words(layouts.load(game_id, lang)).values())


def uses(text: str, word: str) -> bool:
    """Whether the text holds the word at the start of a word (inflected or not), any case."""
    return re.search(rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE) is not None


def has_whole(text: str, word: str) -> bool:
    """Whether the text holds the word as a whole word, any case."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE) is not None


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_glossary_covers_every_shipped_game(lang):
    assert sorted(glossary(lang)) == sorted(SHIPPED)


@pytest.mark.parametrize("game_id", SHIPPED)
@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_every_overlay_uses_the_glossarys_word_and_none_of_the_wrong_ones(game_id, lang):
    text = texts(game_id, lang)
    for term, entry in glossary(lang)[game_id].items():
        assert uses(text, entry["word"]), f"{game_id}.{lang}: {term} is {entry['word']!r}, used nowhere"
        wrong = [word for word in entry.get("not", []) if has_whole(text, word)]
        assert not wrong, f"{game_id}.{lang}: {term} is {entry['word']!r}, not {wrong}"


def test_a_wrong_word_is_found_as_a_whole_word_only():
    assert has_whole("eine volle Leiste", "Leiste") and not has_whole("die Fähigkeitenleiste", "Leiste")
    assert uses("zwei Farblinien", "Farblinie") and not uses("Gewerbe", "Gewerbeobjekte")


def test_the_languages_page_lists_as_the_games_own_words_none_the_glossaries_ban():
    page = (layouts.HERE.parent / "docs" / "languages.md").read_text(encoding="utf-8")
    own = page[page.index("The words are the games' own"):page.index("The PDF also says")]
    banned = {word for lang in layouts.LANGUAGES for terms in glossary(lang).values() for entry in terms.values()
              for word in entry.get("not", [])}
    assert [word for word in sorted(banned) if has_whole(own, word)] == []
    assert uses(own, glossary("de")["copenhagen"]["power"]["word"])
