"""`rollsheet` as a user meets it: list, check, print, and the errors they can make."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import layouts
from tests.pdfread import outside_margin, read_pages
from tests.printing import decode_qr, render_png

SHIPPED = layouts.layout_files(layouts.HERE)


def test_list_shows_games_and_printables(cli):
    result = cli("list")
    assert result.exit_code == 0
    assert "lost-cities" in result.output and "score-sheet" in result.output
    assert all(game_id in result.output for game_id in layouts.game_ids())


def test_check_accepts_the_shipped_layouts(cli):
    result = cli("check", *SHIPPED)
    assert result.exit_code == 0, result.output
    assert f"{len(SHIPPED)} layouts valid" in result.output


def test_check_takes_a_game_id_like_print_and_names_the_games_for_a_typo(cli):
    result = cli("check", "monolyth")
    assert result.exit_code == 0, result.output
    assert "1 layout valid with 2 translations" in result.output
    typo = cli("check", "monolith")
    assert typo.exit_code == 2
    assert "unknown game 'monolith'" in typo.stderr and "monolyth" in typo.stderr


def test_check_rejects_a_broken_variant_one_line_per_problem(cli, tmp_path):
    data = yaml.safe_load(SHIPPED[0].read_text())
    data["colours"][next(iter(data["colours"]))]["rgb"] = "red"
    data["surprise"] = 1
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data))
    result = cli("check", path)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith(f"{path}: ") for line in lines)
    assert "Traceback" not in result.output


def test_check_preflight_names_a_block_past_the_safe_area(cli, tmp_path):
    data = yaml.safe_load((Path(layouts.__file__).parent / "lost-cities.yaml").read_text())
    data["printables"]["score-sheet"]["blocks"][0]["at"] = [150, 2, 60, 8]
    path = tmp_path / "wide.yaml"
    path.write_text(yaml.safe_dump(data))
    result = cli("check", path)
    assert result.exit_code == 1
    assert f"{path}: printables.score-sheet.blocks[0].at: reaches 210 mm across" in result.output


def test_check_preflight_names_a_sheet_too_big_for_letter(cli, tmp_path):
    data = yaml.safe_load((Path(layouts.__file__).parent / "lost-cities.yaml").read_text())
    data["printables"]["score-sheet"]["size"] = [205, 270]
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(data))
    result = cli("check", path)
    assert result.exit_code == 1
    assert "printables.score-sheet.size: 205 x 270 mm does not fit inside the safe area of letter" in result.output
    assert "safe area of a4" in result.output


@pytest.mark.parametrize("args, message", [
    (["print", "chess"], "unknown game 'chess'"),
    (["print", "lost-cities", "--copies", "0"], "--copies must be 1 to 1000, not 0"),
    (["print", "lost-cities", "--players", "9"], "is for 2-5 players, not 9"),
    (["print", "lost-cities", "--what", "board"], "has no printable 'board'"),
    (["print", "lost-cities", "--per-page", "5"], "at most 2 fit on a a4 page"),
    (["print", "lost-cities", "--companion-url", "table.local"], "must start with http://"),
    (["print"], "name one game"),
])
def test_bad_usage_gets_a_clear_message_and_exit_2(cli, tmp_path, args, message):
    result = cli(*args, "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_paper_size_we_lack_is_a_usage_error(cli, tmp_path):
    result = cli("print", "lost-cities", "--paper", "b5", "--out", tmp_path)
    assert result.exit_code == 2 and "'b5' is not one of" in result.output


def test_print_says_what_it_wrote_and_how_to_add_a_qr(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("ROLLSHEET_URL", raising=False)
    result = cli("print", "lost-cities", "--out", tmp_path)
    assert result.exit_code == 0
    assert f"wrote {tmp_path / 'lost-cities-score-sheet.pdf'}" in result.output
    assert "No QR code printed: add --companion-url" in result.output


def test_companion_url_may_come_from_the_environment(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ROLLSHEET_URL", "http://pi.local:5000")
    result = cli("print", "lost-cities", "--out", tmp_path)
    assert result.exit_code == 0 and "No QR code" not in result.output
    png = render_png(tmp_path / "lost-cities-score-sheet.pdf", tmp_path)[0]
    assert decode_qr(png) == ["http://pi.local:5000/play/lost-cities"] * 2


def test_same_command_gives_identical_bytes(cli, tmp_path):
    for run in ("one", "two"):
        assert cli("print", "lost-cities", "--companion-url", "http://t:5000", "--out", tmp_path / run).exit_code == 0
    first, second = (tmp_path / run / "lost-cities-score-sheet.pdf" for run in ("one", "two"))
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("ink", ["color", "low", "mono"])
def test_every_ink_mode_stays_inside_the_margin(cli, tmp_path, ink):
    assert cli("print", "lost-cities", "--ink", ink, "--paper", "letter", "--out", tmp_path).exit_code == 0
    pdf = next(tmp_path.glob("*.pdf"))
    assert pdf.name == ("lost-cities-score-sheet-letter.pdf" if ink == "color"
                        else f"lost-cities-score-sheet-letter-{ink}.pdf")
    for page in read_pages(pdf.read_bytes()):
        assert outside_margin(page) == []


def test_mono_ink_prints_black_only(cli, tmp_path):
    assert cli("print", "lost-cities", "--ink", "mono", "--out", tmp_path).exit_code == 0
    page = read_pages(next(tmp_path.glob("*.pdf")).read_bytes())[0]
    colours = {c for m in page["marks"] for c in (m.stroke, m.fill) if c is not None}
    assert all(len(set(c)) == 1 for c in colours if isinstance(c, tuple) and len(c) == 3), colours


def test_per_page_one_puts_each_sheet_on_its_own_page(cli, tmp_path):
    assert cli("print", "lost-cities", "--players", "3", "--per-page", "1", "--out", tmp_path).exit_code == 0
    assert len(read_pages(next(tmp_path.glob("*.pdf")).read_bytes())) == 3


def test_print_all_writes_every_printable_of_every_game(cli, tmp_path):
    result = cli("print", "--all", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    expected = {f"{g}-{p}.pdf" for g in layouts.game_ids() for p in layouts.load(g).printables}
    assert {p.name for p in tmp_path.glob("*.pdf")} == expected


def test_print_counts_sheets_and_pages_in_good_english(cli, tmp_path):
    result = cli("print", "copenhagen", "--what", "shape-sheet", "--what", "player-sheet", "--players", "2",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "copenhagen-shape-sheet.pdf  (1 sheet on 1 page)" in result.output
    assert "copenhagen-player-sheet.pdf  (2 sheets on 2 pages)" in result.output
