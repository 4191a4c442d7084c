"""Issue 35 items 2 and 6: a group's caps (plays a group holds, plays an import sends), imports counted like new
rooms, a group's plays read a page at a time, a deleted group restored from its page with its code, and the API
document and the server agreeing on names, whole numbers, tie-breaks and a layout's bgg_id."""
from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

import layouts
from companion import groups
from companion.contract.groups import MOST_IMPORTED
from companion.web import limits
from layouts.model import BGG_MOST, Game
from tests.serving import call, serving

OPENER = {"REMOTE_ADDR": "192.0.2.30"}


def plays(count: int, first: int = 0) -> list[dict]:
    """`count` plays of Simstown, a day apart from 2020-01-01 on (the `first`th day first)."""
    return [{"game": "simstown", "date": (date(2020, 1, 1) + timedelta(days=first + i)).isoformat(),
             "players": [{"name": "Ana", "score": i}]} for i in range(count)]


@pytest.fixture
def code(client) -> str:
    return client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]


def test_an_import_of_more_plays_than_it_takes_is_refused_413_and_one_past_the_groups_cap_422(client, code,
                                                                                                monkeypatch):
    too_many = client.post(f"/api/groups/{code}/plays", json=plays(MOST_IMPORTED + 1))
    assert too_many.status_code == 413
    assert too_many.get_json()["error"] == (f"An import sends at most {MOST_IMPORTED} plays, this one "
                                            f"{MOST_IMPORTED + 1}: import the list in parts.")
    monkeypatch.setattr(groups, "MOST_PLAYS", 5)
    assert client.post(f"/api/groups/{code}/plays", json=plays(4)).get_json() == {"added": 4, "skipped": 0}
    past = client.post(f"/api/groups/{code}/plays", json=plays(2, 4))
    assert past.status_code == 422 and past.get_json()["error"] == (
        "A group keeps at most 5 plays and this one has 4: delete old plays (export them first) to add more.")
    assert client.post(f"/api/groups/{code}/plays", json=plays(1, 4)[0]).status_code == 201  # the fifth
    assert client.post(f"/api/groups/{code}/plays", json=plays(1, 5)[0]).status_code == 422
    form = client.post(f"/g/{code}/plays", data={"game": "simstown", "name-0": "Ana", "score-0": "3"})
    assert form.status_code == 422 and "at most 5 plays" in form.get_data(as_text=True)
    exported = client.get(f"/api/groups/{code}/plays.json").get_json()
    assert client.post(f"/api/groups/{code}/plays", json=exported).get_json() == {"added": 0, "skipped": 5}


def test_imports_and_new_groups_take_a_new_rooms_token_of_their_client(client, code):
    for _ in range(limits.BURST["rooms"]):
        assert client.post(f"/api/groups/{code}/plays", json=[], environ_overrides=OPENER).status_code == 201
    refused = client.post(f"/api/groups/{code}/plays", json=[], environ_overrides=OPENER)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert client.post("/api/groups", json={"name": "More"}, environ_overrides=OPENER).status_code == 429
    one = client.post(f"/api/groups/{code}/plays", json=plays(1)[0], environ_overrides=OPENER)
    assert one.status_code == 201  # a play entered by hand opens nothing


def test_the_api_and_the_json_export_give_200_plays_a_page_and_the_stats_count_them_all(client, code):
    for part in range(2):
        assert client.post(f"/api/groups/{code}/plays", json=plays(MOST_IMPORTED, part * MOST_IMPORTED)
                           ).status_code == 201
    assert client.post(f"/api/groups/{code}/plays", json=plays(3, 2 * MOST_IMPORTED)).status_code == 201
    first = client.get(f"/api/groups/{code}").get_json()
    assert len(first["plays"]) == MOST_IMPORTED and first["next_page"] == 2 and first["stats"]["plays"] == 403
    last = client.get(f"/api/groups/{code}?page=3").get_json()
    assert [play["date"][:10] for play in last["plays"]] == ["2021-02-04", "2021-02-05", "2021-02-06"]
    assert last["next_page"] is None and last["stats"] == first["stats"]
    assert client.get(f"/api/groups/{code}?page=0").status_code == 400
    export = client.get(f"/api/groups/{code}/plays.json?page=2")
    assert len(export.get_json()) == MOST_IMPORTED and export.headers["Link"] == (
        f'</api/groups/{code}/plays.json?page=3>; rel="next"')
    assert f'group-{code}-plays-2.json' in export.headers["Content-Disposition"]
    assert "Link" not in client.get(f"/api/groups/{code}/plays.json?page=3").headers
    assert client.get(f"/api/groups/{code}/plays.csv").get_data(as_text=True).count("\n") == 404  # every play
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Export JSON, part 3 of 3" in page and "the last 50 plays, oldest first" in page


