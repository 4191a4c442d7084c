"""Phones in English, German and Spanish at one table: each reads the log, the refusals and the pages in
its own language (its cookie, else its Accept-Language), with the game's words from its overlay."""
from __future__ import annotations

import json
import shutil
from concurrent.futures import ThreadPoolExecutor

import pytest

import layouts
from tests.serving import call
from tests.tables import FlaskCalls, Http, Table
from tests.test_hardening import raw
from tests.test_live import events

GERMAN, SPANISH = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, {"Accept-Language": "es-ES,es;q=0.9"}


def log_texts(client, code, headers=None) -> list[str]:
    return [entry["text"] for entry in client.get(f"/api/rooms/{code}", headers=headers or {}).get_json()["log"]]


def test_each_phone_reads_the_same_log_entries_in_its_own_language_with_the_games_words(client):
    room = Table(FlaskCalls(client), "lost-cities", ("Ana", "Ben"))
    rolled = room.ok("Ana", "roll")
    english, german, spanish = (log_texts(client, room.code, h) for h in ({}, GERMAN, SPANISH))
    assert len(english) == len(german) == len(spanish) == 4
    commitment = rolled["commitment"]
    assert english[-1] == f"Room opened for Lost Cities: Roll & Write, 2 players; dice commitment {commitment}"
    assert german[-1] == f"Raum für Lost Cities – Roll & Write geöffnet, 2 Spieler; Festlegung der Würfel {commitment}"
    assert spanish[-1] == ("Sala abierta para Lost Cities: Roll & Write, 2 jugadores; compromiso de los dados "
                           + commitment)
    assert german[1] == "Ben hat am Tisch Platz genommen" and spanish[1] == "Ben se sentó a la mesa"
    assert german[0].startswith("Ana hat ") and german[0].endswith(" gewürfelt") and spanish[0].startswith("Ana sacó ")
    for lang, text in (("de", german[0]), ("es", spanish[0])):
        colours = layouts.load("lost-cities", lang).colours
        for face in (die["face"] for die in rolled["dice"] if isinstance(die["face"], str)):
            assert (colours[face].label if lang == "de" else colours[face].label.lower()) in text  # German nouns: Blau


