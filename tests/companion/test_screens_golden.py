"""Golden frames: the main screens in English and French, compared pixel for pixel.

A frame that differs from its PNG in tests/companion/golden/ fails. After a deliberate change,
look at the new frames and rewrite them with `UPDATE_GOLDEN=1 python -m pytest
tests/companion/test_screens_golden.py`; a missing golden file always fails without it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.screens.fonts import SMALL, TITLES, Font
from companion.screens.layout import wrap
from companion.screens.model import Menu, Screen, Style
from companion.screens.primitives import HEIGHT, WIDTH
from companion.screens.render import render

GOLDEN = Path(__file__).with_name("golden")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

#: The French letters with accents (and the œ ligature), lower and upper case.
FRENCH_LETTERS = "àâäçéèêëîïôöùûüÿœ ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒ"

EN_TOP = "D1 · R4 · 3 players"
FR_TOP = "J1 · T4 · 3 joueurs"

SCREENS: dict[str, Screen] = {
    # The main prompt, as in the sketch of UX.md.
    # Whose turn on top, what to tap in the middle; undo is a hold.
    "main-en": Screen(top=f"ANA · {EN_TOP}", title="Tap 3 wagons",
                      body=("Trains: 4 · Track: 7", "Tokens: 5"), hints="ok:menu  hold:undo"),
    "main-fr": Screen(top=f"ANA · {FR_TOP}", title="Posez 3 wagons",
                      body=("Trains : 4 · Voie : 7", "Jetons : 5"), hints="ok:menu tenir:annuler"),
    # A counted card flashes its name and the new train length.
    "counted-en": Screen(top=EN_TOP, title="Coal → train (4)", style=Style.NOTICE,
                         progress=(2, 3), hints="tap:wagon back:cancel"),
    "counted-fr": Screen(top=FR_TOP, title="Charbon → train (4)", style=Style.NOTICE,
                         progress=(2, 3), hints="tap:wagon back:retour"),
    # The same flash laid over the question it answers: only the title's place changes.
    "counted-over-en": Screen(top=EN_TOP, title="Coal → train (4)", style=Style.NOTICE,
                              beneath=Screen(top=EN_TOP, title="Coal", progress=(2, 3),
                                             menu=Menu(("Train (3)", "Mixed train (0)"), 0),
                                             hints="tap:wagon back:cancel")),
    "counted-over-fr": Screen(top=FR_TOP, title="Charbon → train (4)", style=Style.NOTICE,
                              beneath=Screen(top=FR_TOP, title="Charbon", progress=(2, 3),
                                             menu=Menu(("Train (3)", "Train mélangé (0)"), 0),
                                             hints="tap:wagon back:retour")),
    # Refusals: the reason, in words, for two seconds.
    "refused-counted-en": Screen(top=EN_TOP, title="Coal already counted", style=Style.REFUSAL),
    "refused-counted-fr": Screen(top=FR_TOP, title="Charbon déjà compté", style=Style.REFUSAL),
    "refused-turn-en": Screen(top=EN_TOP, title="Not your turn", style=Style.REFUSAL,
                              body=("Ben is playing",)),
    "refused-turn-fr": Screen(top=FR_TOP, title="Pas ton tour", style=Style.REFUSAL,
                              body=("Ben est en train de jouer",)),
    "refused-unknown-en": Screen(top=EN_TOP, title="Unknown card: OK to enrol it",
                                 style=Style.REFUSAL, hints="ok:enrol  back:cancel"),
    "refused-unknown-fr": Screen(top=FR_TOP, title="Carte inconnue : OK pour l'enregistrer",
                                 style=Style.REFUSAL, hints="ok:oui  back:passer"),
    # The departure card: full screen until acknowledged, then the countdown.
    "departure-en": Screen(top="Day 1 · Ana drew it", title="Departure card!",
                           body=("Still to play: Ben, Cléo",), style=Style.ANNOUNCE,
                           hints="ok:continue"),
    "departure-fr": Screen(top="Jour 1 · tirée par Ana", title="Départ des trains !",
                           body=("Encore : Ben, Cléo",), style=Style.ANNOUNCE,
                           hints="ok:continuer"),
    # One player's tally page with its breakdown.
    "tally-en": Screen(top="End of day 1", title="Ana +11 = 16",
                       body=("Coal +3 · Tank +2", "Mixed +3 · Yard +3"), progress=(1, 4),
                       hints="up/down  ok:next"),
    "tally-fr": Screen(top="Fin du jour 1", title="Ana +11 = 16",
                       body=("Charbon +3", "Citerne +2 · Zone +3", "Mélangé +3"),
                       progress=(1, 4), hints="haut/bas  ok:suite"),
    # A breakdown longer than a page: losses first, and "▼ more" says the next page follows.
    "tally-more-en": Screen(top="Final result", title="Łukasz -1 = 27",
                            body=("Yard -16 · Box +4", "Coal +3 · Flat +1", "▼ more"),
                            progress=(1, 7), hints="up/down  ok:next"),
    "tally-more-fr": Screen(top="Résultat final", title="Dvořák -1 = 27",
                            body=("Zone de fret -16", "Couvert +4", "▼ suite"),
                            progress=(1, 7), hints="haut/bas  ok:suite"),
    # The ranking after the last day: the winner, then everyone.
    "ranking-en": Screen(top="Final result", title="Ana wins!", style=Style.ANNOUNCE,
                         menu=Menu(("1. Ana 27", "2. Cléo 21", "3. Ben 18"), -1),
                         hints="up/down  ok:new game"),
    "ranking-fr": Screen(top="Résultat final", title="Ana gagne !", style=Style.ANNOUNCE,
                         menu=Menu(("1. Ana 27", "2. Cléo 21", "3. Ben 18"), -1),
                         hints="haut/bas  ok:suite"),
    # Undo always asks first.
    "undo-en": Screen(top=EN_TOP, title="Undo the last move?", style=Style.CONFIRM,
                      body=("Ana: Coal → train",), hints="ok:yes  back:no"),
    "undo-fr": Screen(top=FR_TOP, title="Annuler le dernier coup ?", style=Style.CONFIRM,
                      body=("Ana : Charbon → train",), hints="ok:oui  back:non"),
    # A menu with a selection, scrolled because it is longer than the space.
    "menu-en": Screen(top=EN_TOP, title="Ana: your move",
                      menu=Menu(("From the main yard", "From my yard", "Refill a lane",
                                 "Bring a locomotive", "Rearrange or pass"), 3),
                      hints="ok:choose back:return"),
    "menu-fr": Screen(top=FR_TOP, title="Ana : ton coup",
                      menu=Menu(("De la zone principale", "De ma zone de fret",
                                 "Remplir une voie", "Amener locomotive",
                                 "Réarranger/passer"), 3),
                      hints="ok:choix back:retour"),
    # A driver fault: which device, in words, and what to check; never a traceback.
    "fault-en": Screen(top="Fault", title="RFID reader: check the wiring", style=Style.REFUSAL,
                       body=("SPI 0.0 does not answer", "dtparam=spi=on?")),
    "fault-fr": Screen(top="Panne", title="Lecteur RFID : vérifier le câblage",
                       style=Style.REFUSAL,
                       body=("SPI 0.0 ne répond pas", "dtparam=spi=on ?")),
    # Limits: a title too long for two lines, a long count drawn as a bar, an empty screen.
    "limits-ellipsis": Screen(top="Une ligne de contexte beaucoup trop longue",
                              title="Un titre qui ne tient ni sur une ni sur deux lignes, "
                                    "même en petit",
                              body=("Une ligne de détail beaucoup trop longue",),
                              hints="ok:un bouton  back:un autre bouton"),
    "limits-progress-bar": Screen(top="Setup", title="Fill 25 spaces", progress=(9, 25),
                                  hints="ok:done"),
    "limits-empty": Screen(),
}


def glyph_sheet(font: Font, letters: str = FRENCH_LETTERS) -> Image.Image:
    """Every letter of `letters` (the French accented ones) in `font`, wrapped to the
    screen's width."""
    lines = wrap(letters, font, WIDTH, break_words=True) or []
    image = Image.new("1", (WIDTH, font.height * len(lines)), 0)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        font.draw(draw, (0, row * font.height), line)
    return image


