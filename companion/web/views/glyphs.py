"""The colour glyphs as SVG images, made from the outlines the print kit draws (layouts/glyphs.py): a phone
shows a colour's glyph as the same shape the paper has, as a CSS mask tinted by the page, or inside a drawn
tile as `<use href=".../triangle.svg#glyph">` (static/glyphs.js)."""
from __future__ import annotations

from flask import Blueprint, abort, make_response

from layouts.glyphs import is_shape, svg

bp = Blueprint("glyphs", __name__)

MAX_AGE = 86_400
"""Seconds a phone may keep a glyph: the shapes only change with a new release."""


@bp.get("/glyphs/<name>.svg")
def glyph(name: str):
    """One shape glyph as an SVG image; 404 for a name that is no shape."""
    if not is_shape(name):
        abort(404)
    answer = make_response(svg(name))
    answer.mimetype = "image/svg+xml"
    answer.cache_control.public, answer.cache_control.max_age = True, MAX_AGE
    return answer
