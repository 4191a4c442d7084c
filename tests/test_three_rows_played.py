"""Three rows (the Qwinto-like template layouts/templates/three-rows.yaml) played by two phones in Chromium: the
roller taps the dice to roll, rolls them, rolls them again or keeps them; both phones show the sum and what to
write; the roller who wrote nothing taps a failed throw, counted on every phone; the fourth ends the game, and
the score form starts each player's failed throws at the room's count."""
from __future__ import annotations

from playwright.sync_api import expect

import layouts
from tests.phones import axe_clean, seated_phone, tap
from tests.serving import within
from tests.tables import Http, Table
from tests.test_phone_glyphs import CLIPPED, shapes_shown
from tests.test_scoring_form import number


def test_two_phones_play_the_three_rows_turn_to_its_fourth_failed_throw(live_server, phone, monkeypatch, tmp_path):
    monkeypatch.setenv(layouts.ENV_VAR, str(layouts.TEMPLATES))
    room = Table(Http(live_server), "three-rows", (), players=2)
    ana = seated_phone(phone, live_server, room.code, "Ana")
    ben = seated_phone(phone, live_server, room.code, "Ben", locale="de-DE")
    expect(ana.locator('[data-key="roll"]')).to_be_disabled()  # nothing chosen yet
    for die in ("choose-0", "choose-2"):
        ana.locator(f'[data-key="{die}"]').click()
    expect(ana.locator('[data-key="choose-1"]')).to_have_attribute("aria-pressed", "false")
    axe_clean(ana, "a three-rows phone choosing the dice")
    tap(ana, "Roll the chosen dice")
    assert within(5, lambda: room.state()["phase"] == "reroll")
    assert [d["die"] for d in room.state()["dice"]] == ["orange", "purple"]
    expect(ben.locator("#turn-line")).to_contain_text("warte auf Ana: nochmal würfeln oder")
    expect(ana.get_by_role("button", name="Keep this roll", exact=True)).to_be_enabled()
    axe_clean(ana, "a three-rows phone that may roll again")
    ana.screenshot(path=str(tmp_path.parent / "three-rows-reroll.png"), full_page=True)
    tap(ana, "Roll them again")
    assert within(5, lambda: room.state()["active"] == room.state()["seats"][1]["seat"])
    total = str(room.state()["sum"])
    for page in (ana, ben):
        expect(page.locator('[data-key="sum"]')).to_contain_text(total)
    expect(ana.locator("#turn-line")).to_contain_text(f"write {total} in a row of a colour rolled, or nothing")
    expect(ben.locator("#turn-line")).to_contain_text(f"trag {total} in eine Reihe einer gewürfelten Farbe ein")
    watching = phone(locale="es-ES")  # numbered dice show their colour; nothing clips at 320 px
    watching.set_viewport_size({"width": 320, "height": 740})
    watching.goto(f"{live_server}/r/{room.code}")
    expect(watching.locator('[data-key="sum"]')).to_contain_text(total)
    assert {mask.split("/glyphs/")[1].split(".svg")[0] for mask in shapes_shown(watching, ".die.colour")} \
        == {"triangle", "diamond"}
    assert watching.evaluate(CLIPPED) == []
    tap(ana, "I wrote nothing: failed throw")
    expect(ben.locator('[data-key="counter-failed"]')).to_have_text("Fehlwürfe: Ana 1 · Ben 0")
    expect(ana.locator('[data-key="count-failed"]')).to_have_count(0)  # once per roll
    expect(ben.locator('[data-key="count-failed"]')).to_have_count(0)  # only the roller's
    ben.locator('[data-key="choose-1"]').click()
    tap(ben, "Gewählte Würfel würfeln")
    tap(ben, "Diesen Wurf behalten")
    expect(ana.locator('[data-key="choose-0"]')).to_be_enabled()
    axe_clean(ana, "a three-rows phone with a failed throw counted")
    ana.screenshot(path=str(tmp_path.parent / "three-rows-phone.png"), full_page=True)

    room.tokens = {seat["name"]: seat["token"] for page in (ana, ben) for seat in page.evaluate(
        f"JSON.parse(localStorage.getItem('rollsheet.seats.{room.code}') || '[]')")}
    for _ in range(3):
        room.ok("Ana", "roll", dice=[0, 1, 2])
        room.ok("Ana", "keep")
        room.ok("Ana", "count", counter="failed")
        if not room.state()["over"]:
            room.ok("Ben", "roll", dice=[0])
            room.ok("Ben", "keep")
    assert room.state()["over"] == {"reason": "counter", "counter": "failed", "by": "Ana", "count": 4}
    expect(ana.locator("#turn-line")).to_have_text("The game is over: Ana has reached 4: Failed throws")
    expect(ben.locator("#turn-line")).to_have_text("Das Spiel ist vorbei: Ana hat 4 erreicht: Fehlwürfe")

    score = phone()
    score.goto(f"{live_server}/score/three-rows?room={room.code}")
    expect(number(score, 0, "failed")).to_have_value("4")
    expect(number(score, 1, "failed")).to_have_value("0")
