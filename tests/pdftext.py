"""Chars read back by tests/pdfread.py joined into words and text as pdfplumber joins them (its extract_words
and extract_text, without layout): a run of upright chars in lines clustered by their tops, each line's chars
left to right, a word ended by a blank or a gap wider than the tolerance (a run of chars turned a quarter in
columns, read top down or, asked for, bottom up); the words then in lines of those in a row whose tops cluster.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import groupby

PT = 25.4 / 72  # mm per pt (tests/pdfread.py gives marks in mm)
TOLERANCE = 3.0  # pt, pdfplumber's default x and y tolerance
READING = {"ltr": lambda m: (m.x, m.x + m.w, m.y), "ttb": lambda m: (m.y, m.y + m.h, m.x),
           "btt": lambda m: (-m.y - m.h, -m.y, m.x)}
"""direction -> a char's (start, end, across): where it starts and ends along the line, and where it lies across."""


def _clusters(items: list, key, tolerance: float) -> list[list]:
    """Items grouped as pdfplumber's cluster_objects groups them: sorted keys chained within `tolerance` pt."""
    index, last, group = {}, None, -1
    for value in sorted({key(item) for item in items}):
        group += last is None or value > last + tolerance * PT
        index[value], last = group, value
    return [list(items) for _, items in groupby(sorted(items, key=lambda item: index[key(item)]),
                                                key=lambda item: index[key(item)])]


def _split(line: list, direction: str, gap: float, across: float) -> list[list]:
    """A line's chars (in reading order) split into words at blanks, at a step back, at a gap wider than `gap` pt
    and at a step across wider than `across` pt."""
    words, read = [[]], READING[direction]
    for char in line:
        if char.text.isspace():
            words.append([])
            continue
        if words[-1]:
            (start, end, side), (char_start, _, char_side) = read(words[-1][-1]), read(char)
            if char_start < start or char_start > end + gap * PT or abs(char_side - side) > across * PT:
                words.append([])
        words[-1].append(char)
    return [word for word in words if word]


def _word(chars: list):
    """A word mark: the chars' box and text."""
    x, y = min(c.x for c in chars), min(c.y for c in chars)
    return replace(chars[0], kind="word", x=x, y=y, w=max(c.x + c.w for c in chars) - x,
                   h=max(c.y + c.h for c in chars) - y, text="".join(c.text for c in chars))


def _chars(page: dict, within: tuple | None) -> list:
    left, top, right, bottom = within or (-1e9, -1e9, 1e9, 1e9)
    return [m for m in page["marks"] if m.kind == "char" and left <= m.x and m.x + m.w <= right
            and top <= m.y and m.y + m.h <= bottom]


def words(page: dict, x_tolerance: float = TOLERANCE, rotated: str = "ttb", within: tuple | None = None) -> list:
    """The page's words as pdfplumber's extract_words finds them (kind "word", in mm), only those of chars wholly
    within the box `within` (left, top, right, bottom mm) when given; rotated words read `rotated` (ttb or btt)."""
    found = []
    for upright, run in groupby(_chars(page, within), key=lambda m: m.upright):
        direction = "ltr" if upright else rotated
        gap, across = (x_tolerance, TOLERANCE) if upright else (TOLERANCE, x_tolerance)
        order = ((lambda m: READING["ltr"](m)[0]) if upright
                 else (lambda m, direction=direction: READING[direction](m)[:2]))
        for line in _clusters(list(run), (lambda m: m.y) if upright else (lambda m: m.x), across):
            found += [_word(word) for word in _split(sorted(line, key=order), direction, gap, across)]
    return found


def text(page: dict, within: tuple | None = None) -> str:
    """The page's text as pdfplumber's extract_text gives it, only of chars wholly within `within` when given."""
    found = words(page, within=within)
    index = {id(word): i for i, line in enumerate(_clusters(found, lambda word: word.y, TOLERANCE)) for word in line}
    lines = groupby(found, key=lambda word: index[id(word)])
    return "\n".join(" ".join(word.text for word in line) for _, line in lines)
