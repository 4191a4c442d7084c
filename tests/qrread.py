"""Decode the companion's QR codes for real: draw their modules as a PNG and ask zbarimg."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from PIL import Image

SCALE = 8


def decode_modules(dark: set[tuple[int, int]], tmp: Path) -> str:
    """zbarimg's reading of a QR code given its dark modules as (column, row)."""
    side = max(max(x, y) for x, y in dark) + 1
    quiet = 4
    image = Image.new("L", ((side + 2 * quiet) * SCALE,) * 2, 255)
    for x, y in dark:
        image.paste(0, ((x + quiet) * SCALE, (y + quiet) * SCALE, (x + quiet + 1) * SCALE, (y + quiet + 1) * SCALE))
    path = tmp / "qr.png"
    image.save(path)
    result = subprocess.run(["zbarimg", "-q", "--raw", str(path)], capture_output=True, text=True)
    return result.stdout.strip()


def decode_svg(svg: bytes, tmp: Path) -> str:
    """Decode qrcode's SvgPathImage: one `Mx,y` square per dark module."""
    return decode_modules({(int(x), int(y)) for x, y in re.findall(rb"M(\d+),(\d+)", svg)}, tmp)


def decode_terminal(text: str, tmp: Path) -> str:
    """Decode qrcode's inverted ASCII output: each character is two modules, top and bottom."""
    upper = {"\u2588": (False, False), "\u2580": (False, True), "\u2584": (True, False), "\xa0": (True, True)}
    dark = set()
    for row, line in enumerate(line for line in text.splitlines() if line):
        for column, char in enumerate(line):
            top, bottom = upper[char]
            if top:
                dark.add((column, 2 * row))
            if bottom:
                dark.add((column, 2 * row + 1))
    return decode_modules(dark, tmp)
