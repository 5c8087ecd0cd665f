"""Cards named as printed on them, in the table's language: "charbon" is a coal wagon,
"Paris – Wien" a Europe ticket; and the other way, a card's printed name.

>>> card_from_words("freight-train", "wagon", "Charbon", "fr")
Card(game='freight-train', kind='wagon', value='coal')
>>> printed_name(Card("ticket-to-ride", "ticket", "europe-33"), "fr")
'Paris – Wien'
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games import TABLE_GAMES
from companion.games.cards import Card, CardError, card_kinds, check_card
from companion.games.names import card_name
from companion.games.record import imported
from engine.games.ticket_to_ride.names import fold

#: Names are also taken in this language, the one of the printed ids.
ENGLISH = "en"


class AmbiguousCard(CardError):
    """Words that fit several cards; `by_board` when only the board tells them apart."""

    def __init__(self, reason: str, /, *, by_board: bool = False, **params: object) -> None:
        self.by_board = by_board
        super().__init__("value", reason, **params)


def card_from_words(game: str, kind: str, text: str, language: str,
                    board: str | None = None) -> Card:
    """The card `text` names: a value's id or its name (in `language` or English), a
    ticket's cities on the map `board` (any shipped map when None). The kind may be given
    by its name too. Raises `CardError` saying what is wrong, as `check_card` does."""
    game_id = game.strip().lower()
    kinds = card_kinds(game_id)
    kind_id = _named(game_id, kind, list(kinds), language, lambda each: (each, ""))
    record = TABLE_GAMES.get(game_id)
    value = text
    if record is not None and kind_id in record.printed:
        reader: Callable[[str, str, str | None], str] = imported(record.printed[kind_id][0])
        value = reader(text, language, board)
    elif kinds.get(kind_id):
        value = _named(game_id, text, list(kinds[kind_id] or ()), language,
                       lambda each: (kind_id, each))
    return check_card(Card(game_id, kind_id, value))


def printed_name(card: Card, language: str) -> str:
    """What is printed on the card, in `language`: "Coal", "Paris – Wien", a player's name."""
    record = TABLE_GAMES.get(card.game)
    if record is not None and card.kind in record.printed:
        namer: Callable[[str, str], str] = imported(record.printed[card.kind][1])
        return namer(card.value, language)
    return card_name(card.game, card.kind, card.value, language)


def with_printed_name(card: Card, text: str, language: str) -> str:
    """`text` naming the card by its ids, with its printed name after when that says more:
    "ticket-to-ride ticket europe-33 (Paris – Wien)", "… wagon coal (Charbon)"."""
    name = printed_name(card, language)
    return f"{text} ({name})" if card.value and fold(name) != fold(card.value) else text


def spellings(game: str, kind: str, value: str, language: str) -> set[str]:
    """The folded spellings that name one id: itself, its name in `language` and in English,
    and for a value its kind's name before or after it ("wagon charbon", "coal wagon")."""
    names = {fold(value or kind)}
    for each in {language, ENGLISH}:
        name = card_name(game, kind, value, each)
        names.add(fold(name))
        if value:
            kind_name = card_name(game, kind, "", each)
            names |= {fold(f"{kind_name} {name}"), fold(f"{name} {kind_name}")}
    return names - {""}


def _named(game: str, text: str, ids: list[str], language: str,
           card: Callable[[str], tuple[str, str]]) -> str:
    """The one of `ids` that `text` spells, else `text` as it is (for `check_card` to refuse
    with the ids it takes)."""
    wanted = fold(text)
    for each in ids:
        if wanted in spellings(game, *card(each), language):
            return each
    return text
