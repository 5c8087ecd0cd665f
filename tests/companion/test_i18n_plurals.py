"""Counts are said with a proper plural in English and French, never "card(s)": the engine's
refusals (`NP_`) and the table's words alike."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

from babel.messages.pofile import read_po

from companion.games.names import reason
from companion.games.ticket_to_ride.words import TAP_CARDS, WAREHOUSE_ITEM, Words
from companion.i18n.translate import fill
from engine.errors import NP_, IllegalEvent
from engine.games.ticket_to_ride.payment import FERRY_LOCOMOTIVES

LOCALE = Path(__file__).parents[2] / "companion/i18n/locale"


def test_no_message_says_a_plural_in_brackets() -> None:
    with (LOCALE / "fr/LC_MESSAGES/companion.po").open("rb") as file:
        catalogue = read_po(file)
    bracketed = [message.id for message in catalogue if message.id and any(
        "(s)" in text for text in (*_texts(message.id), *_texts(message.string)))]
    assert not bracketed, bracketed


def _texts(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def test_an_engine_refusal_says_one_or_many() -> None:
    assert str(IllegalEvent(FERRY_LOCOMOTIVES, count=1)) == "This ferry needs 1 locomotive"
    assert str(IllegalEvent(FERRY_LOCOMOTIVES, count=2)) == "This ferry needs 2 locomotives"
    assert reason(IllegalEvent(FERRY_LOCOMOTIVES, count=1), "fr") == (
        "Ce ferry demande 1 locomotive")
    assert reason(IllegalEvent(FERRY_LOCOMOTIVES, count=2), "fr") == (
        "Ce ferry demande 2 locomotives")


def test_the_tables_words_say_one_or_many() -> None:
    english, french = Words("en"), Words("fr")
    assert english.say(TAP_CARDS, count=1) == "Pay: tap 1 card"
    assert english.say(TAP_CARDS, count=4) == "Pay: tap 4 cards"
    assert french.say(TAP_CARDS, count=1) == "Payez : 1 carte"
    assert french.say(TAP_CARDS, count=4) == "Payez : 4 cartes"
    assert english.say(WAREHOUSE_ITEM, name="Ana", count=1) == "Ana: 1 card"


def test_the_number_that_chooses_the_form_may_have_any_name() -> None:
    message = NP_("{waves} wave", "{waves} waves", "waves")
    assert fill(message, "en", waves=1) == "1 wave"
    assert fill(message, "en", waves=3) == "3 waves"
    # Refusals are copied and sent between processes whole.
    assert pickle.loads(pickle.dumps(message)).told({"waves": 2}) == "2 waves"
    assert copy.deepcopy(message).plural == "{waves} waves"