def test_refusals_follow_accept_language(client):
    room = Table(FlaskCalls(client), "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    body = room.body("Ben")
    said = {lang: client.post(f"/api/rooms/{room.code}/roll", json=body, headers=h).get_json()["error"]
            for lang, h in (("en", {}), ("de", GERMAN), ("es", SPANISH))}
    assert said == {"en": "It is Ana's turn: only Ana may roll now.",
                    "de": "Ana ist am Zug: nur Ana darf jetzt würfeln.",
                    "es": "Es el turno de Ana: ahora solo Ana puede tirar."}


def test_the_language_cookie_wins_over_accept_language_and_a_strange_one_is_ignored(client):
    def missing(headers):
        return client.get("/api/rooms/ZZZZZZ", headers=headers).get_json()["error"]
    client.set_cookie("rollsheet-lang", "es")
    assert missing(GERMAN) == "No existe la sala 'ZZZZZZ': revisa el código o abre una sala nueva."
    client.set_cookie("rollsheet-lang", "fr")
    assert missing(GERMAN) == "Keinen Raum 'ZZZZZZ' gefunden: prüfe den Code oder öffne einen neuen Raum."
    assert missing({"Accept-Language": "fr-FR,fr;q=0.9"}) == "No room 'ZZZZZZ': check the code, or open a new room."


def test_a_move_on_a_changed_table_says_what_changed_in_the_phones_language(client):
    room = Table(FlaskCalls(client), "simstown", ("Ana",))
    seen = room.state()["version"]
    room.ok("Ana", "roll")
    answer = client.post(f"/api/rooms/{room.code}/roll", json=room.body("Ana", seen=seen), headers=SPANISH)
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith("La mesa ha cambiado: Ana sacó ")


def test_counted_words_take_the_languages_plural(client):
    for players, english, german, spanish in ((1, "1 player", "1 Spieler", "1 jugador"),
                                              (3, "3 players", "3 Spieler", "3 jugadores")):
        room = Table(FlaskCalls(client), "simstown", ("Ana",), players=players)
        assert f"{english}; dice commitment " in log_texts(client, room.code)[-1]
        assert f"{german}; Festlegung der Würfel " in log_texts(client, room.code, GERMAN)[-1]
        assert f"{spanish}; compromiso de los dados " in log_texts(client, room.code, SPANISH)[-1]


def test_http_errors_of_the_api_and_the_pages_speak_the_phones_language(client):
    assert client.get("/api/nowhere", headers=GERMAN).get_json() == {
        "error": "Diese Adresse gibt es bei rollsheet nicht."}
    assert client.delete("/api/rooms", headers=SPANISH).get_json() == {
        "error": "Esta dirección no acepta peticiones DELETE."}
    page = client.get("/nowhere", headers=GERMAN)
    assert page.status_code == 404 and '<html lang="de">' in page.get_data(as_text=True)
    assert "Diese Adresse gibt es bei rollsheet nicht." in page.get_data(as_text=True)


def test_the_switch_keeps_the_choice_in_a_cookie_and_goes_back_to_the_page(client):
    answer = client.post("/language", data={"lang": "es", "next": "/play/simstown"}, headers=GERMAN)
    assert answer.status_code == 303 and answer.headers["Location"] == "/play/simstown"
    assert "rollsheet-lang=es" in answer.headers["Set-Cookie"] and "Max-Age=31536000" in answer.headers["Set-Cookie"]
    page = client.get("/play/simstown", headers=GERMAN).get_data(as_text=True)
    assert '<html lang="es">' in page and "Abrir una sala nueva" in page
    assert client.post("/language", data={"lang": "de", "next": "//evil.example/"}).headers["Location"] == "/"
    assert "Set-Cookie" not in client.post("/language", data={"lang": "fr", "next": "/"}).headers


@pytest.mark.parametrize("headers, lang, words", [({}, "en", "Pick your game."), (GERMAN, "de", "Wähle dein Spiel."),
                                                  (SPANISH, "es", "Elige tu juego.")])
def test_every_page_says_its_language_and_offers_the_others(client, headers, lang, words):
    page = client.get("/", headers=headers).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page and words in page
    assert all(f'value="{code}" lang="{code}"' in page for code in ("en", "de", "es"))
    assert f'lang="{lang}" aria-pressed="true"' in page
    assert "Accept-Language" in client.get("/", headers=headers).headers["Vary"]


def test_a_game_without_an_overlay_shows_its_own_words_on_a_german_phone(client, tmp_path, monkeypatch):
    shutil.copy(layouts.TEMPLATES / "qwixx.yaml", tmp_path / "qwixx.yaml")
    monkeypatch.setenv(layouts.ENV_VAR, str(tmp_path))
    game = client.get("/api/games/qwixx", headers=GERMAN).get_json()
    assert game["colours"]["red"]["label"] == "Red"
    room = Table(FlaskCalls(client), "qwixx", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    answer = client.post(f"/api/rooms/{room.code}/pick", json=room.body("Ana", dice=[2, 3]), headers=GERMAN)
    assert answer.get_json()["error"] == ("Wähle 0 bis 2 Würfel (weiß) und 0 bis 1 Würfel "
                                          "(red, yellow, green oder blue).")


def test_score_csv_headers_in_the_phones_language_json_keys_stay_ids(client):
    payload = {"players": [{"name": "Ana", "rows_windows": 2, "empty_cells": 9},
                           {"name": "Ben", "columns_windows": 1, "empty_cells": 3}]}
    heads = {lang: client.post("/api/score/copenhagen?format=csv", json=payload, headers=h).get_data(as_text=True)
             .splitlines() for lang, h in (("en", {}), ("de", GERMAN), ("es", SPANISH))}
    assert heads["en"][0] == "game,rank,name,total,rows_windows,rows_bricks,columns_windows,columns_bricks," \
                             "tracks_completed,winner,tiebreak,empty_cells"
    assert heads["de"][0] == "Spiel,Platz,Name,Punkte,Reihen nur Fenster,Reihen mit Ziegel,Spalten nur Fenster," \
                             "Spalten mit Ziegel,Farblinien,Sieger,Gleichstand,leere Felder"
    assert heads["es"][0].startswith("juego,puesto,nombre,total,Filas de ventanas,")
    assert heads["de"][1] == ("copenhagen,1,Ben,4,0,0,4,0,0,ja,"
                              "Ben gewinnt bei Gleichstand: weniger leere Felder (Hausregel),3")
    result = client.post("/api/score/copenhagen", json=payload, headers=SPANISH).get_json()
    assert set(result) == {"game", "players", "winners", "tiebreak", "tiebreaks"}
    assert set(result["players"][0]["breakdown"]) == {"rows_windows", "rows_bricks", "columns_windows",
                                                      "columns_bricks", "tracks_completed"}
    assert result["tiebreak"] == "Ben gana por tener menos casillas vacías (regla de la casa)"


def test_scoring_messages_come_from_the_overlay_and_the_catalogue(client):
    too_many = {"players": [{"name": "Ana", "rows_windows": 12}, {"name": "Ben"}]}
    assert client.post("/api/score/copenhagen", json=too_many, headers=GERMAN).get_json()["error"] == \
        "12 volle Reihen (Fenster + Ziegel), aber die Fassade hat 9 Reihen"
    typed = {"players": [{"name": "Ana", "rows_windows": "3"}, {"name": "Ben"}]}
    assert client.post("/api/score/copenhagen", json=typed, headers=SPANISH).get_json()["error"] == \
        "debe ser un número entero"


def test_final_scores_saved_from_a_german_phone_read_in_spanish(client):
    room = Table(FlaskCalls(client), "copenhagen", ("Ana", "Ben"))
    payload = {"room": room.code, "player": "Ana", "token": room.tokens["Ana"],
               "players": [{"name": "Ana", "rows_windows": 2, "empty_cells": 9},
                           {"name": "Ben", "columns_windows": 1, "empty_cells": 3}]}
    assert client.post("/api/score/copenhagen", json=payload, headers=GERMAN).status_code == 200
    assert log_texts(client, room.code, SPANISH)[0] == \
        "Puntuación final: 1. Ben 4, 2. Ana 4 (Ben gana por tener menos casillas vacías (regla de la casa))"
    assert log_texts(client, room.code)[0] == \
        "Final score: 1. Ben 4, 2. Ana 4 (Ben wins on fewer empty cells (house rule))"


def test_long_polls_and_event_streams_answer_each_phone_in_its_language(live_server):
    room = Table(Http(live_server), "simstown", ("Ana",))
    first = room.state()["version"]
    def poll(headers):
        return call(live_server, f"/api/rooms/{room.code}?since={first}&wait=20", headers=headers)[2]
    def stream(headers):
        return events(live_server, room.code, 1, {**headers, "Last-Event-ID": str(first)})[0][1]
    with ThreadPoolExecutor(4) as phones:  # four phones ask for what comes after `first`, and Ana rolls:
        waiting = {"en": phones.submit(poll, {}), "de": phones.submit(poll, GERMAN),  # a phone waiting for
                   "es": phones.submit(stream, SPANISH),
                   "de stream": phones.submit(stream, {"Cookie": "rollsheet-lang=de"})}
        room.ok("Ana", "roll")  # the roll and one asking just after it get the same answer
        seen = {lang: future.result(timeout=10) for lang, future in waiting.items()}
    assert {state["version"] for state in seen.values()} == {first + 1}
    assert seen["en"]["log"][0]["text"].startswith("Ana rolled ")
    assert seen["de"]["log"][0]["text"].startswith("Ana hat ") and seen["de"] == seen["de stream"]
    assert seen["es"]["log"][0]["text"].startswith("Ana sacó ")
    assert len({json.dumps(state["dice"]) for state in seen.values()}) == 1


def test_refusals_made_by_the_server_itself_speak_the_phones_language(live_server):
    stream_404 = call(live_server, "/api/rooms/ZZZZZZ?since=0&wait=1", headers=SPANISH)
    assert stream_404[0] == 404 and stream_404[2]["error"].startswith("No existe la sala")
    answer = raw(live_server, b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nAccept-Language: de\r\n"
                              b"Transfer-Encoding: chunked\r\n\r\n")
    assert b"HTTP/1.1 411" in answer and "Schick den Inhalt mit einer Content-Length." in answer.decode()
