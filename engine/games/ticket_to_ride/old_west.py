"""Old West in a described table: Cités placed between claims, and Alvin.

Route points are scored "dès qu'ils prennent possession" of a route, and a Cité is placed
"une fois que vous avez pris une route ... sur l'une des deux villes aux extrémités de cette
route". So the tally needs the order: on an Old West map each route may carry `claim`, its place
in the order of all the table's claims (any increasing numbers, such as the turn), and each
Cité is `{"city": ..., "claim": n}`, placed right after the claim numbered n, which must be its
owner's route into that city. Claim 0 is the player's starting city, which the text counts
among the Cités a player controls (« y compris sa ville de départ »): placed before any claim.
A route into a city with a Cité needs its claim number.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import N_, InvalidInput
from ...table_input import flag, items, join, obj, whole_number
from .board import Map, Track
from .bonuses import alvin_points
from .claims import shown
from .places import place_of
from .scoring import Cite
from .seat import Seat


def read_cites(board: Map, seats: Sequence[Seat]) -> None:
    rules = board.rules.old_west
    assert rules is not None
    claim_of: dict[int, tuple[Seat | None, Track | None]] = {}
    for seat in seats:
        for track in seat.tracks:
            if track.id in seat.claimed:
                claim_of[seat.claimed[track.id]] = (seat, track)
    owner: dict[str, str] = {}
    for seat in seats:
        where_all = join(seat.path, "cities")
        cites = items(seat.raw, "cities", seat.path, default=[])
        if len(cites) > rules.cities:
            raise InvalidInput(where_all, N_("a player has at most {count} Cités"),
                               count=rules.cities)
        for number, raw in enumerate(cites):
            where = join(where_all, number)
            entry = obj(raw, where)
            city = place_of(board, entry.get("city"), join(where, "city"))
            after = whole_number(entry, "claim", where, minimum=0, maximum=len(board.tracks))
            if city == rules.alvin_start:
                raise InvalidInput(join(where, "city"), N_("no Cité may stand in {city}"),
                                   city=city)
            if city in owner:
                raise InvalidInput(join(where, "city"), N_("{city} already has a Cité of {other}"),
                                   city=city, other=owner[city])
            if after == 0:
                _check_start(seat, city, where)
            else:
                _check_placed_after(seat, city, after, claim_of.get(after, (None, None)), where)
            owner[city] = seat.name
            seat.cites.append(Cite(city, after))
    for seat in seats:
        for track in seat.tracks:
            cited = [end for end in track.ends if end in owner]
            if cited and track.id not in seat.claimed:
                raise InvalidInput(seat.written[track.id],
                                   N_("{route} needs its claim number: a Cité stands in {city}"),
                                   route=shown(board, track), city=cited[0])


def _check_start(seat: Seat, city: str, where: str) -> None:
    """Claim 0: the player's starting city (« y compris sa ville de départ »), before any claim."""
    if any(cite.after == 0 for cite in seat.cites):
        raise InvalidInput(join(where, "claim"), N_("{name} has one starting city"),
                           name=seat.name)
    if not any(city in track.ends for track in seat.tracks):
        raise InvalidInput(join(where, "city"), N_("none of {name}'s routes reaches {city}"),
                           name=seat.name, city=city)


def _check_placed_after(seat: Seat, city: str, after: int,
                        claimed: tuple[Seat | None, Track | None], where: str) -> None:
    claimer, route = claimed
    if claimer is not seat or route is None or city not in route.ends:
        raise InvalidInput(join(where, "claim"),
                           N_("a Cité is placed on an end of a route its owner has just "
                              "claimed: {name} claimed no route into {city} as claim "
                              "{claim}"), name=seat.name, city=city, claim=after)


def read_alvin(board: Map, seats: Sequence[Seat]) -> None:
    rules = board.rules.old_west
    assert rules is not None
    holders = []
    for seat in seats:
        # Each capture is a route claimed into Alvin's city: no more captures than routes.
        captures = whole_number(seat.raw, "alvin_captures", seat.path, default=0, minimum=0,
                                maximum=len(seat.tracks))
        holds = flag(seat.raw, "alvin", seat.path, default=False)
        if holds:
            if not captures:
                raise InvalidInput(join(seat.path, "alvin"),
                                   N_("{name} holds Alvin but never captured him"),
                                   name=seat.name)
            holders.append(seat.name)
        seat.bonuses["alvin"] = alvin_points(rules.capture, rules.final, captures, holds)
    if len(holders) > 1:
        raise InvalidInput("players", N_("only one player holds Alvin at the end"))
