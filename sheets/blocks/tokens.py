"""Round tokens to cut out, grouped by stack under a heading, as many as the players need."""
from __future__ import annotations

from reportlab.lib.colors import black, white

from layouts import fill_values
from sheets.icons import draw_icon

GAP, HEADING, CAPTION = 3.0, 5.5, 6.0


def flow(groups: list[int], per_line: int) -> list[list[tuple[int, int, int]]]:
    """Lines of (group, token, slot): a group that fits a line whole never starts in a half-full one."""
    lines, line = [], []
    for group, count in enumerate(groups):
        if line and len(line) + count > per_line >= count:
            lines.append(line)
            line = []
        for token in range(count):
            if len(line) == per_line:
                lines.append(line)
                line = []
            line.append((group, token, len(line)))
    return lines + [line] if line else lines


def draw_token_sheet(pen, block, ctx):
    """Each stack's tokens for the player count: label, value and icon inside a circle cut line."""
    x, y, w, h = block.at
    stacks = [(stack, stack.tokens(ctx.game.tables[stack.table].values, ctx.players)) for stack in block.stacks]
    stacks = [(stack, values) for stack, values in stacks if values]
    d = block.diameter
    per_line = max(1, int((w + GAP) // (d + GAP)))
    top = y
    for line in flow([len(values) for _, values in stacks], per_line):
        for group, token, slot in line:
            stack, values = stacks[group]
            left = x + slot * (d + GAP)
            if token == 0 or slot == 0:  # a stack's first token, or its first on a line it wraps to
                width = sum(1 for g, _, _ in line if g == group) * (d + GAP) - GAP
                label = ctx.game.tables[stack.table].label
                pen.fit_text((left, top, width, HEADING), label, 9, bold=True, valign="top")
            _token(pen, ctx, stack, values[token], (left, top + HEADING, d))
        top += HEADING + d + GAP
    pen.fit_text((x, y + h - CAPTION, w, CAPTION), fill_values(block.caption, {"players": ctx.players}, ctx.lang), 8,
                 colour=ctx.ink.muted, align="right")


def _token(pen, ctx, stack, value, where):
    left, top, d = where
    r, cx, cy = d / 2, left + d / 2, top + d / 2
    pen.circle(cx, cy, r, stroke=black, fill=white, width=0.8)
    label = ctx.text(stack.label) if stack.label else ctx.game.tables[stack.table].label
    pen.fit_text((cx - r * 0.75, top + d * 0.12, r * 1.5, d * 0.2), label, 7.5, bold=True, align="center")
    pen.fit_text((cx - r * 0.7, top + d * 0.3, r * 1.4, d * 0.42), str(value), d * 1.1, bold=True, align="center")
    if stack.icon:
        draw_icon(pen, stack.icon, cx, top + d * 0.82, d * 0.2, black)
