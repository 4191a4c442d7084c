"""Issue 27 in Chromium: a group of three plays two games in rooms opened from its page (the second room offers
the group's names as seats), saves the final scores there, enters a play by hand, reads stats that agree with the
saved plays, corrects a play, exports CSV and JSON and imports the JSON into a second server with the same stats."""
from __future__ import annotations

import csv
import json
import re

from playwright.sync_api import expect

from tests.phones import axe_clean, card
from tests.serving import serving
from tests.tables import Http

NAMES = ("Ana", "Ben", "Cy")


def start_group(phone, base: str, name: str = "Thursday"):
    """A phone starts a group from the start page: (its page on the group, the group's code)."""
    page = phone()
    page.goto(base)
    page.locator("#group-name").fill(name)
    page.get_by_role("button", name="Start a group").click()
    expect(page).to_have_url(re.compile(r"/g/[0-9A-Z]{6}$"))
    return page, page.url.rsplit("/", 1)[1]


def sit(page, name: str, offered: bool) -> None:
    """Take a seat: tap the group's name where the room offers it, else type it."""
    if offered:
        page.get_by_role("button", name=f"Sit as {name}").click()
    else:
        page.locator("#seat-name").fill(name)
        page.locator('[data-key="sit"]').click()
    expect(page.locator("#seats li.seat", has_text=name).locator(".mine")).to_be_visible()


def play_in_a_room(host, phone, game: str, first_numbers: list[str], offered: bool) -> str:
    """The host opens a room of the group for `game`, the three sit (two on phones of their own), the host rolls,
    then saves the final score from the room's score form (each card's first number filled); the room's code."""
    host.locator("#room-game").select_option(game)
    host.locator("#room-players").select_option("3")
    host.get_by_role("button", name="Open a room for the group").click()
    expect(host).to_have_url(re.compile(r"/r/[0-9A-Z]{6}$"))
    room = host.url
    sit(host, NAMES[0], offered)
    for name in NAMES[1:]:
        other = phone()
        other.goto(room)
        if offered:
            expect(other.get_by_role("group", name="Names of the group").get_by_role("button")).to_have_count(
                len(NAMES) - NAMES.index(name))
        sit(other, name, offered)
    host.locator('[data-key="roll"]').click()
    expect(host.locator("#log li").first).to_contain_text("Ana")
    host.get_by_role("link", name="End of game: enter scores").click()
    expect(host.locator("#players .player")).to_have_count(3)
    for i, number in enumerate(first_numbers):
        card(host, i).locator("input[inputmode=numeric]").first.fill(number)
    host.locator("#save-room").click()
    expect(host.locator("#saved")).to_contain_text("Saved to room")
    expect(host.locator("#played-bgstats")).to_be_visible()
    expect(host.locator("#played-qr")).to_be_hidden()  # a desktop's QR code of the link, not on a phone
    qr = host.request.get(host.locator("#played-qr img").evaluate("(img) => img.src"))
    assert qr.ok and qr.headers["content-type"].startswith("image/svg+xml")
    axe_clean(host, f"{game}: the score saved in a group's room")
    host.get_by_role("link", name="See it in the group's stats").click()
    return room.rsplit("/", 1)[1]


def expected_rows(plays: list[dict], game: str) -> list[list[str]]:
    """The 'each player' table of a game as the saved plays make it: name, plays, wins (win rate), average, best."""
    rows = {}
    for play in (p for p in plays if p["game"] == game):
        for player in play["players"]:
            rows.setdefault(player["name"], []).append((player["score"], player["winner"]))
    table = []
    for name in sorted(rows, key=str.casefold):
        scores, wins = [s for s, _ in rows[name]], sum(w for _, w in rows[name])
        table.append([name, str(len(scores)), f"{wins} ({round(100 * wins / len(scores))}%)",
                      f"{round(sum(scores) / len(scores), 1):.1f}", str(max(scores))])
    return table


def shown_rows(page, game: str) -> list[list[str]]:
    return page.locator(f"#game-{game} table.players tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")


