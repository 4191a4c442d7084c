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


def test_an_item_put_into_a_copied_list_names_every_translation_it_left_at_the_wrong_place(cli, mine):
    assert cli("new", "my-cities", "--from", "lost-cities", "--with-languages").exit_code == 0
    layout = mine / "my-cities.yaml"
    artifacts = "      - {id: artifacts, label: Artifacts}"
    layout.write_text(layout.read_text().replace("bridges: 8 ", "bridges: 9 ").replace(
        artifacts, f"      - {{id: pink, colour: red}}\n{artifacts}"))
    result = cli("check", "my-cities", "--translations")
    german = [line for line in result.output.splitlines() if "my-cities.de.yaml" in line]
    moved = "(lists.bridges.items changed from [6] on: entries were added, removed or moved, and a translation stays " \
            "at its place; move each to its text's new place)"
    assert result.exit_code == 1 and german == [
        f"{mine / 'my-cities.de.yaml'}: lists.bridges.items[7].label: is now 'Artifacts', still translated 'Würfel' "
        f"{moved}; check it",
        f"{mine / 'my-cities.de.yaml'}: lists.bridges.items[8].label: missing translation of 'Dice' {moved}",
        f"{mine / 'my-cities.de.yaml'}: lists.bridges.items[6].label: not a text of the layout {moved}"]
    for lang, artifacts, dice in (("de", "Artefakte", "Würfel"), ("es", "Artefactos", "Dados")):
        overlay = mine / f"my-cities.{lang}.yaml"
        texts = yaml.safe_load(overlay.read_text(encoding="utf-8"))
        assert texts.pop("lists.bridges.items[6].label") == artifacts
        texts.update({"lists.bridges.items[7].label": artifacts, "lists.bridges.items[8].label": dice})
        overlay.write_text(yaml.safe_dump(texts, allow_unicode=True), encoding="utf-8")
    assert cli("check", "my-cities").exit_code == 0
    assert [item.label for item in layouts.load("my-cities", "de").lists["bridges"].items[6:]] == [
        "", "Artefakte", "Würfel"]


def test_a_text_put_at_the_end_of_a_list_is_only_missing(folder):
    (folder / "pad.yaml").write_text(GAME + "      - {type: text, at: [4, 40, 90, 10], text: Good luck}\n")
    overlay(folder, "de", GERMAN)
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load("pad", "de")
    assert error.value.problems == [f"{folder / 'pad.de.yaml'}: printables.sheet.blocks[2].text: missing translation "
                                    f"of 'Good luck'"]
