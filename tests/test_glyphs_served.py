"""The phone gets each colour's glyph as the paper draws it: the game's data names it, the companion serves it."""
from __future__ import annotations

from pathlib import Path

import pytest

import layouts
from layouts.glyphs import SHAPES, svg

GAMES = Path(__file__).parent / "games"


@pytest.mark.parametrize("game_id", ["copenhagen", "lost-cities", "monolyth", "simstown"])
def test_game_data_carries_each_colours_shape_and_the_image_the_phone_draws(client, game_id):
    colours = client.get(f"/api/games/{game_id}").get_json()["colours"]
    assert {name: c["glyph"] for name, c in colours.items()} == \
        {name: c.glyph for name, c in layouts.load(game_id).colours.items()}
    for colour in colours.values():
        image = client.get(colour["glyph_svg"])
        assert image.status_code == 200 and image.mimetype == "image/svg+xml"
        assert image.get_data(as_text=True) == svg(colour["glyph"])
        assert image.cache_control.max_age > 0 and image.cache_control.public


def test_every_shape_is_served_and_no_other_name(client):
    assert all(client.get(f"/glyphs/{name}.svg").status_code == 200 for name in SHAPES)
    assert client.get("/glyphs/G.svg").status_code == 404
    assert client.get("/glyphs/..%2Fapp.svg").status_code == 404


def test_a_letter_glyph_has_no_image_the_phone_shows_the_letter(client, monkeypatch):
    monkeypatch.setenv(layouts.ENV_VAR, str(GAMES))
    colours = client.get("/api/games/qwixx-letters").get_json()["colours"]
    assert colours["green"]["glyph"] == "G" and colours["green"]["glyph_svg"] is None
