"""The companion's gettext catalogues: every word the code, pages and scripts say is translated into
German and Spanish, placeholders kept, and the shipped .mo files are compiled from the .po files."""
from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.rules import language
from companion.web.views.language import script_words

ROOT = Path(__file__).parent.parent
TRANSLATED = [lang for lang in language.LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def catalogue(lang: str):
    with open(language.CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=lang)


def said_in_code() -> dict[tuple, str]:
    """(context, message) -> where, for every message babel.cfg finds in the companion's code."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {}
    for path, _, message, _, context in extract_from_dir(ROOT, method_map, options_map):
        found[(context, message if isinstance(message, str) else message[0])] = path
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_mo_file_is_compiled_from_the_po_file(lang):
    compiled = BytesIO()
    write_mo(compiled, catalogue(lang))
    shipped = (language.CATALOGUES / lang / "LC_MESSAGES" / "messages.mo").read_bytes()
    assert compiled.getvalue() == shipped, f"run: pybabel compile -d {language.CATALOGUES.relative_to(ROOT)}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_the_companion_says_is_translated_with_its_placeholders(lang):
    messages = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalogue(lang) if m.id}
    missing = {key: where for key, where in said_in_code().items() if key not in messages}
    assert not missing, f"not in the {lang} catalogue (pybabel extract + update, README): {missing}"
    for key, message in messages.items():
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms) and not message.fuzzy, f"{lang}: {key} has no translation"
        wanted = set(PLACEHOLDER.findall(" ".join(message.id if isinstance(message.id, tuple) else (message.id,))))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) <= wanted | {"num"}, f"{lang}: {key}: {form!r} changes placeholders"
            assert wanted - {"num"} <= set(PLACEHOLDER.findall(form)), f"{lang}: {key}: {form!r} drops a placeholder"


def test_the_catalogues_hold_no_message_the_code_no_longer_says():
    said = said_in_code()
    for lang in TRANSLATED:
        stale = [m.id for m in catalogue(lang) if m.id and (m.context, m.id if isinstance(m.id, str) else m.id[0])
                 not in said]
        assert not stale, f"{lang}: messages nobody says any more (pybabel update --ignore-obsolete): {stale}"


def test_the_pages_scripts_get_their_strings_in_the_phones_language():
    words = script_words("de")["words"]
    assert words["Roll the dice"] == "Würfeln"
    assert words["piece in the bag"] == {"one": "Teil in der Box", "other": "Teile in der Box"}
    assert script_words("es")["words"]["Take a seat"] == "Sentarse"
    assert script_words("en")["words"]["Take a seat"] == "Take a seat"
