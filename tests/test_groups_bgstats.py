"""'Send to BG Stats': each play's link is BG Stats' documented createPlay URL, its JSON holding the documented
fields (sourceName, sourcePlayId, playDate, durationMin, game {name, bggId, sourceGameId, highestWins, noPoints},
players [{name, sourcePlayerId, score, rank, winner, startPlayer}]) and the same ids when sent again."""
from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

GAME_KEYS = {"name", "bggId", "sourceGameId", "highestWins", "noPoints"}
PLAYER_KEYS = {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer"}


def sent(url: str) -> dict:
    """The JSON a createPlay link hands BG Stats."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    return json.loads(query["data"][0])


def group_plays(client, *plays: dict) -> tuple[str, list[dict]]:
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    for play in plays:
        assert client.post(f"/api/groups/{code}/plays", json=play).status_code == 201
    return code, client.get(f"/api/groups/{code}").get_json()["plays"]


def test_the_link_holds_the_documented_fields_with_their_types(client):
    code, [play] = group_plays(client, {"game": "copenhagen", "date": "2025-05-01T20:15:00Z", "duration_min": 42,
                                        "players": [{"name": "Ana", "score": 12, "start": True},
                                                    {"name": "Ben", "score": 9}, {"name": "Cy", "score": 12}]})
    data = sent(play["bgstats_url"])
    assert set(data) == {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"}
    assert data["sourceName"] == "rollsheet" and data["sourcePlayId"] == play["id"]
    assert data["playDate"] == "2025-05-01 20:15:00" and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d",
                                                                      data["playDate"])
    assert data["durationMin"] == 42
    assert set(data["game"]) == GAME_KEYS and data["game"] == {
        "name": "Copenhagen: Roll & Write", "bggId": 282463, "sourceGameId": "copenhagen", "highestWins": True,
        "noPoints": False}
    assert all(set(player) == PLAYER_KEYS for player in data["players"])
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ana", 12, 1, True, True), ("Ben", 9, 3, False, False), ("Cy", 12, 1, True, False)]
    ids = {p["name"]: p["player_id"] for p in play["players"]}
    assert all(p["sourcePlayerId"] == ids[p["name"]] and isinstance(p["sourcePlayerId"], str) for p in data["players"])


def test_lost_cities_has_its_bgg_id_a_game_without_one_is_matched_by_name(client):
    _, plays = group_plays(client, {"game": "lost-cities", "players": [{"name": "Ana", "score": 1},
                                                                       {"name": "Ben", "score": 2}]},
                           {"game": "simstown", "players": [{"name": "Ana", "score": 30}]})
    lost, sims = (sent(play["bgstats_url"]) for play in plays)
    assert lost["game"]["bggId"] == 327831 and lost["game"]["name"] == "Lost Cities: Roll & Write"
    assert "bggId" not in sims["game"] and sims["game"]["name"] == "Simstown" and "durationMin" not in sims


def test_a_resent_play_keeps_its_ids_through_a_correction_and_a_rename(client):
    code, [play] = group_plays(client, {"game": "simstown", "players": [{"name": "Ana", "score": 30}]})
    before = sent(play["bgstats_url"])
    client.patch(f"/api/groups/{code}/plays/{play['id']}", json={"players": [{"name": "Ana", "score": 31}]})
    client.post(f"/api/groups/{code}/rename", json={"name": "Ana", "to": "Ana María"})
    after = sent(client.get(f"/api/groups/{code}").get_json()["plays"][0]["bgstats_url"])
    assert after["sourcePlayId"] == before["sourcePlayId"]
    assert after["players"][0]["sourcePlayerId"] == before["players"][0]["sourcePlayerId"]
    assert (after["players"][0]["name"], after["players"][0]["score"]) == ("Ana María", 31)


WORST_NAME = "𝔄" * 30
"""A longest name (30 characters) of the characters that take the most room in a link (4 UTF-8 bytes, 12 characters
URL-encoded each)."""


def worst_play(names: list[str]) -> dict:
    """A play of six players tied on points, each with a longest name: the longest tie sentence too."""
    return {"id": "A" * 10, "game": "copenhagen", "date": "2025-05-01T20:15:00+00:00", "duration_min": 999,
            "tiebreak": {"case": "open", "winners": names},
            "players": [{"name": name, "player_id": "B" * 10, "score": 9999, "rank": 1, "winner": True, "start": i == 0}
                        for i, name in enumerate(names)]}


def test_a_tie_is_said_in_the_comments_and_the_worst_case_link_stays_under_8000_characters(app):
    from companion.groups import bgstats

    names = [WORST_NAME[:-1] + str(i) for i in range(6)]
    with app.test_request_context():
        data = sent(link := bgstats.url(worst_play(names), "Copenhagen: Roll & Write", 318084))
    assert len(link) <= 8000 and data["comments"].startswith(f"{names[0]}, {names[1]}")
    assert "give empty cells to break the tie (house rule)" in data["comments"]
    assert [p["name"] for p in data["players"]] == names


def test_a_link_too_long_cuts_the_comments_first_then_the_names(app, monkeypatch):
    from companion.groups import bgstats

    names = [WORST_NAME[:-1] + str(i) for i in range(6)]
    with app.test_request_context():
        whole = bgstats.url(worst_play(names), "Copenhagen", None)
        monkeypatch.setattr(bgstats, "MOST", len(whole) - 300)
        cut = sent(shorter := bgstats.url(worst_play(names), "Copenhagen", None))
        assert len(shorter) <= bgstats.MOST and cut["comments"].endswith("…") and cut["players"][0]["name"] == names[0]
        monkeypatch.setattr(bgstats, "MOST", 3000)
        cut = sent(shortest := bgstats.url(worst_play(names), "Copenhagen", None))
    assert len(shortest) <= 3000 and "comments" not in cut
    assert all(p["name"].endswith("…") and len(p["name"]) >= 8 for p in cut["players"])


def test_the_group_location_set_on_its_page_goes_into_every_link_and_is_logged(client):
    code, _ = group_plays(client, {"game": "simstown", "players": [{"name": "Ana", "score": 30}]})
    answer = client.post(f"/g/{code}/location", data={"location": "  Ana's   kitchen "})
    assert answer.status_code == 303 and "said=located" in answer.headers["Location"]
    group = client.get(f"/api/groups/{code}").get_json()
    assert group["location"] == "Ana's kitchen"
    assert sent(group["plays"][0]["bgstats_url"])["location"] == {"name": "Ana's kitchen"}
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'value="Ana&#39;s kitchen"' in page and "The group now plays at Ana&#39;s kitchen." in page
    assert client.post(f"/g/{code}/location", data={"location": ""}).status_code == 303
    group = client.get(f"/api/groups/{code}").get_json()
    assert group["location"] is None and "location" not in sent(group["plays"][0]["bgstats_url"])
    refused = client.post(f"/g/{code}/location", data={"location": "x" * 61})
    assert refused.status_code == 400 and "1 to 60 printable characters" in refused.get_data(as_text=True)


def test_on_a_desktop_each_play_offers_its_link_as_a_qr_code_that_reads_back(client, tmp_path):
    from tests.qrread import decode_svg

    code, [play] = group_plays(client, {"game": "copenhagen", "players": [{"name": "Ana", "score": 12},
                                                                          {"name": "Ben", "score": 9}]})
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert f'src="/g/{code}/plays/{play["id"]}/bgstats.svg"' in page
    answer = client.get(f"/g/{code}/plays/{play['id']}/bgstats.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert decode_svg(answer.data, tmp_path) == play["bgstats_url"]
    assert client.get(f"/g/{code}/plays/nothing/bgstats.svg").status_code == 404


def test_the_worst_case_link_as_a_qr_code_fits_the_largest_qr_code(app):
    import qrcode

    from companion.groups import bgstats

    with app.test_request_context():
        link = bgstats.url(worst_play([WORST_NAME[:-1] + str(i) for i in range(6)]), "Copenhagen", None,
                           location=WORST_NAME * 2, most=bgstats.QR_MOST)
    assert len(link) <= bgstats.QR_MOST
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(link)
    code.make()
    assert code.version <= 40 and sent(link)["location"] == {"name": WORST_NAME * 2}
