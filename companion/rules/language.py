"""The reader's language: a context variable the edge sets per request, its words from the gettext catalogues.

A phone reads one of layouts.LANGUAGES; the edge (companion/web/negotiation.py) finds which from its cookie or
Accept-Language header and sets READER while it answers (`reading`). Words come from the catalogues in
companion/translations/<lang>/LC_MESSAGES/messages.po (compiled to .mo and shipped), read here with
babel.support: one catalogue serves the Python code, the templates (Flask-Babel) and the pages' scripts. A game's own
words come from its overlay file; a game without one (a user's game) is shown in English.

Glossary:
- language: a code of LANGUAGES ("en", "de", "es").
- reader: whoever the words are for now; READER holds their language (English when nobody set it).
- speaker: one language's words, gettext / ngettext / pgettext with their %(name)s placeholders filled.
- N_: marks a text for the catalogue where it is defined; it is translated where it is said.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from babel import Locale
from babel.lists import format_list
from babel.support import NullTranslations, Translations

import layouts

LANGUAGES = layouts.LANGUAGES
CATALOGUES = Path(__file__).resolve().parent.parent / "translations"
READER: ContextVar[str] = ContextVar("reader", default="en")
"""The language of the reader being answered (a request's phone); English unless the edge set it."""


def N_(message: str) -> str:
    """Mark `message` for the catalogue; it is translated where it is said."""
    return message


class Speaker:
    """One language's words from its catalogue."""

    def __init__(self, language: str, catalogue: NullTranslations):
        self.language, self.catalogue = language, catalogue

    def gettext(self, message: str, **values) -> str:
        """`message` in this language, its %(name)s placeholders filled from `values`."""
        text = self.catalogue.gettext(message)
        return text % values if values else text

    def ngettext(self, one: str, many: str, num: int, **values) -> str:
        """The form of a counted message for `num` (also a placeholder), in this language."""
        return self.catalogue.ngettext(one, many, num) % dict(values, num=num)

    def pgettext(self, context: str, message: str) -> str:
        """A short word in this language, told apart from its namesakes by `context`."""
        return self.catalogue.pgettext(context, message)

    def listing(self, names: list[str], style: str = "standard") -> str:
        """'Ana, Ben and Cy' in this language (`style="or"`: 'Ana, Ben or Cy')."""
        return format_list(list(names), style=style, locale=babel_locale(self.language)) if names else ""


@lru_cache(maxsize=None)
def babel_locale(language: str) -> Locale:
    """Babel's data for `language`, read once (Babel parses a locale's name anew at every call given a text)."""
    return Locale.parse(language)


@lru_cache(maxsize=None)
def speaker(language: str) -> Speaker:
    """The words of `language` (English for any other code)."""
    if language not in LANGUAGES or language == "en":
        return Speaker("en", NullTranslations())
    return Speaker(language, Translations.load(CATALOGUES, [language]))


def current() -> str:
    """The language of the reader being answered (READER); else English."""
    return READER.get()


@contextmanager
def reading(language: str) -> Iterator[None]:
    """Speak `language` (English for a code not of LANGUAGES) to the reader inside the block."""
    token = READER.set(language if language in LANGUAGES else "en")
    try:
        yield
    finally:
        READER.reset(token)


def gettext(message: str, **values) -> str:
    """`message` in the reader's language."""
    return speaker(current()).gettext(message, **values)


def ngettext(one: str, many: str, num: int, **values) -> str:
    """A counted message in the reader's language."""
    return speaker(current()).ngettext(one, many, num, **values)


def in_reading(played: layouts.Game) -> layouts.Game:
    """The game `played` in the reader's words: its overlay in that language, else as it is."""
    language = current()
    return played if language == "en" or played.id not in layouts.game_ids() else game(played.id, language)


def game(game_id: str, language: str) -> layouts.Game:
    """A game's layout in `language`; in English when it has no overlay for it (or a broken one)."""
    if language != "en":
        try:
            return layouts.load(game_id, language)
        except layouts.LayoutError:
            pass
    return layouts.load(game_id)
