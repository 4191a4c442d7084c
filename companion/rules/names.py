"""Players' names as a table reads them: one form per name, a letter or digit that shows, no look-alikes.

Glossary:
- name: kept in NFKC with spaces folded, so fullwidth `Ａｎａ`, math-bold `𝐀𝐧𝐚` and a decomposed `é`
  are the plain letters; two names that differ only in case are one name.
- invisible: a character that draws nothing: Unicode's Default_Ignorable_Code_Point (variation
  selectors, joiners, the Hangul fillers, which are letters to Unicode, the Khmer inherent vowels,
  tags...) and the blank Braille pattern U+2800.
- blank: a name without a letter or digit that draws anything (only invisible ones, combining marks
  alone): refused.
- skeleton: Unicode's confusable-detection transform (UTS #39, section 4) of the name less its
  invisible characters: NFD, each character replaced by its prototype from Unicode's confusables.txt
  (as the confusable_homoglyphs package ships it), NFD again. Two names with the same skeleton (case
  aside) read alike: Cyrillic `Аna` and `Ana`, `Kirn` and `Kim`, `B0b` and `Bob`, `Ana` followed by
  a Hangul filler or a variation selector and `Ana`.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data

INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                       "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                       "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
"""The characters that draw nothing: Default_Ignorable_Code_Point (DerivedCoreProperties.txt) and U+2800."""
SHOWN = r"[\p{L}\p{N}]"
"""What the API document says of a name as sent (JSON Schema, Unicode property escapes): it holds a letter or digit."""
BIDI_MARKS = "\u200e\u200f"
"""The package's data wraps right-to-left characters in these marks; they are no part of a prototype."""


def normal(name: str) -> str:
    """A typed name as kept: NFKC, runs of spaces folded to one."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def shows(name: str) -> bool:
    """True when the name as sent and as kept (`normal`) has a letter or a digit that draws something (so it matches
    SHOWN as sent: a sign that NFKC makes letters, ™ or ㎏, is no name)."""
    return all(any(unicodedata.category(c)[0] in "LN" and not INVISIBLE.match(c) for c in form)
               for form in (name, normal(name)))


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
    """The name's UTS #39 skeleton, less what draws nothing, without case: equal for names a reader could take for
    one another."""
    decomposed = unicodedata.normalize("NFD", INVISIBLE.sub("", name))
    return unicodedata.normalize("NFD", "".join(prototype(c) for c in decomposed)).casefold()


def look_alike(name: str, others) -> str | None:
    """The first of the names `others` that a reader could take for `name` (the same skeleton), or None."""
    return next((other for other in others if skeleton(other) == skeleton(name)), None)


def folded(name: str) -> str:
    """The name as compared for sameness: NFKC without case."""
    return unicodedata.normalize("NFKC", name).casefold()
