"""The QR code that opens the companion at `<URL>/play/<game>`, drawn as vector squares."""
from __future__ import annotations

from functools import cache

import qrcode
from reportlab.lib.colors import black

QUIET_MODULES = 4
CAPTION = 6.0
"""mm under the code for its caption."""


@cache
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules for `data`, row by row (True is dark), without the quiet zone."""
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def qr_side(block) -> float:
    """The side (mm) of the code's square, quiet zone included: the box's width or its height less the caption."""
    return min(block.at[2], block.at[3] - CAPTION)


def draw_qr(pen, block, ctx):
    """A square QR code at the top of the box with its caption below; nothing without a URL."""
    url = ctx.play_url()
    if url is None:
        return
    x, y, w, h = block.at
    side = qr_side(block)
    matrix = qr_matrix(url)
    module = side / (len(matrix) + 2 * QUIET_MODULES)
    left = x + (w - side) / 2 + QUIET_MODULES * module
    top = y + QUIET_MODULES * module
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            pen.rect(left + start * module, top + r * module, (c - start) * module, module,
                     stroke=None, fill=black)
    pen.fit_text((x, y + side, w, CAPTION), ctx.text(block.caption), 7, align="center")