FRAMES = {name: (lambda screen=screen: render(screen)) for name, screen in SCREENS.items()}
FRAMES.update({f"glyphs-{font.name}": (lambda font=font: glyph_sheet(font))
               for font in (SMALL, *TITLES)})
#: Latin Extended-A letters of names at a table: Polish, Czech, Slovak, Hungarian, Latvian,
#: Lithuanian, Turkish, Croatian, Romanian (ă), Esperanto; composed from the fonts' marks.
EXTENDED_LETTERS = ("ąćęłńśźż čďěňřšťůž ľĺŕ őű āēīūģķļņ įė ğış đ ăĉĝĥĵŝŭ "
                    "ĄĆĘŁŃŚŹŻ ČĎĚŇŘŠŤŮŽ ĽĹŔ ŐŰ ĀĒĪŪĢĶĻŅ ĮĖ ĞİŞ Đ ĂĈĜĤĴŜŬ Ħħ Ŧŧ")
FRAMES.update({f"glyphs-extended-{font.name}":
               (lambda font=font: glyph_sheet(font, EXTENDED_LETTERS))
               for font in (SMALL, *TITLES)})


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_frame_matches_golden(name: str) -> None:
    image = FRAMES[name]()
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
    assert path.exists(), f"{path.name} missing: run with UPDATE_GOLDEN=1 and look at it"
    with Image.open(path) as stored:
        golden = stored.convert("1")
    assert golden.size == image.size
    difference = ImageChops.difference(golden, image).getbbox()
    assert difference is None, f"{name} differs from its golden frame in {difference}"


def test_screens_are_the_display_size() -> None:
    for screen in SCREENS.values():
        assert render(screen).size == (WIDTH, HEIGHT)
