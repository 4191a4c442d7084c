"""The phone's language: chosen per request, its words from gettext catalogues, the games in it.

A phone speaks one of layouts.LANGUAGES. Its choice is the COOKIE the language switch sets, else
the best match of its Accept-Language header, else English. Words come from the catalogues in
companion/translations/<lang>/LC_MESSAGES/messages.po (compiled to .mo and shipped): one catalogue
serves the Python code, the templates (Flask-Babel) and the pages' scripts (static/i18n.js, handed
their strings as a JSON block). A game's own words come from its overlay file; a game without one
(a user's game) is shown in English.

Glossary:
- language: a code of LANGUAGES ("en", "de", "es").
- speaker: one language's words, gettext / ngettext / pgettext with their %(name)s placeholders filled.
- N_: marks a text for the catalogue where it is defined; it is translated where it is said.
- script words: the catalogue entries the pages' scripts use, found in the scripts themselves.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.extract import extract_from_file
from babel.support import NullTranslations, Translations
from flask_babel import get_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.sansio.http import parse_cookie

import layouts

LANGUAGES = layouts.LANGUAGES
NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}
"""Each language by its own name, as the switch offers it."""
COOKIE = "rollsheet-lang"
CATALOGUES = Path(__file__).resolve().parent / "translations"
SCRIPTS = Path(__file__).resolve().parent / "static"
SCRIPT_OPTIONS = {"parse_template_string": True}
"""How the scripts are read for their strings (babel.cfg says the same to `pybabel extract`)."""


def N_(message: str) -> str:
    """Mark `message` for the catalogue; it is translated where it is said."""
    return message


def of_headers(headers) -> str:
    """A phone's language from its request headers (a mapping): the COOKIE when it names one of LANGUAGES,
    else the best match of Accept-Language, else English."""
    return _chosen(headers.get("Cookie", ""), headers.get("Accept-Language", ""))


@lru_cache(maxsize=1024)
def _chosen(cookie: str, accept: str) -> str:
    """The language of a Cookie and an Accept-Language header (a phone sends the same ones every time); bytes
    of a cookie that are not UTF-8 (another program's, on the same host) are read as U+FFFD."""
    chosen = parse_cookie(cookie.encode("latin-1", "replace").decode("utf-8", "replace")).get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return parse_accept_header(accept, LanguageAccept).best_match(LANGUAGES, default="en")


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
        return format_list(list(names), style=style, locale=self.language) if names else ""


@lru_cache(maxsize=None)
def speaker(language: str) -> Speaker:
    """The words of `language` (English for any other code)."""
    if language not in LANGUAGES or language == "en":
        return Speaker("en", NullTranslations())
    return Speaker(language, Translations.load(CATALOGUES, [language]))


def current() -> str:
    """The language of the request being answered (or forced by `flask_babel.force_locale`); else English."""
    locale = get_locale()
    return locale.language if locale is not None and locale.language in LANGUAGES else "en"


def gettext(message: str, **values) -> str:
    """`message` in the current request's language."""
    return speaker(current()).gettext(message, **values)


def ngettext(one: str, many: str, num: int, **values) -> str:
    """A counted message in the current request's language."""
    return speaker(current()).ngettext(one, many, num, **values)


def in_reading(played: layouts.Game) -> layouts.Game:
    """The game `played` in the words of the request being answered: its overlay in that language, else as it is."""
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


def _examples(language: str) -> dict[str, int]:
    """A number of each plural category of `language` (CLDR's, as the browser's Intl.PluralRules names them)."""
    rule, found = Locale.parse(language).plural_form, {}
    for n in range(1001):
        found.setdefault(rule(n), n)
    return found


@lru_cache(maxsize=1)
def _script_messages() -> tuple:
    """Every catalogue entry the pages' scripts ask for: (context, message or (one, many))."""
    found = {(context, message) for path in sorted(SCRIPTS.glob("*.js"))
             for _, message, _, context in extract_from_file("javascript", str(path), options=SCRIPT_OPTIONS)}
    return tuple(sorted(found, key=str))


@lru_cache(maxsize=None)
def script_words(language: str) -> dict:
    """The scripts' strings in `language`: {"language", "words": {key: text or {category: form}}}.

    A key is the message (its singular for a counted one), prefixed `context\\x04` when it has a context;
    a counted message has its forms by plural category ("one", "other", ...; see `_examples`).
    """
    say, words = speaker(language), {}
    for context, message in _script_messages():
        if isinstance(message, tuple):
            words[message[0]] = {category: say.catalogue.ngettext(*message, n)
                                 for category, n in _examples(say.language).items()}
        elif context:
            words[f"{context}\x04{message}"] = say.pgettext(context, message)
        else:
            words[message] = say.catalogue.gettext(message)
    return {"language": language, "words": words}
