"""Players' names as a table reads them: one form per name, a letter or digit that shows, no look-alikes.

Glossary:
- name: kept in NFKC with spaces folded, so fullwidth `Ａｎａ`, math-bold `𝐀𝐧𝐚` and a decomposed `é`
  are the plain letters; two names that differ only in case are one name.
- blank: a name without a letter or digit that draws anything (U+2800, the Hangul fillers, combining
  marks alone): refused.
- skeleton: Unicode's confusable-detection transform (UTS #39, section 4): NFD, each character
  replaced by its prototype from Unicode's confusables.txt (as the confusable_homoglyphs package
  ships it), NFD again. Two names with the same skeleton (case aside) read alike: Cyrillic `Аna`
  and `Ana`, `Kirn` and `Kim`, `B0b` and `Bob`.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data

BLANK_LETTERS = "\u115f\u1160\u3164\uffa0"
"""The Hangul fillers: letters to Unicode (Lo) that draw nothing (Default_Ignorable_Code_Point)."""
BIDI_MARKS = "\u200e\u200f"
"""The package's data wraps right-to-left characters in these marks; they are no part of a prototype."""


def normal(name: str) -> str:
    """A typed name as kept: NFKC, runs of spaces folded to one."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def shows(name: str) -> bool:
    """True when the name has a letter or a digit that draws something."""
    return any(unicodedata.category(c)[0] in "LN" and c not in BLANK_LETTERS for c in name)


def _alike(character: str) -> list[str]:
    return [entry["c"].strip(BIDI_MARKS) for entry in confusables_data.get(character, [])]


@lru_cache(maxsize=4096)
def prototype(character: str) -> str:
    """The character (or characters) Unicode's confusables.txt maps `character` to; itself when it has none.

    The package lists, for each character, its prototype when it has one, else the characters mapped to it;
    a prototype with one such character lists just it, so of the two the smaller stands for both."""
    alike = _alike(character)
    if len(alike) != 1:
        return character
    other = alike[0]
    return min(character, other) if _alike(other) == [character] else other


def skeleton(name: str) -> str:
    """The name's UTS #39 skeleton, without case: equal for names a reader could take for one another."""
    decomposed = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFD", "".join(prototype(c) for c in decomposed)).casefold()


def folded(name: str) -> str:
    """The name as compared for sameness: NFKC without case."""
    return unicodedata.normalize("NFKC", name).casefold()
