"""Every layout and overlay uses its language's word for each game term (layouts/glossary.<lang>.yaml), none of
the wrong ones the glossary lists: a player reads the rulebook's words on paper, on the phone and in the score form."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

import layouts
from layouts.translations import words

SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]


PRODUCT = "product"
"""The glossary's section for the whole product: every game, the phone's and the print kit's own words."""
CATALOGUES = [layouts.HERE.parent / "companion" / "translations", layouts.HERE.parent / "sheets" / "locale"]


def glossary(lang: str) -> dict:
    """The glossary of a language: game id (or `product`) -> term -> {"word", "not"}."""
    return yaml.safe_load((layouts.HERE / f"glossary.{lang}.yaml").read_text(encoding="utf-8"))


def catalogue_messages(lang: str) -> list[tuple[str, str]]:
    """(English id, text) of every message and plural form of the phone's and the print kit's catalogues in a
    language (English: each id as its own text)."""
    found = []
    for folder in CATALOGUES:
        for po in sorted(Path(folder).glob(f"{'*' if lang == 'en' else lang}/LC_MESSAGES/*.po")):
            with po.open("rb") as handle:
                for message in read_po(handle):
                    ids = message.id if isinstance(message.id, tuple) else (message.id,)
                    strs = message.string if isinstance(message.string, tuple) else (message.string,)
                    found.extend((ids[0], text) for text in (ids if lang == "en" else strs) if text)
    return found


def catalogue_texts(lang: str) -> str:
    """Every translated message of the phone's and the print kit's catalogues in a language (English: the ids)."""
    return "\n".join(text for _, text in catalogue_messages(lang))


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
    assert sorted(set(glossary(lang)) - {PRODUCT}) == sorted(SHIPPED)


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_whole_product_uses_one_word_per_thing(lang):
    """Across every game, the phone and the print kit: the Spanish purple, the arrow's "acelera", pieza (never
    figura), casilla, Spielplan, durchstreichen (never abhaken or abstreichen), Feld (never Zelle), cross off (never
    tick)."""
    text = "\n".join([texts(game_id, lang) for game_id in SHIPPED] + [catalogue_texts(lang)])
    for term, entry in glossary(lang).get(PRODUCT, {}).items():
        assert uses(text, entry["word"]), f"{lang}: {term} is {entry['word']!r}, used nowhere"
        wrong = [word for word in entry.get("not", []) if has_whole(text, word)]
        assert not wrong, f"{lang}: {term} is {entry['word']!r}, not {wrong}"


def test_the_phone_says_the_double_point_as_the_paper_does():
    game = layouts.load("lost-cities", "es")
    flag = game.scoring.sections[0].fields[0].fields[1]
    assert flag.label == glossary("es")["lost-cities"]["double circle"]["word"]


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_phone_names_monolyths_market_slots_as_the_paper_does(lang):
    """The log, prompts and refusals about the crystal's slots use the paper's word (the Spanish log said casillas)."""
    word = glossary(lang)["monolyth"]["slot"]["word"]
    said = [text for message_id, text in catalogue_messages(lang) if "slot" in message_id.lower()]
    assert said and [text for text in said if not uses(text, word)] == []


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
