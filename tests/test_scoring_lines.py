"""Scoring per-line games: a `choice` field (the hand a line made), groups over any lines, `each` over a list
of fields (read as `this`), `x in [..]`, and legal values declared once (the steppers offer only them)."""
from __future__ import annotations

import re

import pytest
import yaml

import layouts
from companion.scoring import ScoreError, score_game
from companion.scoring.forms import breakdown_labels, form
from tests.test_layout_errors import VALIDATOR

HANDS = [{"id": "nothing", "label": "Nothing", "points": 0}, {"id": "pair", "label": "Pair", "points": 1},
         {"id": "two-pairs", "label": "Two pairs", "points": 3}, {"id": "full-house", "label": "Full house",
                                                                    "points": 8}]
LINES = {"id": "lines", "kind": "group", "fields": [{"id": "hand", "kind": "choice", "options": HANDS}],
         "members": [{"id": f"row{n}", "label": f"Row {n}"} for n in (1, 2)]}
LAYOUT = {"id": "lines", "name": "Lines", "players": {"min": 1, "max": 4}, "colours": {},
          "tables": {"fouls": {"label": "Fouls", "values": [0, 2, 5]}},
          "scoring": {"sections": [
              {"title": "Lines", "fields": [LINES, {"id": "diagonal", "kind": "choice", "options": HANDS}]},
              {"title": "Other", "fields": [{"id": "fouls", "allowed": "tables.fouls"},
                                            {"id": "first", "max": 9}, {"id": "second", "max": 9}]}],
              "points": [{"each": "lines", "points": "hand"},
                         {"id": "diagonal", "label": "Diagonal", "points": "diagonal * 2"},
                         {"each": ["first", "second"], "points": "this * 10"},
                         {"id": "fouls", "label": "Fouls", "points": "-fouls"}],
              "checks": [{"each": ["first", "second"], "require": "this not in [3, 4]",
                          "message": "{this} is not a mark of this game"}]}}


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "lines.yaml"
    path.write_text(yaml.safe_dump(LAYOUT))
    return layouts.load_file(path)


def scored(game, **player):
    return score_game(game, {"players": [{"name": "Ana", **player}]})["players"][0]


def test_a_line_scores_the_points_of_the_hand_chosen_and_diagonals_count_double(game):
    ana = scored(game, lines={"row1": {"hand": "full-house"}, "row2": {"hand": "pair"}}, diagonal="two-pairs")
    assert ana["breakdown"] == {"row1": 8, "row2": 1, "diagonal": 6, "first": 0, "second": 0, "fouls": 0}
    assert ana["total"] == 15


def test_a_line_left_alone_is_the_first_option(game):
    assert scored(game)["total"] == 0


def test_a_hand_the_layout_does_not_name_is_refused_with_the_ones_it_does(game):
    with pytest.raises(ScoreError) as refused:
        scored(game, diagonal="straight")
    assert refused.value.field == "players[0].diagonal"
    assert refused.value.message == "must be one of nothing, pair, two-pairs, full-house"


def test_each_over_a_list_of_fields_scores_and_checks_every_one(game):
    assert scored(game, first=2, second=5)["breakdown"] == {"row1": 0, "row2": 0, "diagonal": 0,
                                                                 "first": 20, "second": 50, "fouls": 0}
    with pytest.raises(ScoreError) as refused:
        scored(game, first=2, second=4)
    assert (refused.value.field, refused.value.message) == ("players[0].second", "4 is not a mark of this game")


def test_only_the_legal_values_are_accepted(game):
    assert scored(game, fouls=5)["breakdown"]["fouls"] == -5
    with pytest.raises(ScoreError) as refused:
        scored(game, fouls=3)
    assert (refused.value.field, refused.value.message) == ("players[0].fouls", "must be one of 0, 2, 5")


