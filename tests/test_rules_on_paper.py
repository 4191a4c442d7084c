"""The rules a player holding only the paper reads, in English, German and Spanish, read back from the PDFs:
the turn order, optional building, every house value marked as a house rule, the dice column, the end."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

import layouts
from sheets.paper import impose
from sheets.render import Job, render
from tests import pdftext
from tests.pdfread import read_pages

MARK = {"en": "(house rule)", "de": "(Hausregel)", "es": "(regla de la casa)"}
"""The words that mark a house value on paper (RULES.md: HV), the same on every sheet."""

SAYS = {  # (game, printable, block): what the block prints, per language
    # seed 000: "Du kannst in deinem Zug so viele Sterne verwenden, wie du möchtest"
    ("copenhagen", "player-sheet", 4): {
        "en": ["Roll all 5 dice. In your turn you may use as many stars as you like, at any time",
               "Choose one colour:", "Draw it: 1 brick (X), the rest windows (O)",
               "A size 4/5 tile: cross it off the shape sheet."],
        "de": ["Wirf alle 5 Würfel. Du kannst in deinem Zug so viele Sterne verwenden, wie du möchtest, jederzeit",
               "Wähle eine Würfelgruppe in einer Farbe:", "Zeichne sie: 1 Ziegel (X), sonst Fenster (O)",
               "Ein 4er/5er-Plättchen: auf dem Formenblatt durchstreichen."],
        "es": ["Tira los 5 dados. En tu turno puedes usar tantas estrellas como quieras, en cualquier momento",
               "Elige un color:", "Dibújala: 1 ladrillo (X), el resto ventanas (O)",
               "¿Una loseta de 4/5? Táchala en la hoja de piezas."]},
    # seed 000: "ein Steinfeld in ein Fensterfeld umwandeln, wenn du etwas ... zeichnest"
    ("copenhagen", "player-sheet", 18): {
        "en": ["Blue star: as you draw, its brick becomes a window"],
        "de": ["Blauer Stern: beim Zeichnen wird der Ziegel der Form ein Fenster"],
        "es": ["Estrella azul: al dibujar, su ladrillo pasa a ser ventana"]},
    ("copenhagen", "reference-card", 4): {  # the card's short form keeps "as you draw": never an old brick
        "en": ["Blue star: as you draw, a brick becomes a window"], "de": ["Blauer Stern: beim Zeichnen kein Ziegel"],
        "es": ["Estrella azul: al dibujar, ladrillo a ventana"]},
    ("lost-cities", "score-sheet", 11): {  # seed 001: "solo si es el mismo valor o superior"
        "en": ["YOUR TURN The active player rolls all 6 dice, takes 1 number die + 1 colour die",
               "Then each other player takes 1 number die + 1 colour die from the 2 + 2 left "
               "(several may take the same).",
               "Numbers in a column never go down: only the same value or higher."],
        "de": ["DEIN ZUG Der aktive Spieler wirft alle 6 Würfel, nimmt 1 Zahlen- und 1 Farbwürfel",
               "Dann nimmt jeder andere 1 Zahlen- und 1 Farbwürfel aus den 2 + 2 übrigen, auch dieselben.",
               "Zahlen in einer Spalte sinken nie: nur gleich hoch oder höher."],
        "es": ["TU TURNO El jugador activo lanza los 6 dados, elige un dado de número y uno de color",
               "Luego los demás eligen un dado de número y uno de color de los 2 + 2 que quedan, aunque coincidan.",
               "En una columna, un número solo si es el mismo valor o superior."]},
    ("monolyth", "player-boards", 7): {  # seed 004: "bewegen Sie den Kristall 1-4 Felder im Uhrzeigersinn"
        "en": ["YOUR TURN Move the crystal 1-4 slots clockwise and take that piece",
               "or discard it for a 1x1 block of its colour. Refill the slot the crystal started from.",
               "Or instead: take a prophecy token", "A full level: take its highest level token.",
               "Structure card matched: take the highest structure token."],
        "de": ["DEIN ZUG Bewege den Kristall 1-4 Felder im Uhrzeigersinn und nimm das Teil dort",
               "für einen 1x1-Block seiner Farbe. Fülle das Feld, wo der Kristall begann, neu.",
               "Oder stattdessen: lege einen Prophezeiungsmarker", "Level voll: nimm den größten Levelmarker.",
               "Strukturkarte erfüllt: nimm den höchsten Strukturmarker."],
        "es": ["TU TURNO Mueve el cristal 1-4 huecos en sentido horario y toma esa pieza",
               "por un bloque de 1x1 de su color. Rellena el hueco donde empezó el cristal.",
               "O en su lugar: toma una ficha de profecía", "Nivel completo: toma su ficha de nivel más alta.",
               "Carta de estructura cumplida: toma la ficha de estructura más alta."]},
    ("simstown", "build-fields", 7): {  # RULES.md 3: build fields HV but the joker and the industry count
        "en": ["Field values (house rule)"], "de": ["Feldwerte (Hausregel)"],
        "es": ["Valores de las casillas (regla de la casa)"]},
    ("simstown", "score-pad", 4): {  # seed 003: "erhalten alle diese Spieler die Siegpunkte"
        "en": ["Most chips of a type: 5, to each tied player in full;", "Tied for the most points: a shared win."],
        "de": ["Meiste Chips einer Art: 5, bei Gleichstand jedem voll;",
               "Gleichstand bei den meisten Punkten: gemeinsamer Sieg."],
        "es": ["Más fichas de un tipo: 5, enteros a cada empatado;", "Empate a más puntos: victoria compartida."]},
    ("copenhagen", "player-sheet", 11): {
        "en": ["draw one 1x1 window in any empty cell"], "de": ["ein Fenster in ein leeres Feld zeichnen"],
        "es": ["dibuja una ventana de 1x1 en cualquier casilla vacía"]},
    ("simstown", "build-fields", 4): {  # seed 003: "1. Würfeln ... 4. Abriss ( noch vor 1. ) ... 6. Kein Spielende"
        "en": ["0. Fewer than 3 chips left? First take back all chips of one or more of your projects.",
               "1. Roll 3 dice, up to 3 times;",
               "2. For each die you may cover one field of its value here with a chip of your supply;",
               "3. A build field full? You may build: 1 chip on a free field of its type", "4. Pass the dice left."],
        "de": ["0. Weniger als 3 Chips im Vorrat? Erst Abriss: alle Chips von 1 oder mehr Bauprojekten zurücknehmen.",
               "2. Für jeden Würfel kannst du ein Feld seiner Zahl mit einem Chip aus deinem Vorrat abdecken;",
               "1. Würfle mit 3 Würfeln", "3. Ein Baufeld voll? Dann kannst du bauen:",
               "4. Würfel nach links weitergeben."],
        "es": ["0. ¿Menos de 3 fichas en reserva? Primero derriba: recupera todas las fichas de uno o más proyectos.",
               "1. Tira 3 dados hasta 3 veces;",
               "2. Por cada dado puedes cubrir aquí una casilla de su valor con una ficha de tu reserva;",
               "3. ¿Una zona llena? Puedes construir:", "4. Pasa los dados a la izquierda."]},
    # seed 000: "Jeder andere Spieler darf sich dann einen der Würfel aussuchen, die du nicht benutzt hast"
    ("copenhagen", "player-sheet", 17): {
        "en": ["On another player's turn you may take one unused die and cross the leftmost empty box of its colour"],
        "de": ["Im Zug eines anderen darfst du einen ungenutzten Würfel nehmen und das ganz linke leere Kästchen "
               "seiner Farbe ankreuzen"],
        "es": ["En el turno de otro puedes tomar un dado no usado y tachar la casilla libre más a la izquierda de su "
               "color"]},
    ("simstown", "city-plan", 1): {  # a build field (Baufeld) is on the player's card; the plan has fields
        "en": ["City plan (house rule): 8 districts, 48 fields"], "de": ["Spielplan (Hausregel): 8 Gebiete, 48 Felder"],
        "es": ["Plano (regla de la casa): 8 barrios, 48 solares"]},
    ("simstown", "city-plan", 3): {
        "en": ["a full build field may put 1 chip"], "de": ["mit einem vollen Baufeld kannst du 1 Chip"],
        "es": ["una zona de obra llena puede poner 1 ficha"]},
    ("lost-cities", "score-sheet", 6): {  # seed 001: "se te considera 'agotado', pero sigues jugando. El juego ..."
        "en": ["Dice column: refuse the dice to mark its lowest free box; box 9: exhausted, but you keep playing.",
               "The game ends after the turn in which all players are exhausted or all 8 bridges are taken."],
        "de": ["Würfelspalte: Würfel ablehnen, dafür ihr unterstes freies Feld ankreuzen; Feld 9: erschöpft, aber du "
               "spielst weiter.",
               "Das Spiel endet nach dem Zug, in dem alle Spieler erschöpft oder alle 8 Brücken vergeben sind."],
        "es": ["Columna de dados: renuncia a los dados y marca su espacio libre más bajo; espacio 9: agotado, pero "
               "sigues jugando.",
               "El juego termina tras el turno en que todos los jugadores están agotados o se han cruzado los 8 "
               "puentes."]},
    ("lost-cities", "score-sheet", 5): {
        "en": ["on another arrow, again"], "de": ["weiterer Pfeil: erneut"],
        "es": ["Flecha: acelera una expedición empezada", "otra flecha: otra vez", "Círculo de «doble punto»"]},
    ("monolyth", "player-boards", 4): {  # seed 004: "mindestens 12 orange Blöcke an dieser Kante"
        "en": ["it scores its number when its side shows at least that many cubes of the edge's colour."],
        "de": ["sie bringt ihre Zahl, wenn ihre Seite mindestens so viele Blöcke in der Farbe der Kante zeigt."],
        "es": ["da su número si su lado muestra al menos tantos cubos del color de ese borde."]},
    ("monolyth", "score-pad", 2): {
        "en": ["Play on until someone completes their monolith, then finish the round."],
        "de": ["Gespielt wird, bis jemand seinen Monolithen vollendet hat, dann wird die Runde zu Ende gespielt."],
        "es": ["Se juega hasta que alguien complete su monolito; luego se acaba la ronda."]},
}

HOUSE_RULES = {  # (game, printable, block): the words each house value is said with, the mark right after them
    ("copenhagen", "player-sheet", 7): {"en": "Tie", "de": "Gleichstand", "es": "Desempate"},
    ("copenhagen", "player-sheet", 17): {"en": "2 players", "de": "Zu zweit", "es": "2 jugadores"},
    ("copenhagen", "player-sheet", 18): {"en": "never into jokers", "de": "nie in Joker", "es": "nunca a comodín"},
    ("copenhagen", "shape-sheet", 7): {"en": "2 players", "de": "Zu zweit", "es": "2 jugadores"},
    ("copenhagen", "reference-card", 4): {"en": "never into jokers", "de": "nie in Joker", "es": "nunca a comodín"},
    ("lost-cities", "score-sheet", 5): {"en": "turn: all", "de": "Zug: alle", "es": "vez, todos"},  # +20 in between
    ("lost-cities", "score-sheet", 6): {"en": "all 6 dice", "de": "allen 6 Würfeln", "es": "los 6 dados"},
    ("lost-cities", "score-sheet", 10): {"en": "Points", "de": "Punkte", "es": "Puntos"},  # the table's caption
    ("simstown", "city-plan", 3): {"en": "Solo", "de": "Solo", "es": "Solitario"},
    ("simstown", "build-fields", 7): {"en": "SOLO", "de": "SOLO", "es": "SOLITARIO"},
    ("simstown", "score-pad", 4): {"en": "Solo", "de": "Solo", "es": "Solitario"},
    ("lost-cities", "score-sheet", 12): {"en": "Arrow and artifact boxes", "de": "Lage der Pfeile und Artefakte",
                                         "es": "Posición de flechas y artefactos"},
    ("simstown", "city-plan", 1): {"en": "City plan", "de": "Spielplan", "es": "Plano"},
    ("copenhagen", "player-sheet", 4): {"en": "rotate, never mirror", "de": "drehen ja, spiegeln nie",
                                        "es": "se gira, nunca se refleja"},
    ("monolyth", "piece-reference", 1): {"en": "in these counts", "de": "in diesen Anzahlen",
                                         "es": "en estas cantidades"},
    ("monolyth", "score-pad", 2): {"en": "one structure token per player", "de": "ein Strukturmarker je Spieler",
                                   "es": "una ficha de estructura por jugador"},
    ("monolyth", "player-boards", 4): {"en": "One prophecy per side", "de": "Eine Prophezeiung je Seite",
                                       "es": "Una profecía por lado"},
    ("monolyth", "tokens", 1): {"en": "Token values and stacks", "de": "Markerwerte und Stapel",
                                "es": "Valores y pilas de fichas"},
    ("copenhagen", "player-sheet", 19): {"en": "Facade size, shields and track symbols",
                                         "de": "Fassadengröße, Wappen, Symbole",
                                         "es": "Tamaño de la fachada, blasones y símbolos de las líneas"},
}


@lru_cache(maxsize=None)
def first_page(game_id: str, printable: str, lang: str):
    """The first A4 page of a printable in a language, printed and parsed once for every block read from it."""
    game = layouts.load(game_id, lang)
    return read_pages(render(Job(game, printable, game.players.min, lang=lang)))[0]


def block_text(game_id: str, printable: str, block: int, lang: str) -> str:
    """The words printed inside one block's box on the first A4 sheet, in reading order."""
    return words_in(first_page(game_id, printable, lang), layouts.load(game_id, lang), printable, block)