def check_stats(page, base: str, code: str) -> dict:
    """The page's per-player tables and play counts agree with the saved plays; the group as the API has it."""
    group = Http(base)(f"/api/groups/{code}")[1]
    page.reload()
    expect(page.locator(".total")).to_have_text(f"{len(group['plays'])} plays so far.")
    for game in {play["game"] for play in group["plays"]}:
        assert shown_rows(page, game) == expected_rows(group["plays"], game), game
    return group


def test_a_group_plays_two_games_in_its_rooms_corrects_a_play_and_moves_to_another_server(live_server, phone,
                                                                                          tmp_path, browser):
    host, code = start_group(phone, live_server)
    play_in_a_room(host, phone, "lost-cities", ["3", "5", "1"], offered=False)
    play_in_a_room(host, phone, "copenhagen", ["2", "4", "4"], offered=True)
    host.locator("#name-0").fill("Ana")
    host.locator("#score-0").fill("many")
    host.get_by_role("button", name="Save the play").click()
    expect(host.locator("#alert")).to_be_focused()
    expect(host.locator("#alert")).to_have_text('"score" is a whole number of points.')
    expect(host.locator("#score-0")).to_have_value("many")
    host.locator("#play-game").select_option("lost-cities")
    host.locator("#play-date").fill("2025-02-13")
    host.locator("#play-minutes").fill("40")
    for i, (name, score) in enumerate([("Ana", "52"), ("Ben", "17"), ("Cy", "-9")]):
        host.locator(f"#name-{i}").fill(name)
        host.locator(f"#score-{i}").fill(score)
    host.get_by_role("button", name="Save the play").click()
    expect(host.get_by_role("status").first).to_have_text("The play was saved.")
    group = check_stats(host, live_server, code)
    assert len(group["plays"]) == 3 and {p["duration_min"] is not None for p in group["plays"]} == {True}
    assert [p["name"] for p in group["players"]] == list(NAMES)

    hand = next(play for play in group["plays"] if play["date"].startswith("2025-02-13"))
    host.locator(f"#play-{hand['id']}").get_by_role("link", name="Correct or delete").click()
    expect(host.locator("#score-1")).to_have_value("17")
    host.locator("#score-1").fill("61")
    host.get_by_role("button", name="Save the correction").click()
    expect(host).to_have_url(re.compile(rf"/g/{code}\?said=corrected#play-{hand['id']}$"))
    expect(host.get_by_role("status").first).to_have_text("The play was corrected.")
    expect(host.locator(f"#play-{hand['id']}")).to_be_focused()
    expect(host.locator(f"#play-{hand['id']}")).to_have_attribute("aria-describedby", "status")
    expect(host.locator(f"#play-{hand['id']} .ranking li").first).to_contain_text("Ben 61")
    expect(host.locator("#changes li").first).to_contain_text("was corrected (it was: Ana 52, Ben 17, and Cy -9)")
    group = check_stats(host, live_server, code)

    with host.expect_download() as got:
        host.get_by_role("link", name="Export CSV").click()
    rows = list(csv.DictReader(open(got.value.path(), encoding="utf-8")))
    assert len(rows) == 9 and {row["play"] for row in rows} == {play["id"] for play in group["plays"]}
    assert [row["score"] for row in rows if row["play"] == hand["id"]] == ["52", "61", "-9"]
    with host.expect_download() as got:
        host.get_by_role("link", name="Export JSON").click()
    exported = got.value.path()
    assert json.loads(open(exported, encoding="utf-8").read()) == group["plays"]

    desk = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        desktop = desk.new_page()
        desktop.goto(host.url)
        expect(desktop.locator(".bgstats").first).to_be_hidden()
        expect(host.locator(".bgstats").first).to_be_visible()
    finally:
        desk.close()

    with serving(tmp_path / "second") as (second, _):
        there, moved = start_group(phone, second)
        there.locator("#import-file").set_input_files(exported)
        there.get_by_role("button", name="Import", exact=True).click()
        expect(there).to_have_url(re.compile(r"\?said=imported#stats$"))
        expect(there.locator("#changes li").first).to_contain_text("3 plays were imported.")
        moved_group = check_stats(there, second, moved)
        assert moved_group["stats"] == group["stats"] and moved_group["plays"] == group["plays"]
        assert shown_rows(there, "lost-cities") == shown_rows(host, "lost-cities")