@pytest.mark.parametrize("allowed", [[0, 2, 5], "[0, 2, 5]"], ids=["a YAML list", "an expression"])
def test_legal_values_may_be_written_as_a_yaml_list_or_as_an_expression(tmp_path, allowed):
    layout = yaml.safe_load(yaml.safe_dump(LAYOUT))
    layout["scoring"]["sections"][1]["fields"][0]["allowed"] = allowed
    path = tmp_path / "lines.yaml"
    path.write_text(yaml.safe_dump(layout))
    game = layouts.load_file(path)
    with pytest.raises(ScoreError) as refused:
        scored(game, fouls=3)
    assert refused.value.message == "must be one of 0, 2, 5" and scored(game, fouls=5)["total"] == -5
    assert {w.path: w for section in form(game) for w in section.widgets}["fouls"].values == (0, 2, 5)
    assert VALIDATOR.is_valid(layout)


def test_the_form_offers_selects_for_lines_and_steppers_of_legal_values(game):
    widgets = {w.path: w for section in form(game) for w in section.widgets}
    assert widgets["lines.row1.hand"].kind == "select" and widgets["lines.row1.hand"].mark.label == "Row 1"
    assert widgets["diagonal"].options == tuple((h["id"], h["label"], h["points"]) for h in HANDS)
    assert widgets["fouls"].values == (0, 2, 5) and widgets["fouls"].high == 5
    assert widgets["first"].values == ()
    assert breakdown_labels(game)["row2"]["label"] == "Row 2"


def test_a_group_member_that_is_not_a_colour_needs_a_label(tmp_path):
    broken = LAYOUT | {"scoring": LAYOUT["scoring"] | {"sections": [{"title": "Lines", "fields": [
        LINES | {"members": ["row1"]}]}], "points": [{"each": "lines", "points": "hand"}], "checks": []}}
    path = tmp_path / "lines.yaml"
    path.write_text(yaml.safe_dump(broken))
    with pytest.raises(layouts.LayoutError, match=r"unknown colour 'row1'; a member that is not a colour is "
                                                  r"written \{id: row1, label: \.\.\.\}"):
        layouts.load_file(path)


def test_the_phone_form_picks_hands_and_steps_through_legal_values_only(live_server, phone, monkeypatch, tmp_path):
    from playwright.sync_api import expect

    from tests.phones import axe_clean
    from tests.scoring_play import add_games

    path = tmp_path / "lines.yaml"
    path.write_text(yaml.safe_dump(LAYOUT))
    add_games(monkeypatch, path)
    page = phone()
    page.goto(f"{live_server}/score/lines")
    ana = page.locator("article.player").first
    row1 = ana.locator('[data-path="lines.row1.hand"] select')
    expect(row1).to_have_accessible_name(re.compile("Row 1"))
    row1.select_option("full-house")
    ana.locator('[data-path="diagonal"] select').select_option(label="Pair: 1 point")
    plus = ana.locator('[data-path="fouls"] .step').last
    plus.tap()
    expect(ana.locator('[data-path="fouls"] input')).to_have_value("2")
    plus.tap()
    plus.tap()
    expect(ana.locator('[data-path="fouls"] input')).to_have_value("5")
    expect(ana.locator(".running")).to_have_text(str(8 + 2 - 5))
    expect(page.locator("#breakdown")).to_contain_text("Row 1")
    axe_clean(page, "the score form of a per-line game")
    page.screenshot(path=str(tmp_path.parent / "lines-form.png"), full_page=True)


def test_every_field_of_a_group_keeps_its_own_label_after_the_members():
    qwixx = layouts.load_file(layouts.TEMPLATES / "qwixx.yaml")
    widgets = {w.path: w for section in form(qwixx) for w in section.widgets}
    red = widgets["rows.red.crosses"]
    assert red.mark.label == "Red: crosses" and red.mark.rgb == qwixx.colours["red"].rgb
    assert [part.mark.label for part in red.parts] == ["locked"]
