"""The print kit's own catalogue (sheets/locale): every word the drawers mark, translated, compiled as shipped."""
from __future__ import annotations

from io import BytesIO

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from layouts import LANGUAGES
from layouts.translations import PLACEHOLDER
from sheets.i18n import DOMAIN, KEYWORD, LOCALE_DIR, kit_word

SHEETS = LOCALE_DIR.parent
SPOKEN = [lang for lang in LANGUAGES if lang != "en"]


def catalogue(lang: str, kind: str):
    """The shipped .po or .mo of a language, read with Babel."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.{kind}"
    with path.open("rb") as file:
        return read_po(file) if kind == "po" else read_mo(file)


def marked() -> set[str]:
    """The words the print kit's code marks as `ctx.word(...)`."""
    return {message for _, _, message, _, _ in extract_from_dir(SHEETS, keywords={KEYWORD: None})}


@pytest.mark.parametrize("lang", SPOKEN)
def test_every_marked_word_is_translated_and_nothing_else_is_kept(lang):
    po = catalogue(lang, "po")
    translated = {message.id: message.string for message in po if message.id}
    assert marked() and set(translated) == marked()
    assert all(translated.values()), f"untranslated in {lang}: {[k for k, v in translated.items() if not v]}"


@pytest.mark.parametrize("lang", SPOKEN)
def test_the_shipped_mo_is_compiled_from_the_po(lang):
    compiled = BytesIO()
    write_mo(compiled, catalogue(lang, "po"))
    shipped = catalogue(lang, "mo")
    assert {m.id: m.string for m in read_mo(BytesIO(compiled.getvalue())) if m.id} == \
           {m.id: m.string for m in shipped if m.id}, "run: pybabel compile -d sheets/locale -D sheets"


@pytest.mark.parametrize("lang", SPOKEN)
def test_a_translated_word_keeps_its_placeholders(lang):
    for message in catalogue(lang, "po"):
        if message.id:
            assert sorted(PLACEHOLDER.findall(message.string)) == sorted(PLACEHOLDER.findall(message.id)), message.id
    assert kit_word(lang, "level {level}", level=3) != kit_word("en", "level {level}", level=3) == "level 3"
