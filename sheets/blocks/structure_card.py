"""Monolyth structure cards: the card's pattern in 3D per monolith height, layer maps, one line of text."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts.patterns import monolith_size
from sheets.isometric import Paint, draw_cubes, shade

PAD, HEADER, TEXT, LABEL = 3.0, 8.0, 11.0, 4.0
TWO_LABELS = 6.5
"""mm over two pictures side by side for their labels: two lines each, so long words wrap instead of running on."""
LABEL_GAP = 2.0
"""mm kept free between the two labels."""
MAP_CELLS_MAX = 3.0


def card_pattern(ctx):
    """The pattern on this copy of the card: the game's patterns in turn."""
    patterns = ctx.game.patterns
    return patterns[(ctx.copy - 1) % len(patterns)]


def draw_structure_card(pen, block, ctx):
    """Id and name, 3D pictures (one per height where they differ), layer maps, text (a `frame` block frames it)."""
    x, y, w, h = block.at
    pattern = card_pattern(ctx)
    variants = pattern.variants(ctx.game.values)
    size = monolith_size(ctx.game.values)[0]
    dark = black if ctx.ink.mode == "mono" else shade(block.rgb, 0.5)
    left, inner = x + PAD, w - 2 * PAD
    _header(pen, ctx, block, pattern, (left, y + PAD, inner, HEADER), dark)
    text_top = y + h - PAD - TEXT
    pen.fit_text((left, text_top, inner, TEXT), pattern.text, 9, align="center")
    maps_h = _maps_height(len(variants))
    maps_top = text_top - maps_h - 1
    pictures = (left, y + PAD + HEADER + 1, inner, maps_top - y - PAD - HEADER - 2)
    _pictures(pen, ctx, block, variants, size, pictures)
    _maps(pen, ctx, variants, size, (left, maps_top, inner, maps_h), dark)


def _header(pen, ctx, block, pattern, box, dark):
    left, top, width, height = box
    badge = max(9.0, 2.2 * len(pattern.id) + 4)
    pen.rect(left, top + 0.5, badge, height - 1, stroke=dark, fill=dark, width=0.6, radius=1.5)
    pen.fit_text((left, top + 0.5, badge, height - 1), pattern.id, 11, bold=True, colour=white, align="center")
    pen.fit_text((left + badge + 2, top, width - badge - 2, height * 0.45), ctx.text(block.heading).upper(), 7,
                 colour=ctx.ink.muted, valign="top")
    pen.fit_text((left + badge + 2, top + height * 0.35, width - badge - 2, height * 0.65), pattern.name, 11,
                 bold=True, valign="bottom")


def _pictures(pen, ctx, block, variants, size, box):
    left, top, width, height = box
    each = width / len(variants)
    labels = [block.same_label] if len(variants) == 1 else [block.short_label, block.tall_label]
    two = len(variants) > 1
    label_h = TWO_LABELS if two else LABEL
    for i, ((levels, cubes), label) in enumerate(zip(variants, labels, strict=True)):
        slot = left + i * each
        label_top = top if two else top + height - LABEL
        picture_top = top + label_h if two else top
        pen.fit_text((slot + LABEL_GAP / 2, label_top, each - LABEL_GAP, label_h), ctx.text(label), 7.5, bold=two,
                     align="center")
        draw_cubes(pen, ctx.ink, {c: Paint(block.rgb) for c in cubes},
                   (slot + 1, picture_top + 0.5, each - 2, height - label_h - 1), space=(size, size, levels))


def _maps_height(rows: int) -> float:
    return rows * 10.0 + LABEL


def _maps(pen, ctx, variants, size, box, dark):
    """One row of small layer maps per height: level 1 left, required cells filled."""
    left, top, width, height = box
    most = max(max(z for _, _, z in cubes) + 1 for _, cubes in variants)
    label_w = 5.0 if len(variants) > 1 else 0.0
    row_h = (height - LABEL) / len(variants)
    cell = min(MAP_CELLS_MAX, (row_h - 1.5) / size, (width - label_w - (most - 1) * 2.5) / most / size)
    side = cell * size
    start = left + label_w + (width - label_w - most * side - (most - 1) * 2.5) / 2
    for r, (levels, cubes) in enumerate(variants):
        row_top = top + r * row_h + (row_h - side) / 2
        if label_w:
            pen.fit_text((start - label_w - 1, row_top, label_w, side), f"{levels}:", 9, bold=True, align="right")
        for z in range(max(c[2] for c in cubes) + 1):
            map_left = start + z * (side + 2.5)
            for yy in range(size):
                for xx in range(size):
                    filled = (xx, yy, z) in cubes
                    pen.rect(map_left + xx * cell, row_top + yy * cell, cell, cell, stroke=ctx.ink.muted,
                             fill=dark if filled else white, width=0.5)
            pen.rect(map_left, row_top, side, side, stroke=black, width=0.7)
    for z in range(most):
        pen.fit_text((start + z * (side + 2.5) - 1, top + height - LABEL, side + 2, LABEL),
                     ctx.word("level {level}", level=z + 1), 7, align="center", colour=ctx.ink.muted)
