"""The print kit's own words in the language of a print: the few words drawers write by themselves.

A layout carries its words, and its overlays translate them (layouts/translations.py). What a drawer
adds on its own, the same for every game ("size" over a shape catalogue, "level 2" under a layer map),
comes from the kit's gettext catalogue `sheets/locale/<lang>/LC_MESSAGES/sheets.po`, shipped compiled
as `sheets.mo` beside it. Drawers mark such a word as `ctx.word("level {level}", level=2)`; after
changing a .po file, compile it: `pybabel compile -d sheets/locale -D sheets` (a test holds .mo to .po).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from babel import Locale
from babel.support import NullTranslations, Translations

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "sheets"
KEYWORD = "word"
"""The call that marks a kit word in the drawers, for `pybabel extract -k word`."""


@cache
def catalogue(lang: str) -> NullTranslations:
    """The kit's words in `lang`; English (the words as written) has no catalogue."""
    return Translations.load(LOCALE_DIR, [lang], DOMAIN)


def kit_word(lang: str, message: str, **params) -> str:
    """A word the kit writes itself, in `lang`, its {placeholders} filled from `params`."""
    return catalogue(lang).gettext(message).format(**params)


def language_name(lang: str) -> str:
    """A language's name in English, for messages: `de` -> `German`."""
    return Locale.parse(lang).get_display_name("en")
