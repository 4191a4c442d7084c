"""Counted words in layout texts: `{n, plural, one {# bridge} other {# bridges}}`, ICU's plural form.

A layout text may put a plural block where it counts something; the block's forms are named by the
language's plural categories (CLDR, via Babel: English and German `one` and `other`, Spanish also `many`;
`=0`, `=1` ... name exact numbers), and `#` in a form is the number. Every block needs an `other` form.
The expression before `, plural,` is what the text's other {placeholders} would hold: a house value's
name on paper (`{solo_turns, plural, ...}`), a scoring check's `value` or `limit` in its message.
Forms hold no braces. Blocks are filled first; the rest of the text is then filled as before.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from babel import Locale

BLOCK = re.compile(r"\{([^{},]+),\s*plural\s*,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}")
FORM = re.compile(r"(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}")


def plural(count: int, word: str) -> str:
    """An English count in a line for the author (check, print): `1 sheet`, `2 sheets`."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def counted(text: str) -> list[str]:
    """The expressions a text's plural blocks count."""
    return [match.group(1).strip() for match in BLOCK.finditer(text)]


def without_blocks(text: str) -> str:
    """The text with its plural blocks left out (what remains holds the plain {placeholders})."""
    return BLOCK.sub("", text)


def problems(text: str) -> list[str]:
    """What is wrong with a text's plural blocks: each needs an `other` form."""
    return [f"the plural block of {match.group(1).strip()!r} needs an 'other {{...}}' form"
            for match in BLOCK.finditer(text) if "other" not in dict(FORM.findall(match.group(2)))]


def fill_counts(text: str, lang: str, number_of: Callable[[str], object]) -> str:
    """The text with each plural block replaced by its form for the number `number_of(expression)` gives."""
    if "plural" not in text:
        return text

    def form(match: re.Match) -> str:
        number = number_of(match.group(1).strip())
        forms = dict(FORM.findall(match.group(2)))
        chosen = forms.get(f"={number}", forms.get(_category(lang, number), forms.get("other", "")))
        return chosen.replace("#", str(number))
    return BLOCK.sub(form, text)


@cache
def _rule(lang: str):
    return Locale.parse(lang).plural_form


def _category(lang: str, number) -> str:
    """The plural category of `number` in `lang` ("one", "many", "other", ...)."""
    return _rule(lang)(number) if isinstance(number, int) else "other"
