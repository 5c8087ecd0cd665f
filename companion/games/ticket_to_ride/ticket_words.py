"""Destination tickets named as printed: "Paris – Wien" to its tag value "europe-33" and back.

Cities are matched forgivingly (any case, accents optional, any separator, either order, the
map's other spellings); a name that fits several tickets is refused with the candidates.

>>> ticket_value("paris wien", "en", "europe"), ticket_value("Wien - Paris", "fr", "Europe")
('europe-33', 'europe-33')
>>> printed_ticket("europe-33", "en")
'Paris – Wien'
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.flows.words import TableWords
from companion.games.card_names import AmbiguousCard
from companion.games.cards import CardError
from companion.games.ticket_to_ride import TICKET_TAG
from companion.games.ticket_to_ride.ticket_names import place_names
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes, name_tag, ticket_codes
from engine.errors import N_
from engine.games.ticket_to_ride.board import Map, Ticket
from engine.games.ticket_to_ride.library import INDEX, SHIPPED, find_map, shipped_map
from engine.games.ticket_to_ride.names import fold

#: Words a ticket's name may have: more is no ticket, and splitting it would cost too much.
MOST_WORDS = 16
#: Candidates a refusal lists before "…".
LISTED = 4
#: Between the places of a ticket's printed name.
BETWEEN = " – "

AMBIGUOUS = N_("{text!r} fits several tickets: {candidates}")
AMBIGUOUS_MAPS = N_("{ticket} is a ticket of several maps: {maps}; say which map")
NO_TICKET = N_("no ticket {text} on {map}; nearest: {nearest}")
NO_TICKET_ANYWHERE = N_("no ticket {text} on any map; nearest: {nearest}")
NO_TICKET_AT_ALL = N_("no ticket {text} on {map}: name its cities as printed, e.g. {example}")
NO_TICKET_AT_ALL_ANYWHERE = N_("no ticket {text} on any map: name its cities as printed, "
                               "e.g. {example}")
NO_NUMBER = N_("no ticket {value}: {map} has {count} tickets ({first} to {last})")
UNKNOWN_MAP = N_("unknown map {board!r}; one of {maps}")


@dataclass(frozen=True)
class Found:
    """One ticket of one map, with its tag value."""

    board: Map
    ticket: Ticket
    code: str


def ticket_value(text: str, language: str, board: str | None = None) -> str:
    """The tag value of the ticket `text` names, by its cities or by its tag value, on the
    shipped map `board` (any shipped map when None). Raises `CardError` saying why not."""
    maps = boards(board)
    value = text.strip().lower()
    if re.fullmatch(TICKET_TAG, value):
        return numbered(value, maps, board is not None)
    words = fold(text).split()
    if not words or len(words) > MOST_WORDS:
        raise _unknown(text, maps, [], language)
    found = [match for each in maps for match in matches(each, words)]
    if len({match.code for match in found}) == 1:
        return found[0].code
    if found:
        if len({match.ticket.id for match in found}) == 1:
            raise AmbiguousCard(AMBIGUOUS_MAPS, by_board=True,
                                  ticket=printed(found[0].board, found[0].ticket, language),
                                  maps=", ".join(match.board.title for match in found))
        raise AmbiguousCard(AMBIGUOUS, text=text.strip(),
                              candidates=listed(found, language, len(maps) > 1))
    starting = [match for each in maps for match in from_place(each, words)]
    if starting:
        raise AmbiguousCard(AMBIGUOUS, text=text.strip(),
                              candidates=listed(starting, language, len(maps) > 1))
    raise _unknown(text, maps, nearest(maps, " ".join(words)), language)


def printed_ticket(value: str, language: str) -> str:
    """A shipped map's ticket by its places as printed ("Paris – Wien"); another value (a map
    file's ticket, read without its file) as it is."""
    found = ticket_codes().get(value)
    if found is None:
        return value
    board = shipped_map(found[0])
    return printed(board, board.ticket(found[1]), language)


def printed(board: Map, ticket: Ticket, language: str) -> str:
    """A ticket's places as printed, without points: "Paris – Wien", "Bern → France · …"."""
    if ticket.any_of:
        return place_names(TableWords(language), ticket)[0]
    return BETWEEN.join(ticket.places)


