"""`rollsheet print --lang` and `rollsheet check` with language overlays, as a user meets them."""
from __future__ import annotations

import yaml

import layouts
from tests.pdfread import read_pages

SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]


def harbour(folder, change=None, overlays=("de", "es"), overlay_change=None):
    """Lost Cities saved as the user game `harbour` in `folder`, with copies of its overlays."""
    data = yaml.safe_load((layouts.HERE / "lost-cities.yaml").read_text())
    data["id"] = "harbour"
    if change:
        change(data)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "harbour.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    for lang in overlays:
        texts = yaml.safe_load((layouts.HERE / f"lost-cities.{lang}.yaml").read_text(encoding="utf-8"))
        if overlay_change:
            overlay_change(lang, texts)
        (folder / f"harbour.{lang}.yaml").write_text(yaml.safe_dump(texts, allow_unicode=True), encoding="utf-8")
    return folder / "harbour.yaml"


def test_print_in_german_adds_de_to_the_file_name_and_prints_german(cli, tmp_path):
    result = cli("print", "lost-cities", "--lang", "de", "--paper", "letter", "--ink", "mono", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    [pdf] = tmp_path.glob("*.pdf")
    assert pdf.name == "lost-cities-score-sheet-letter-mono-de.pdf"
    text = read_pages(pdf.read_bytes())[0]["text"]
    assert "Artefakte" in text and "Artifacts" not in text and "SUMME" in text


def test_rollsheet_lang_sets_the_language_and_lang_overrides_it(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ROLLSHEET_LANG", "es")
    assert cli("print", "copenhagen", "--what", "reference-card", "--out", tmp_path / "env").exit_code == 0
    english_asked = cli("print", "copenhagen", "--what", "reference-card", "--lang", "en", "--out", tmp_path / "en")
    assert english_asked.exit_code == 0
    [spanish], [english] = (tmp_path / "env").glob("*.pdf"), (tmp_path / "en").glob("*.pdf")
    assert (spanish.name, english.name) == ("copenhagen-reference-card-es.pdf", "copenhagen-reference-card.pdf")
    assert "Estrella roja: repite" in read_pages(spanish.read_bytes())[0]["text"]
    assert "Red star: reroll" in read_pages(english.read_bytes())[0]["text"]


def test_print_all_in_spanish_writes_every_printable_with_es(cli, tmp_path):
    result = cli("print", "--all", "--lang", "es", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    expected = {f"{game}-{name}-es.pdf" for game in SHIPPED for name in layouts.load(game).printables}
    assert {path.name for path in tmp_path.glob("*.pdf")} == expected


def test_a_language_a_game_has_no_overlay_for_is_one_line_naming_the_file_to_write(cli, tmp_path):
    layout = harbour(tmp_path / "mine", overlays=["es"])
    for game in ("harbour", layout):
        result = cli("print", game, "--layouts", tmp_path / "mine", "--lang", "de", "--out", tmp_path / "out")
        assert result.exit_code == 2
        overlay = layout.with_name("harbour.de.yaml")
        assert result.stderr == (f"Error: harbour has no German (de) translation: write {overlay} "
                                 f"(`rollsheet check` lists the texts it must hold)\n")
    assert not (tmp_path / "out").exists()
    result = cli("print", "harbour", "--layouts", tmp_path / "mine", "--lang", "es", "--out", tmp_path / "out")
    assert result.exit_code == 0


def test_a_language_rollsheet_does_not_speak_is_bad_usage(cli, tmp_path, monkeypatch):
    result = cli("print", "simstown", "--lang", "fr", "--out", tmp_path)
    assert result.exit_code == 2 and result.stderr == "Error: --lang must be one of en, de, es, not 'fr'\n"
    monkeypatch.setenv("ROLLSHEET_LANG", "xx")
    assert cli("print", "simstown", "--out", tmp_path).exit_code == 2
    assert not list(tmp_path.glob("*.pdf"))


def test_check_names_each_mistake_of_an_overlay_in_its_file(cli, tmp_path):
    def mistakes(lang, texts):
        if lang == "de":
            del texts["tables.dice.label"]
            texts["printables.score-sheet.blocks[99].text"] = "Hallo"
            texts["printables.score-sheet.blocks[2].bridge.label"] = "Brücke"

    layout = harbour(tmp_path, overlay_change=mistakes)
    result = cli("check", layout, "--translations")
    overlay = layout.with_name("harbour.de.yaml")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{overlay}: tables.dice.label: missing translation of 'Dice'",
        f"{overlay}: printables.score-sheet.blocks[2].bridge.label: keep the placeholders of '{{bridge_points}}': "
        f"{{bridge_points}}",
        f"{overlay}: printables.score-sheet.blocks[99].text: not a text of the layout (misspelt, or the text is gone)"]


def test_check_measures_each_language_and_names_the_overlay_whose_text_does_not_fit(cli, tmp_path):
    def long_total(lang, texts):
        if lang == "es":
            texts["printables.score-sheet.blocks[7].label"] = "PUNTUACIÓN TOTAL DE TODAS LAS EXPEDICIONES DE LA PARTIDA"

    layout = harbour(tmp_path, overlay_change=long_total)
    assert cli("check", layout).stderr.splitlines() == [
        "1 translation problem in the language overlays: `rollsheet check --translations` lists them"]
    result = cli("check", layout, "--translations")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{layout.with_name('harbour.es.yaml')}: printables.score-sheet.blocks[7]: text does not fit its space even "
        f"at 7 pt: 'PUNTUACIÓN TOTAL DE TODAS LAS EXPEDIC...' (26 x 6 mm); give it more room or fewer words"]


def test_a_problem_of_the_layout_is_named_once_in_the_layout_not_per_language(cli, tmp_path):
    def too_wide(data):
        data["printables"]["score-sheet"]["blocks"][0]["at"] = [150, 2, 60, 8]

    translated, alone = harbour(tmp_path / "translated", too_wide), harbour(tmp_path / "alone", too_wide, overlays=[])
    lines = cli("check", translated).stderr.splitlines()
    assert lines == [line.replace(str(alone), str(translated)) for line in cli("check", alone).stderr.splitlines()]
    assert f"{translated}: printables.score-sheet.blocks[0].at: reaches 210 mm across" in lines[0]


def test_an_overlay_given_to_check_stands_for_its_layout_and_an_unknown_language_is_named(cli, tmp_path):
    layout = harbour(tmp_path)
    (tmp_path / "harbour.fr.yaml").write_bytes((tmp_path / "harbour.de.yaml").read_bytes())
    result = cli("check", layout, tmp_path / "harbour.de.yaml")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'harbour.fr.yaml'}: (top): 'fr' is not a language rollsheet speaks (en, de, es); "
        f"a new one is added to layouts.translations.LANGUAGES"]
    (tmp_path / "harbour.fr.yaml").unlink()
    assert cli("check", tmp_path / "harbour.de.yaml").stdout.startswith("ok: 1 layout valid with 2 translations")


def test_list_names_the_languages_of_a_translated_game(cli, tmp_path):
    harbour(tmp_path, overlays=["es"])
    result = cli("list", "--layouts", tmp_path)
    assert "harbour  (Lost Cities: Roll & Write, 2-5 players; en, es)  from" in result.stdout
    assert "copenhagen  (Copenhagen: Roll & Write, 2-4 players; en, de, es)\n" in result.stdout
