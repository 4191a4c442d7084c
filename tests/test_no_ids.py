"""No id reaches a person: the log lines and refusals of a table that crosses, claims, takes and scores, read in
English, German and Spanish, name items, lists and colours by their words, never by the layout's ids."""
from __future__ import annotations

import re

import pytest

import layouts
from companion.rules.language import speaker
from companion.rules.mechanics.roll_and_draft import die_name
from layouts.lists import lists_in_play
from layouts.translations import words
from tests.tables import Table

HEADERS = {"en": {}, "de": {"Accept-Language": "de"}, "es": {"Accept-Language": "es"}}


def ids_of(game_id: str, lang: str) -> set[str]:
    """The game's ids a person must never read alone (lists, items, colours, dice, tables), less those that are
    also its words in `lang` (a token's id `12`; in English a bridge's `red`, a die's `colour`) and the ids printed
    on tiles."""
    game = layouts.load(game_id)
    items = {item.id for players in range(game.players.min, game.players.max + 1)
             for found in lists_in_play(game, players).values() for item in found if item.id != item.label}
    found = set(game.lists) | items | set(game.colours) | {die.id for die in game.dice} | set(game.tables)
    texts = [*words(layouts.load(game_id, lang)).values(),
             *(die_name(game, die.id, speaker(lang)) for die in game.dice)]
    spoken = {word.strip(".,:;()").casefold() for text in texts for word in text.split()}
    return {i for i in found - {shape.id for shape in game.shapes} if i.casefold() not in spoken}


def words_of(text: str) -> set[str]:
    """The words of a text, as an id would stand in it (a hex commitment is one word, whatever it holds)."""
    return set(re.findall(r"[\w-]+", text))


def leaked(texts: list[str], game_id: str, lang: str) -> list[str]:
    """Each text that shows an id of the game alone."""
    ids = ids_of(game_id, lang)
    return [text for text in texts if ids & words_of(text)]


def said(client, room: Table, lang: str) -> list[str]:
    """The room's log in a language."""
    return [entry["text"] for entry in client.get(f"/api/rooms/{room.code}", headers=HEADERS[lang]).get_json()["log"]]


def refusal(client, room: Table, who: str, path: str, lang: str, **body) -> str:
    """The error a refused crossing answers in a language."""
    answer = client.post(f"/api/rooms/{room.code}/lists/{path}", json=room.body(who, None, **body),
                         headers=HEADERS[lang])
    assert answer.status_code == 409, answer.get_json()
    return answer.get_json()["error"]


@pytest.mark.parametrize("lang", list(HEADERS))
def test_bridges_are_named_by_their_colour_or_column_in_every_log_line_and_refusal(client, call, lang):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    for item in ("red", "purple", "artifacts", "dice"):
        assert room.cross("Ana", "bridges", item)[0] == 200
    assert room.cross("Ben", "bridges", "red")[0] == 200
    assert room.cross("Ben", "bridges", "red", crossed=False)[0] == 200
    assert room.cross("Ana", "bridges", "dice", crossed=False)[0] == 200
    errors = [refusal(client, room, "Ana", "bridges/artifacts", lang),
              refusal(client, room, "Ben", "bridges/dice", lang, crossed=False)]
    log = said(client, room, lang)
    assert len(log) >= 9 and leaked(log + errors, "lost-cities", lang) == []
    artifacts = layouts.load("lost-cities", lang).lists["bridges"].items[6].label
    assert any(artifacts in line for line in log)


@pytest.mark.parametrize("lang", list(HEADERS))
def test_tokens_are_named_by_their_value_and_lists_by_their_name(client, call, lang):
    room = Table(call, "monolyth", ("Ana", "Ben"))
    for _ in range(2):
        assert room.cross("Ana", "level-1", room.state()["lists"]["level-1"]["items"][0])[0] in (200, 409)
    room.cross("Ben", "level-1", "3")
    taken = room.cross("Ana", "prophecy", "12b")
    errors = [refusal(client, room, "Ben", "level-1/5", lang, crossed=False)]
    log = said(client, room, lang)
    assert taken[0] == 200 and not any("12b" in words_of(line) for line in log)  # the dice commitment's hex may hold it
    assert leaked(log + errors, "monolyth", lang) == []
    scored = client.post("/api/score/monolyth", headers=HEADERS[lang], json={"players": [
        {"name": "Ana", "levels": [7]}, {"name": "Ben"}]}).get_json()["error"]
    names = [layouts.load("monolyth", lang).lists[f"level-{n}"].label for n in (1, 2, 3, 4)]
    assert all(name in scored for name in names) and leaked([scored], "monolyth", lang) == []


@pytest.mark.parametrize("lang", list(HEADERS))
def test_tiles_are_named_by_their_printed_id_and_their_shape(client, call, lang):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "roll")  # tiles are crossed by the player who places the shape (referee)
    room.cross("Ana", "tiles", "R4a")
    room.cross("Ana", "tiles", "R4a", again=True)
    errors = [refusal(client, room, "Cy", "tiles/R4a", lang)]
    log = said(client, room, lang)
    square = layouts.load("copenhagen", lang).shape("R4a").name
    assert all("R4a (" in line and square in line for line in log[:2])
    assert leaked(log + errors, "copenhagen", lang) == []


@pytest.mark.parametrize("lang, words", [("en", "after 30 turns"), ("de", "nach 30 Zügen"), ("es", "tras 30 turnos")])
def test_the_phone_gets_the_texts_it_shows_with_their_house_values_counted_in(client, lang, words):
    table = client.get("/api/games/simstown", headers=HEADERS[lang]).get_json()["table"]
    assert words in table["end"]["text"] and "{" not in table["end"]["text"]