def words_in(page, game, printable: str, block: int) -> str:
    """The words a page printed of `game` holds inside one block's box on its first sheet, in reading order."""
    spec = game.printables[printable]
    sheets = Job(game, printable, game.players.min).sheet_count  # as many as `first_page` prints
    left, top, _, _ = impose(spec.size, "a4", gutter=spec.gutter, total=sheets).slots[0]
    x, y, w, h = spec.blocks[block].at
    box = (left + x - 1, top + y - 1, left + x + w + 1, top + y + h + 1)  # a glyph on the box's edge is in it
    return " ".join(pdftext.text(page, within=box).split())


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("where", list(SAYS))
def test_the_paper_states_the_rule_as_the_rulebook_does(where, lang):
    text = block_text(*where, lang)
    for sentence in SAYS[where][lang]:
        assert sentence in text


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("where", list(HOUSE_RULES))
def test_every_house_value_on_paper_carries_the_house_rule_mark(where, lang):
    text = block_text(*where, lang)
    said = HOUSE_RULES[where][lang]
    assert said in text
    after = text[text.index(said) + len(said):]
    after = re.sub(r"^[ ,:]*(\+?\d+ )?", "", after)  # a legend's value, at the right, is read between the lines
    assert after.startswith(MARK[lang]), f"{said!r} is not marked: {after[:40]!r}"


