"""A Knister-like game written as a layout alone (the template layouts/templates/knister.yaml): printed, and scored
through its choice fields, the hand of every row and column, diagonals counting double; `rollsheet new --from
knister` starts a game of one's own from it."""
from __future__ import annotations

import layouts
from tests.pdfread import read_pages
from tests.scoring_play import add_games

KNISTER = layouts.TEMPLATES / "knister.yaml"


def test_it_prints_a_five_by_five_grid_with_a_box_for_every_line(cli, tmp_path):
    assert cli("check", KNISTER).exit_code == 0
    assert cli("print", KNISTER, "--players", 1, "--out", tmp_path).exit_code == 0
    page = read_pages((tmp_path / "knister-grid.pdf").read_bytes())[0]
    cells = [m for m in page["marks"] if m.kind == "rect" and abs(m.w - 16) < 0.2 and abs(m.h - 16) < 0.2]
    line_boxes = [m for m in page["marks"] if m.kind == "curve" and abs(m.w - 16) < 0.3 and abs(m.h - 16) < 0.3]
    assert len(cells) == 25 and len(line_boxes) == 10, "a write box without a label is a whole cell high"
    assert "Five in a row, no 7" in page["text"] and "diagonals x2" in page["text"]


def test_every_line_scores_the_hand_chosen_for_it_and_diagonals_double(client, monkeypatch):
    add_games(monkeypatch, KNISTER)
    ana = {"name": "Ana", "lines": {"row1": {"hand": "full-house"}, "col3": {"hand": "straight-no-seven"}},
           "diagonals": {"down": {"hand": "pair"}, "up": {"hand": "five"}}}
    answer = client.post("/api/score/knister", json={"players": [ana, {"name": "Ben", "lines": {
        "row2": {"hand": "two-pairs"}}}]})
    assert answer.status_code == 200, answer.get_json()
    result = answer.get_json()
    assert result["players"][0]["breakdown"] == {**dict.fromkeys(
        ["row1", "row2", "row3", "row4", "row5", "col1", "col2", "col3", "col4", "col5"], 0), "row1": 8, "col3": 12,
        "down": 2, "up": 20}
    assert [p["total"] for p in result["players"]] == [42, 3] and result["winners"] == ["Ana"]


def test_a_hand_that_is_not_on_the_sheet_is_refused_at_its_line(client, monkeypatch):
    add_games(monkeypatch, KNISTER)
    ana = {"name": "Ana", "lines": {"row1": {"hand": "royal"}}}
    answer = client.post("/api/score/knister", json={"players": [ana]})
    assert answer.status_code == 400 and answer.get_json()["field"] == "players[0].lines.row1.hand"
    assert layouts.load_file(KNISTER).scoring.field("lines").member("row1").label == "Row 1"
