"""Text blocks: fitted text, the name line, labelled write-in boxes, per-copy labels, rules, frames."""
from __future__ import annotations

from functools import cache

from reportlab.lib.colors import black, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from sheets.units import FONTS, MIN_TEXT_PT, TextStamp, fit_lines, line_origin, lines_fit


def draw_text(pen, block, ctx):
    """Text wrapped and shrunk to its box, in a game colour if it names one, after its bold heading if it has one."""
    colour = ctx.ink.strong(ctx.rgb(block.colour)) if block.colour else black
    if block.heading:
        _draw_headed(pen, block, ctx.text(block.heading), ctx.text(block.text), colour)
    else:
        pen.fit_text(block.at, ctx.text(block.text), block.size, block.bold, colour, block.align)


def _draw_headed(pen, block, heading: str, text: str, colour) -> None:
    """A bold heading on its own line above the text when the box holds both at the text's size, else the heading
    run in, bold, at the start of the text's first line (a turn box's YOUR TURN)."""
    _, _, w, h = block.at
    body = FONTS[block.bold]
    leading = block.size * 1.15 / mm
    size, lines = fit_lines(text, w, h - leading, block.size, body)
    if size == block.size and lines_fit(lines, size, body, w, h - leading):
        for i, (line, bold) in enumerate([(heading, True)] + [(line, block.bold) for line in lines]):
            pen.text(*line_origin(block.at, size, block.align, "middle", len(lines) + 1, i), line, size, bold, colour,
                     block.align)
        return
    size, lines, indent = _run_in(heading, text, block)
    if not lines_fit(lines, size, body, w, h):  # the first line is wrapped short of the heading already
        pen.overflowed(f"{heading} {text}", block.at)
    pen.text(*line_origin(block.at, size, "left", "middle", len(lines), 0), heading, size, True, colour)
    for i, line in enumerate(lines):
        left, baseline = line_origin(block.at, size, "left", "middle", len(lines), i)
        pen.text(left + (indent if i == 0 else 0), baseline, line, size, block.bold, colour)


def _run_in(heading: str, text: str, block) -> tuple[float, list[str], float]:
    """The largest size (down to 7 pt) at which the text fits its box after a run-in heading: size, lines, indent mm."""
    _, _, w, h = block.at
    body, size = FONTS[block.bold], block.size
    while True:
        indent = stringWidth(heading + "  ", FONTS[True], size) / mm
        words, first = text.split(" "), []
        while words and stringWidth(" ".join(first + words[:1]), body, size) / mm <= w - indent:
            first.append(words.pop(0))
        lines = [" ".join(first), *simpleSplit(" ".join(words), body, size, w * mm)]
        if size <= MIN_TEXT_PT or lines_fit(lines, size, body, w, h):
            return size, lines, indent
        size = max(MIN_TEXT_PT, size - 0.5)


def draw_name_line(pen, block, ctx):
    """A label and a line to write a name on."""
    x, y, w, h = block.at
    label = ctx.text(block.label)
    pen.text(x, y + h - 1.2, label, 9, bold=True)
    label_width = pen.canvas.stringWidth(label, "Helvetica-Bold", 9) / 72 * 25.4
    if label_width + 2 > w / 2:
        pen.overflowed(label, block.at)  # the label leaves at least half the line to write the name on
    pen.line(x + label_width + 2, y + h - 1, x + w, y + h - 1, width=0.7)


def draw_write_box(pen, block, ctx):
    """A box to write a number in, its label on top (the whole box without one)."""
    x, y, w, _ = block.at
    if block.label:
        pen.fit_text((x, y, w, block.label_height), ctx.text(block.label), 9, bold=True, align="center")
    pen.rect(*block.box(), fill=white, width=1.6 if block.emphasis else 0.9, radius=1.5)


def draw_copy_text(pen, block, ctx):
    """A per-copy label, `{copy}` the sheet number and `{player}` the player."""
    text = copy_label(block, ctx)
    size, fits = _copy_text_fit(block)
    if not fits:
        pen.overflowed(text, block.at)
    pen.text_lines(block.at, [text], size, colour=ctx.ink.muted, align=block.align)


def copy_label(block, ctx) -> str:
    """A per-copy label's text on the context's sheet."""
    return block.text.format(copy=ctx.copy, player=ctx.player)


def names_copy(block) -> bool:
    """True for a per-copy label that shows the sheet number, so differs on every sheet."""
    return block.type == "copy_text" and "{copy}" in block.text


def copy_text_stamp(pen, block, ctx) -> TextStamp:
    """A label's per-copy path for a run: placed once where `draw_copy_text` puts it, then `write` per sheet."""
    size = _copy_text_fit(block)[0]
    return TextStamp(pen, *line_origin(block.at, size, block.align), size, colour=ctx.ink.muted, align=block.align)


@cache
def _copy_text_fit(block) -> tuple[float, bool]:
    """The size that fits the block's text for any copy up to 9999, and whether it fits at all; fitted once."""
    widest = block.text.format(copy=9999, player=99)
    size, lines = fit_lines(widest, block.at[2], block.at[3], block.size, FONTS[False])
    return size, lines_fit(lines, size, FONTS[False], block.at[2], block.at[3])


def draw_rule(pen, block, ctx):
    """A line through the middle of the box, along its longer side."""
    x, y, w, h = block.at
    dash = [3, 2] if block.dash else None
    if h > w:
        pen.line(x + w / 2, y, x + w / 2, y + h, width=block.width, dash=dash)
    else:
        pen.line(x, y + h / 2, x + w, y + h / 2, width=block.width, dash=dash)


def draw_frame(pen, block, ctx):
    """A rounded border `inset` mm inside the box."""
    x, y, w, h = block.at
    pen.rect(x + block.inset, y + block.inset, w - 2 * block.inset, h - 2 * block.inset, stroke=ctx.ink.muted,
             width=0.6, radius=2.5)
