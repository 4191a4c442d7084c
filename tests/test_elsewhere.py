"""Changes made on another host: which watched rooms moved on (companion/web/elsewhere.py), and the HAProxy config the
hosting manual shows being the very file the tests and the bench run."""
from __future__ import annotations

from companion.web.elsewhere import newer
from tests.hosts import CONFIG
from tests.serving import ROOT


def test_only_watched_rooms_whose_stored_version_moved_on_are_read_anew():
    watched = {"K7QX2M": 4, "ABCDEF": 9, "GONE12": 3}
    assert newer(watched, [("K7QX2M", 5), ("ABCDEF", 9), ("GONE12", 2)]) == [("K7QX2M", 5)]
    assert newer(watched, []) == []


def test_the_hosting_manual_shows_the_haproxy_config_the_tests_run():
    manual = (ROOT / "docs" / "hosting.md").read_text()
    assert CONFIG.read_text().strip() in manual
