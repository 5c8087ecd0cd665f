"""What a full box of a game holds, card by card, in the order it is set up: every physical
card kind and value with how many copies the box has and its printed name.

The guided enrolment walks this list; a checklist prints it. Ticket to Ride's box depends on
its board (each map its own tickets and train cards); the other games have one box.

>>> [(entry.label, entry.copies) for entry in box_contents("freight-train", "en")][:2]
[('Coal wagon', 16), ('Tank wagon', 16)]
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games import TABLE_GAMES
from companion.games.cards import Card, copies
from companion.games.names import card_name
from companion.i18n.translate import translator
from engine.errors import N_, Reasoned

#: How a box names a card of some kinds, around the value's own name ("Coal" -> "Coal wagon").
LABELS: dict[tuple[str, str], str] = {
    ("freight-train", "wagon"): N_("{name} wagon"),
    ("ticket-to-ride", "train"): N_("{name} train card"),
    ("ticket-to-ride", "ticket"): N_("Ticket {name}"),
}


@dataclass(frozen=True)
class BoxEntry:
    """One identity of a box: the card, how many physical cards of it the box holds, and its
    printed name in the box's language ("Coal wagon", "Ticket Paris–Wien 8")."""

    card: Card
    copies: int
    label: str
    #: The name without its kind's word, where the label adds one ("Coal", "Paris–Wien 8").
    name: str = ""

    def missing(self, enrolled: int) -> int:
        """How many of its physical cards are still without a tag, `enrolled` of them having
        one (more tags than cards leave none missing)."""
        return max(0, self.copies - enrolled)


class BoxError(Reasoned, ValueError):
    """A game without a box to walk, or a board the game does not have (an English reason
    and its parameters, for `games.names.reason`)."""


def box_contents(game: str, language: str, board: str | None = None) -> list[BoxEntry]:
    """The cards of a full box of `game`, by kind then value, named in `language`.

    `board` picks a Ticket to Ride map (a shipped map's id or one of its other names; the
    game's first map when None); other games take none. Personal tags are in no box.
    """
    board = box_board(game, board)
    record = TABLE_GAMES[game]
    if board is not None:
        from companion.games.ticket_to_ride.box_cards import board_cards

        cards = board_cards(board, language)
    else:
        # The flow names the cards as the table does during a game ("Wagon 12", "Red 3").
        cards = [(Card(game, kind, value), copies(game, kind), name)
                 for name, kind, value in record.make_flow(language).card_choices()]
    gettext = translator(language).gettext
    return [BoxEntry(card, count, gettext(LABELS[(game, card.kind)]).format(name=name)
                     if (game, card.kind) in LABELS else name, name)
            for card, count, name in cards]


def box_board(game: str, board: str | None) -> str | None:
    """The id of the board whose box is meant: Ticket to Ride's map by its id or another of
    its names, its first map when None; None for a game of one board (`BoxError` for one
    that is given a board, or an unknown map)."""
    record = TABLE_GAMES.get(game)
    if record is None:
        raise BoxError(N_("unknown game {game!r}; one of {games}"), game=game,
                       games=", ".join(TABLE_GAMES))
    if record.maps is None:
        if board is not None:
            raise BoxError(N_("{game} has one board: leave --board out"), game=game)
        return None
    from companion.games.ticket_to_ride.box_cards import board_id

    return board_id(board or record.maps()[0])


def card_label(card: Card, language: str) -> str:
    """A card's printed name as its box names it ("Coal wagon", "Ticket Paris – Wien 8"); a
    card of no box (a player's tag, a map file's ticket) by the name the table gives it."""
    board = None
    if card.game in TABLE_GAMES and TABLE_GAMES[card.game].maps is not None:
        from companion.games.ticket_to_ride.box_cards import ticket_board

        board = ticket_board(card)
    try:
        entries = box_contents(card.game, language, board)
    except BoxError:
        entries = []
    named = {entry.card: entry.label for entry in entries}
    return named.get(card) or card_name(card.game, card.kind, card.value, language)


def box_size(entries: list[BoxEntry]) -> int:
    """Physical cards in a box."""
    return sum(entry.copies for entry in entries)
