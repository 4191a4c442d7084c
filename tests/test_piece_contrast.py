"""Issue 34 item 5: every piece drawn on a phone stands out from the card it is drawn on at 3:1 or more (WCAG 1.4.11)
in the light and the dark theme: its fill or its outline, as the browser paints them (read from the SVG)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.phones import seated_phone
from tests.tables import Http

PAINTED = """() => [...document.querySelectorAll("#board svg rect, #lists svg rect")].map((rect) => {
  let node = rect.closest("svg").parentElement;
  while (getComputedStyle(node).backgroundColor === "rgba(0, 0, 0, 0)") node = node.parentElement;
  const style = getComputedStyle(rect);
  return [style.fill, style.stroke, getComputedStyle(node).backgroundColor];
})"""


def luminance(css: str) -> float:
    """The relative luminance of an `rgb(r, g, b)` colour."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", css)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_piece_stands_out_from_its_card_at_three_to_one(served, phone, scheme):
    code = Http(served)("/api/rooms", {"game": "monolyth", "players": 2})[1]["code"]
    page = seated_phone(phone, served, code, "Ana", color_scheme=scheme)
    expect(page.locator(".ring svg rect").first).to_be_attached()
    painted = page.evaluate(PAINTED)
    assert len(painted) > 20
    for fill, stroke, background in painted:
        assert max(contrast(fill, background), contrast(stroke, background)) >= 3, (fill, stroke, background)
