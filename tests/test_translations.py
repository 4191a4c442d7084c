"""Language overlays: `<game>.<lang>.yaml` beside a layout holds exactly its texts, in that language."""
from __future__ import annotations

import pytest
import yaml

import layouts
from layouts.translations import words

GAME = """\
id: pad
name: Pad
players: {min: 1, max: 2}
colours:
  red: {label: Red, rgb: "#c8302c", glyph: R}
values: {goal: 12}
printables:
  sheet:
    title: Sheet
    size: [100, 60]
    blocks:
      - {type: text, at: [4, 4, 90, 10], text: "Reach {goal} points"}
      - {type: name_line, at: [4, 20, 90, 9]}
"""
GERMAN = {"name": "Block", "colours.red.label": "Rot", "printables.sheet.title": "Blatt",
          "printables.sheet.blocks[0].text": "Erreiche {goal} Punkte", "printables.sheet.blocks[1].label": "Name"}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "pad.yaml").write_text(GAME, encoding="utf-8")
    monkeypatch.setenv(layouts.ENV_VAR, str(tmp_path))
    return tmp_path


def overlay(folder, lang, texts):
    (folder / f"pad.{lang}.yaml").write_text(yaml.safe_dump(texts, allow_unicode=True), encoding="utf-8")


def test_the_words_of_a_layout_are_its_texts_with_their_defaults(folder):
    assert words(layouts.load("pad")) == {"name": "Pad", "colours.red.label": "Red", "printables.sheet.title": "Sheet",
                                          "printables.sheet.blocks[0].text": "Reach {goal} points",
                                          "printables.sheet.blocks[1].label": "Name"}


def test_an_overlay_gives_the_game_in_its_language_and_is_no_game_itself(folder):
    overlay(folder, "de", GERMAN)
    german = layouts.load("pad", "de")
    assert german.name == "Block" and german.colours["red"].label == "Rot" and german.colours["red"].rgb == "#c8302c"
    assert german.printables["sheet"].blocks[0].text == "Erreiche {goal} Punkte"
    assert layouts.load("pad").name == "Pad"
    assert "pad.de" not in layouts.game_ids() and layouts.languages("pad") == ["en", "de"]


@pytest.mark.parametrize("change, message", [
    ({"colours.red.label": None}, "colours.red.label: missing translation of 'Red'"),
    ({"colours.blue.label": "Blau"}, "colours.blue.label: not a text of the layout"),
    ({"printables.sheet.blocks[0].text": "Erreiche Punkte"}, "keep the placeholders of 'Reach {goal} points': {goal}"),
    ({"name": 7}, "name: the translation must be text"),
])
def test_an_overlay_must_hold_exactly_the_layouts_texts(folder, change, message):
    texts = {key: value for key, value in {**GERMAN, **change}.items() if value is not None}
    overlay(folder, "de", texts)
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load("pad", "de")
    assert any(line.startswith(f"{folder / 'pad.de.yaml'}: ") and message in line for line in error.value.problems)


def test_a_language_without_an_overlay_is_refused_naming_the_file_to_write(folder):
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load("pad", "es")
    assert "pad.es.yaml" in error.value.problems[0] and "no 'es' translation" in error.value.problems[0]
