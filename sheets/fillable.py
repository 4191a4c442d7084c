"""A fillable PDF (`rollsheet print GAME --fillable`): a form field on every write-in place of every sheet.

Glossary:
- field: one PDF form field over a place's printed box (layouts/write_ins.py): a checkbox for a cross, a text
  field for a number or a text, a drop-down of the place's options for a colour. Transparent and borderless,
  so the printed sheet shows through.
- field name: `sheet<n>.<place id>` (`sheet2.columns.red.3`), n the sheet's number in the run; the dots make a
  hierarchy of fields (`sheet2` > `columns` > `red` > `3`), as PDF names nest.
- order: a page's fields in reading order, sheet by sheet, place by place: the tab order of a PDF app.
"""
from __future__ import annotations

from reportlab.lib.colors import black
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString

from layouts import Game
from layouts.write_ins import Place, places

BRICK, WINDOW = "X", "O"
"""How a facade cell's value shows in its drop-down: the marks the sheet itself draws for a brick and a window."""
BLANK = " "
"""The value of a colour field's empty choice (ReportLab starts a drop-down on a chosen option, not on none)."""
MAX_TEXT = 40
"""Characters a text field takes (a player's name)."""


class Fields:
    """Adds the fields of each sheet on a page as the page is drawn."""

    def __init__(self, canvas, game: Game, printable: str, scale: float, page_height: float, lang: str = "en"):
        self.canvas, self.game, self.scale, self.page_height = canvas, game, scale, page_height
        self.places = places(game, printable, lang)

    def add(self, slots, first: int) -> None:
        """The fields of the sheets numbered from `first` in these slots (x, y, w, h in mm on the page)."""
        for number, (left, top, _, _) in enumerate(slots, first):
            for place in self.places:
                self._field(f"sheet{number}.{place.id}", place, left, top)

    def _field(self, name: str, place: Place, left: float, top: float) -> None:
        px, py, pw, ph = place.at
        w, h = pw * self.scale * mm, ph * self.scale * mm
        x, y = (left + px * self.scale) * mm, (self.page_height - top - py * self.scale) * mm - h
        form = self.canvas.acroForm
        shared = dict(name=name, tooltip=self._tooltip(place), fillColor=None, borderWidth=0, fieldFlags="")
        if place.kind == "cross":
            side = min(w, h)
            form.checkbox(x=x + (w - side) / 2, y=y + (h - side) / 2, size=side, buttonStyle="cross",
                          borderColor=None, textColor=black, **shared)
            return
        size = int(max(6, min(14, h * 0.55)))
        if place.kind == "colour":
            bricks = any("." in option for option in place.options)
            options = [("", BLANK), *((self._option(option, bricks), option) for option in place.options)]
            form.choice(x=x, y=y, width=w, height=h, options=options, value=BLANK, fontSize=min(size, 9), **shared)
        else:
            form.textfield(x=x, y=y, width=w, height=h, fontSize=size, maxlen=MAX_TEXT if place.kind == "text" else 6,
                           **shared)

    def _option(self, option: str, bricks: bool) -> str:
        """A colour option as its drop-down shows it: the colour's name, and X (a brick) or O (a window)."""
        colour, _, brick = option.partition(".")
        return f"{self.game.colours[colour].label} {BRICK if brick else WINDOW}" if bricks \
            else self.game.colours[colour].label

    def _tooltip(self, place: Place) -> str | None:
        """What a screen reader says for the field: its colour's name and its label, when it has them."""
        words = [self.game.colours[place.colour].label if place.colour in self.game.colours else None, place.label]
        return " ".join(word for word in words if word) or None


def finish_fields(canvas) -> None:
    """Centre the text of every text field, and make the dotted names of the canvas's fields a hierarchy of fields
    (PDF's partial names hold no dot; ReportLab keeps every field at the top under its whole name). Call it once,
    before `canvas.save()`."""
    form, objects = canvas.acroForm, canvas._doc.idToObject
    roots, nodes = [], {}
    for ref in form.fields:
        field = objects[ref.name]
        if field["FT"] == PDFName("Tx"):
            field["Q"] = 1
        *path, last = field["T"].s.split(".")
        kids = roots
        for depth in range(1, len(path) + 1):
            prefix = ".".join(path[:depth])
            if prefix not in nodes:
                node = PDFDictionary({"T": PDFString(path[depth - 1]), "Kids": PDFArray([])})
                if depth > 1:
                    node["Parent"] = nodes[".".join(path[:depth - 1])]
                nodes[prefix] = form.getRef(node)
                kids.append(nodes[prefix])
            kids = objects[nodes[prefix].name]["Kids"].sequence
        field["T"] = PDFString(last)
        if path:
            field["Parent"] = nodes[".".join(path)]
        kids.append(ref)
    form.fields = roots