def test_a_deleted_group_is_restored_from_its_page_by_anyone_with_its_code(client, code):
    assert client.post(f"/api/groups/{code}/plays", json=plays(2)).status_code == 201
    deleted = client.post(f"/g/{code}/delete", data={"sure": "on"}).get_data(as_text=True)
    assert "Anyone with its code can restore it for 30 days." in deleted and f"/g/{code}/restore" in deleted
    gone = client.get(f"/g/{code}")
    assert gone.status_code == 410 and f'action="/g/{code}/restore"' in gone.get_data(as_text=True)
    back = client.post(f"/g/{code}/restore")
    assert back.status_code == 303 and back.headers["Location"].endswith(f"/g/{code}?said=restored")
    page = client.get(f"/g/{code}?said=restored").get_data(as_text=True)
    assert "The group was restored." in page and "2 plays so far." in page
    assert "The group Thursday was restored after it was deleted." in page
    assert client.post(f"/g/{code}/restore").status_code == 409


def test_the_document_and_the_server_agree_on_names_whole_numbers_and_tie_breaks(client, code):
    ana_ben = [{"name": "Ana", "score": 47115.0}, {"name": "Ben", "score": 47115}]
    entered = client.post(f"/api/groups/{code}/plays", json={"game": "simstown", "players": ana_ben[:1],
                                                             "duration_min": 30.0})
    assert entered.status_code == 201 and entered.get_json()["players"][0]["score"] == 47115
    for name in ("A" * 30, "A" * 31 + " "):
        answer = client.post(f"/api/groups/{code}/players", json={"name": name})
        assert answer.status_code == (201 if len(name) == 30 else 400), name
    assert client.post(f"/api/groups/{code}/plays", json={"game": "simstown", "players": ana_ben[:1],
                                                          "duration_min": 30.5}).status_code == 400
    tie = {"game": "lost-cities", "players": ana_ben}
    assert client.post(f"/api/groups/{code}/plays", json=dict(tie, tiebreak={"case": "shared", "winners": [
        "Ana", "Ben"]})).status_code == 201
    for winners in (["Ana", "Cy"], ["Ana", "Ana", "Ben"], ["Ana"] * 13):
        refused = client.post(f"/api/groups/{code}/plays", json=dict(tie, tiebreak={"case": "shared",
                                                                                    "winners": winners}))
        assert refused.status_code == 400 and refused.get_json()["error"] == (
            '"winners" names players of the play, at most as many as played.'), winners


@pytest.mark.parametrize("given", ["true", "10" * 200, "0"])
def test_a_layouts_bgg_id_is_a_bounded_whole_number_as_the_document_says(tmp_path, given):
    text = (layouts.HERE / "lost-cities.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "lost-cities.yaml"
    copy.write_text(text.replace("bgg_id: 327831", f"bgg_id: {given}"), encoding="utf-8")
    with pytest.raises(layouts.LayoutError, match="bgg_id"):
        layouts.load_file(copy)
    assert Game.model_json_schema()["properties"]["bgg_id"]["anyOf"][0]["maximum"] == BGG_MOST


@pytest.mark.browser
def test_the_page_imports_a_big_export_in_as_few_parts_as_the_caps_allow_from_a_limited_device(phone, tmp_path):
    with serving(tmp_path / "data", "--proxy") as (base, _):
        code = call(base, "/api/groups", {"name": "Thursday"})[2]["code"]
        export = [dict(play, bgstats_url="https://app.bgstatsapp.com/createPlay.html?data=" + "x" * 1500)
                  for play in plays(2 * MOST_IMPORTED + 50)]  # 1 MB with its links: 18 parts of 64 KB
        (tmp_path / "export.json").write_text(json.dumps(export), encoding="utf-8")
        page = phone()
        page.set_extra_http_headers({"X-Forwarded-For": "192.0.2.81"})  # a device the limits count
        page.goto(f"{base}/g/{code}")
        page.locator("#import-file").set_input_files(tmp_path / "export.json")
        page.get_by_role("button", name="Import", exact=True).click()
        expect(page).to_have_url(re.compile(r"\?said=imported#stats$"))
        expect(page.locator("#stats")).to_contain_text("450 plays so far.")
        imported = [entry for entry in page.locator("#changes li").all_inner_texts() if "imported" in entry]
        assert [entry.split(" ", 3)[-1] for entry in imported] == [
            "50 plays were imported.", "200 plays were imported.", "200 plays were imported."]