def boards(board: str | None) -> list[Map]:
    """The shipped maps a ticket is looked for on."""
    if board is None:
        return [shipped_map(name) for name in SHIPPED]
    found = find_map(board)
    if found is None:
        raise CardError("board", UNKNOWN_MAP, board=board, maps=", ".join(SHIPPED))
    return [found]


def numbered(value: str, maps: Sequence[Map], strict: bool) -> str:
    """A tag value: one of the maps' tickets; a value of another map's shape passes only when
    no map was named (a map file's tickets), and a shipped map's number it lacks never."""
    for each in maps:
        if value in map_ticket_codes(each):
            return value
    for name in SHIPPED if not strict else [each.name for each in maps]:
        tag = name_tag(name)
        if strict or value.rsplit("-", 1)[0] == tag:
            count = INDEX[name].tickets
            raise CardError("value", NO_NUMBER, value=value, map=INDEX[name].title,
                            count=count, first=f"{tag}-01", last=f"{tag}-{count:02d}")
    return value


def matches(board: Map, words: Sequence[str]) -> Iterator[Found]:
    """The tickets of `board` whose places the words name, split between places every way."""
    codes = {ticket: code for code, ticket in map_ticket_codes(board).items()}
    most = max(len(ticket.places) for ticket in board.tickets)
    seen: set[str] = set()
    for count in range(2, min(len(words), most) + 1):
        for places in _splits(board, words, count):
            for ticket in board.tickets:
                if ticket.id not in seen and _same(ticket, places):
                    seen.add(ticket.id)
                    yield Found(board, ticket, codes[ticket.id])


def from_place(board: Map, words: Sequence[str]) -> Iterator[Found]:
    """The tickets of `board` from or to the one place the words name."""
    place = board.place(" ".join(words))
    if place is None:
        return
    codes = {ticket: code for code, ticket in map_ticket_codes(board).items()}
    for ticket in board.tickets:
        if place in ticket.places:
            yield Found(board, ticket, codes[ticket.id])


def nearest(maps: Sequence[Map], folded: str) -> list[Found]:
    """The tickets whose printed places read closest to `folded`, closest first."""
    spelled: dict[str, Found] = {}
    for each in maps:
        for code, ticket_id in map_ticket_codes(each).items():
            ticket = each.ticket(ticket_id)
            found = Found(each, ticket, code)
            for order in (ticket.places, ticket.places[::-1]):
                spelled.setdefault(fold(" ".join(order)), found)
    close = difflib.get_close_matches(folded, list(spelled), n=LISTED * 2, cutoff=0.6)
    unique: dict[str, Found] = {}
    for spelling in close:
        unique.setdefault(spelled[spelling].code, spelled[spelling])
    return list(unique.values())[:LISTED]


def listed(found: Sequence[Found], language: str, with_maps: bool) -> str:
    """Candidates in a refusal: their places (and maps), the first few, then "…"."""
    names = [printed(match.board, match.ticket, language)
             + (f" ({match.board.title})" if with_maps else "") for match in found]
    return ", ".join(names[:LISTED]) + (", …" if len(names) > LISTED else "")


def _splits(board: Map, words: Sequence[str], count: int) -> Iterator[tuple[str, ...]]:
    """Every way of reading the words as `count` places of the map."""
    for cuts in combinations(range(1, len(words)), count - 1):
        bounds = (0, *cuts, len(words))
        places = tuple(board.place(" ".join(words[start:end]))
                       for start, end in zip(bounds, bounds[1:]))
        if None not in places:
            yield places  # type: ignore[misc]


def _same(ticket: Ticket, places: tuple[str, ...]) -> bool:
    """Whether `places` are the ticket's, in any order (one of several destinations: from
    its origin, which other tickets share their destinations with)."""
    if ticket.any_of and places[0] != ticket.places[0]:
        return False
    return sorted(places) == sorted(ticket.places)


def _unknown(text: str, maps: Sequence[Map], near: Sequence[Found], language: str) -> CardError:
    """The refusal of words that name no ticket, with the nearest ones or an example."""
    one = len(maps) == 1
    if near:
        return CardError("value", NO_TICKET if one else NO_TICKET_ANYWHERE, text=text.strip(),
                         map=maps[0].title, nearest=listed(near, language, not one))
    return CardError("value", NO_TICKET_AT_ALL if one else NO_TICKET_AT_ALL_ANYWHERE,
                     text=text.strip(), map=maps[0].title,
                     example=printed(maps[0], maps[0].tickets[0], language))
