"""The score form on a phone-sized screen: fill it in, see totals, the winner and errors by the field."""
from __future__ import annotations

import json
import re
from urllib.parse import quote

from playwright.sync_api import expect

from tests.phones import axe_clean, card
from tests.scoring_play import EXAMPLES, add_games


def field(page, player: int, path: str):
    """A widget of one player's card by its JSON path (the card shown)."""
    return card(page, player).locator(f'[data-path="{path}"]')


def number(page, player: int, path: str):
    """A stepper's number box."""
    return field(page, player, path).locator(".controls input")


def tap_plus(page, player: int, path: str, times: int = 1):
    for _ in range(times):
        field(page, player, path).locator(".controls .step").last.tap()


def test_copenhagen_form_names_the_winner_on_fewer_empty_cells(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/copenhagen")
    cards = page.locator("article.player")
    expect(cards).to_have_count(2)
    card(page, 0).locator(".name").fill("Ana")
    card(page, 1).locator(".name").fill("Ben")
    tap_plus(page, 0, "rows_windows", 2)
    card(page, 0).locator(".tally label", has_text="Blue").tap()
    tap_plus(page, 1, "columns_windows")
    tap_plus(page, 1, "rows_bricks", 2)
    number(page, 0, "empty_cells").fill("3")
    number(page, 1, "empty_cells").fill("5")
    expect(page.locator("#winner")).to_have_text("Ana wins on fewer empty cells (house rule)")
    expect(cards.nth(0).locator(".running")).to_have_text("6")
    expect(cards.nth(1).locator(".running")).to_have_text("6")
    ranking = page.locator("#ranking tr")
    expect(ranking.nth(0)).to_contain_text("Ana")
    expect(ranking.nth(0).locator(".rank")).to_have_text("1")
    expect(ranking.nth(1).locator(".rank")).to_have_text("2")
    expect(page.locator("#breakdown")).to_contain_text("Ability tracks")


def test_bad_number_shows_the_message_next_to_its_field(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/copenhagen")
    number(page, 0, "rows_windows").fill("8")
    number(page, 0, "rows_bricks").fill("2")
    error = field(page, 0, "rows_bricks").locator(".field-error")
    expect(error).to_have_text("Player 1: 10 completed rows (windows + bricks), but the facade has 9 rows")
    number(page, 0, "rows_windows").fill("4")
    expect(error).to_have_text("")
    expect(page.locator("article.player").nth(0).locator(".running")).to_have_text(str(4 * 2 + 2 * 1))


def test_a_sum_too_large_is_said_once_at_the_field_typed_and_with_a_range_error_at_once(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/copenhagen")
    number(page, 0, "columns_bricks").fill("99")
    number(page, 0, "rows_windows").fill("20")  # no range of its own: the rows' sum says it is too many
    rows = "Player 1: 20 completed rows (windows + bricks), but the facade has 9 rows"
    expect(field(page, 0, "rows_windows").locator(".field-error")).to_have_text(rows)
    expect(field(page, 0, "rows_bricks").locator(".field-error")).to_have_text("")
    expect(field(page, 0, "columns_bricks").locator(".field-error")).to_have_text("Player 1: must be at most 5")
    number(page, 0, "rows_windows").fill("2")
    expect(page.locator("article.player").nth(0).locator(".invalid")).to_have_count(1)


DISTRICTS = "3 chips on the plan are in at least 1 district: set Districts with a chip to 1 or more"
"""Simstown's check that reads all five of a card's fields (the four kinds of chips and the districts)."""


def test_a_problem_read_at_five_fields_is_said_once_beside_the_field_typed(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/simstown")
    number(page, 0, "houses").fill("3")
    expect(field(page, 0, "houses").locator(".field-error")).to_have_text(f"Player 1: {DISTRICTS}")
    expect(card(page, 0).locator(".field-error:not(:empty)")).to_have_count(1)
    expect(card(page, 0).locator(".invalid")).to_have_count(1)
    axe_clean(page, "a Simstown card with its district problem")


def test_a_problem_of_a_card_not_typed_is_said_once_beside_the_field_it_is_about(live_server, phone):
    page = phone()
    prefill = [{"name": "Ana", "houses": 2, "parks": 1}, {"name": "Ben"}]
    page.goto(f"{live_server}/score/simstown?prefill={quote(json.dumps(prefill))}")
    expect(field(page, 0, "districts").locator(".field-error")).to_have_text(f"Ana: {DISTRICTS}")
    expect(card(page, 0).locator(".field-error:not(:empty)")).to_have_count(1)


def test_lost_cities_doubled_expedition_and_shared_win(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/lost-cities")
    number(page, 0, "expeditions.red.boxes").fill("2")
    field(page, 0, "expeditions.red.doubled").tap()
    number(page, 1, "expeditions.blue.boxes").fill("2")
    field(page, 1, "expeditions.blue.doubled").tap()
    expect(page.locator("#winner")).to_have_text("Player 1 and Player 2 share the win")
    expect(page.locator("article.player").nth(0).locator(".running")).to_have_text("-20")


def test_monolyth_token_choices_follow_the_player_count(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/monolyth")
    level_four = page.locator("article.player").nth(0).locator("fieldset.choice", has_text="Level 4")
    expect(level_four).to_be_visible()
    page.locator("#add-player").tap()
    expect(page.locator("#player-tabs .tab").nth(2)).to_have_attribute("aria-pressed", "true")
    card(page, 0)
    expect(level_four).to_be_hidden()
    field(page, 0, "structure").locator("label", has_text="12").tap()
    field(page, 2, "structure").locator("label", has_text="8").tap()
    expect(page.locator("#winner")).to_have_text("Player 1 wins")


def test_form_starts_from_a_prefilled_list_of_players(live_server, phone):
    page = phone()
    prefill = [{"name": "Ana", "bridges": 1, "expeditions": {"red": {"boxes": 7, "doubled": True}}},
               {"name": "Ben", "artifacts": 4}, {"name": "Cy"}]
    page.goto(f"{live_server}/score/lost-cities?prefill={quote(json.dumps(prefill))}")
    cards = page.locator("article.player")
    expect(cards).to_have_count(3)
    expect(cards.nth(2).locator(".name")).to_have_value("Cy")
    expect(number(page, 0, "expeditions.red.boxes")).to_have_value("7")
    expect(field(page, 0, "expeditions.red.doubled").locator("input")).to_be_checked()
    expect(cards.nth(0).locator(".running")).to_have_text(str(2 * 35 + 20))
    expect(page.locator("#winner")).to_have_text("Ana wins")


def test_prefilled_tokens_land_on_the_choices_that_hold_them(live_server, phone):
    page = phone()
    prefill = [{"name": "Ana", "structure": 12, "levels": [2, 5], "prophecies": [{"value": 8, "cubes": 9}]},
               {"name": "Ben", "levels": [2]}, {"name": "Cy"}]
    page.goto(f"{live_server}/score/monolyth?prefill={quote(json.dumps(prefill))}")
    cards = page.locator("article.player")
    expect(cards.nth(0).locator(".running")).to_have_text(str(12 + 2 + 5 + 8))
    expect(cards.nth(1).locator(".running")).to_have_text("2")


def test_one_bad_field_keeps_the_other_players_totals(live_server, phone):
    page = phone()
    page.goto(f"{live_server}/score/copenhagen")
    cards = page.locator("article.player")
    tap_plus(page, 0, "rows_windows", 2)
    expect(cards.nth(0).locator(".running")).to_have_text("4")
    number(page, 1, "rows_bricks").fill("12")
    expect(field(page, 1, "rows_bricks").locator(".field-error")).to_have_text("Player 2: must be at most 9")
    expect(cards.nth(1)).to_have_class(re.compile(r"\bstale\b"))
    expect(cards.nth(0)).not_to_have_class(re.compile(r"\bstale\b"))
    tap_plus(page, 0, "columns_bricks")
    expect(cards.nth(0).locator(".running")).to_have_text("6")


def test_a_user_game_plays_its_form_from_yaml_alone(live_server, phone, monkeypatch):
    add_games(monkeypatch, EXAMPLES / "kniffel.yaml")
    page = phone()
    page.goto(f"{live_server}/score/kniffel")
    tap_plus(page, 0, "threes", 2)
    expect(number(page, 0, "threes")).to_have_value("6")
    field(page, 0, "full_house").tap()
    expect(page.locator("article.player").nth(0).locator(".running")).to_have_text("31")
    expect(page.locator("#breakdown")).to_contain_text("Bonus (63 or more)")


def test_the_monolyth_form_for_four_shows_one_card_at_a_time_and_a_prophecy_once_the_one_before_is_set(live_server,
                                                                                                   phone):
    page = phone()
    page.goto(f"{live_server}/score/monolyth")
    page.locator("#add-player").tap()
    page.locator("#add-player").tap()
    expect(page.locator("#player-tabs .tab")).to_have_count(4)
    assert page.locator("article.player:visible").count() == 1
    assert page.evaluate("document.documentElement.scrollHeight") < 2500  # 7,867 px with every card and entry shown
    prophecies = card(page, 0).locator('.entry[data-path="prophecies[]"]')
    expect(prophecies.nth(1)).to_be_hidden()
    prophecies.nth(0).locator("label", has_text="12").tap()
    expect(prophecies.nth(1)).to_be_visible()
    expect(prophecies.nth(2)).to_be_hidden()
    expect(page.locator("#player-tabs .tab").nth(0)).to_have_attribute("aria-label", "Player 1: 0 points")


def test_every_bad_field_is_flagged_and_every_tie_explained(live_server, phone):
    page = phone()
    prefill = [{"name": "Ana", "rows_windows": 3, "empty_cells": 2},
               {"name": "Ben", "rows_windows": 3, "empty_cells": 6},
               {"name": "Cy", "rows_bricks": 2, "empty_cells": 5}, {"name": "Dee", "rows_bricks": 2}]
    page.goto(f"{live_server}/score/copenhagen?prefill={quote(json.dumps(prefill))}")
    expect(page.locator("#winner")).to_have_text("Ana wins on fewer empty cells (house rule)")
    expect(page.locator("#tiebreaks li")).to_have_text(["Cy and Dee share place 3 on points; give empty cells to break "
                                                        "the tie (house rule)"])
    number(page, 0, "rows_bricks").fill("x")
    number(page, 0, "columns_bricks").fill("-")
    number(page, 2, "columns_windows").fill("x")
    expect(page.locator(".invalid")).to_have_count(3)
    expect(page.locator("#player-tabs .tab.bad")).to_have_count(2)
    expect(page.locator("#player-tabs .tab").nth(0)).to_have_attribute("aria-label", re.compile("a field to fix"))
    expect(field(page, 2, "columns_windows").locator(".field-error")).to_have_text("Cy: must be a whole number")
    expect(field(page, 0, "rows_bricks").locator(".field-error")).to_have_text("Ana: must be a whole number")
    expect(field(page, 0, "columns_bricks").locator(".field-error")).to_have_text("Ana: must be a whole number")