PUBLISHED = {"en": "published: Artifacts and Dice boxes 8-9, Dice boxes 1-3",
             "de": "veröffentlicht: Artefakte und Würfel Feld 8-9, Würfel Feld 1-3",
             "es": "publicados: Artefactos y Dados 8-9, Dados 1-3"}


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_points_caption_calls_published_only_the_values_public_sources_give(lang):
    """RULES.md 2: artifacts and dice from box 8 and the dice's zeros in boxes 1-3 are published; every expedition
    value is a house value, so the caption never names the expedition column as published."""
    text = block_text("lost-cities", "score-sheet", 10, lang)
    assert text.endswith(PUBLISHED[lang]), text
    assert layouts.load("lost-cities", lang).tables["expedition"].label not in text


SHAPES = {"en": "The shapes", "de": "Die Formen", "es": "Las piezas"}


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_shape_sheet_marks_its_shapes_as_house_ones(lang):
    """RULES.md 1: the rulebook names no shape catalogue; the shared sheet says its shapes are a house rule."""
    assert f"{SHAPES[lang]} {MARK[lang]}" in block_text("copenhagen", "shape-sheet", 7, lang)


BACK = {"en": "These cards and how to read them (house rule): any rotation counts; colours do not.",
        "de": "Diese Karten und wie man sie liest (Hausregel): jede Drehung zählt, die Farben nicht.",
        "es": "Estas cartas y cómo leerlas (regla de la casa): vale cualquier giro; los colores no cuentan."}


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_structure_card_back_marks_its_house_reading(lang):
    """`print --all` prints the back that carries words: the cards (RULES.md 4: HV) and how they are read are house
    ones, said there."""
    game = layouts.load("monolyth", lang)
    back = read_pages(render(Job(game, "structure-cards", game.players.min, per_page=1, backs=True, lang=lang)))[1]
    assert BACK[lang] in " ".join(pdftext.text(back).split())


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_shield_window_follows_the_rulebook_and_needs_no_resting(lang):
    text = block_text("copenhagen", "player-sheet", 11, lang)
    assert not any(word in text for word in ("must rest", "aufliegen", "apoyarse"))


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_phones_green_star_marks_its_house_value_in_a_buttons_words(client, lang):
    """The phone shows the layout's button label as it is: the house value (never into a joker) is marked there too,
    and the label stays short enough for a phone."""
    table = client.get("/api/games/copenhagen", headers={"Accept-Language": lang}).get_json()["table"]
    label = table["labels"]["recolour"]
    assert label.endswith(MARK[lang]) and len(label) <= 70, label


TAKE = {"en": ("take 1 die.", "take 3 dice."), "de": ("nimm 1 Würfel.", "nimm 3 Würfel."),
        "es": ("toma 1 dado.", "toma 3 dados.")}


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_two_player_dice_are_counted_in_words_whatever_their_house_value(lang):
    """`two_player_dice` is a house value a table may set to 1: the sheet then says "take 1 die", not "1 dice"."""
    game = layouts.load("copenhagen", lang)
    block = next(i for i, b in enumerate(game.printables["player-sheet"].blocks)
                 if "two_player_dice" in getattr(b, "text", ""))
    for value, said in zip((1, 3), TAKE[lang], strict=True):
        changed = game.model_copy(update={"values": {**game.values, "two_player_dice": value}})
        page = read_pages(render(Job(changed, "player-sheet", 2, lang=lang)))[0]
        printed = words_in(page, changed, "player-sheet", block)
        assert printed.endswith(said), printed[-60:]
