"""The variant fields of a described table: shares, depots, meeples, merchandise, tolls, cards.

Each is read only where the map (or, for depots, the table) uses it, and bounded by what the
game can hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import N_, InvalidInput
from ...table_input import items, join, obj, whole_number
from .board import Map
from .bonuses import meeple_points, most_bonus
from .marklin import too_many_tokens
from .old_west import read_alvin, read_cites
from .seat import Seat
from .stocks import DUMMY, stock_points
from .tolls import toll_bonus

#: Europe 1912 depots, "compatibles avec n'importe quel plateau": 5 each, 10 for the most left.
DEPOTS_EACH = 5
DEPOT_BONUS = 10

#: Player fields that only some maps accept, and the map rule they need.
_VARIANT_FIELDS = {
    "shares": "stocks", "cities": "old_west", "alvin_captures": "old_west", "alvin": "old_west",
    "meeples": "meeples", "merchandise": "merchandise", "toll_tokens": "tolls", "loans": "tolls",
    "country_cards": "country_cards", "members": "team_size",
}  # fmt: skip


def variant_bonuses(board: Map, seats: Sequence[Seat], data: Mapping[str, Any]) -> None:
    rules = board.rules
    for seat in seats:
        for key, rule in _VARIANT_FIELDS.items():
            if key in seat.raw and not getattr(rules, rule):
                left_off = [missing for missing in board.missing if missing.rule == rule]
                if left_off:  # the Netherlands' tolls, before their values are entered
                    raise InvalidInput(join(seat.path, key), N_(
                        "the tolls of {map} are off: {count} values no source gives are "
                        "missing; give its map with them"),
                        map=board.title, count=left_off[0].count)
                raise InvalidInput(join(seat.path, key), N_("{map} does not use {key}"),
                                   map=board.title, key=key)
    if "dummy_shares" in data and rules.stocks is None:
        raise InvalidInput("dummy_shares", N_("{map} does not use {key}"), map=board.title,
                           key="dummy_shares")
    if rules.stocks is not None:
        holdings = {s.name: _shares(board, s.raw.get("shares", {}), join(s.path, "shares"))
                    for s in seats}
        if "dummy_shares" in data:
            holdings[DUMMY] = _shares(board, data["dummy_shares"], "dummy_shares")
        _check_share_numbers(holdings)
        _add(seats, "stocks", stock_points(rules.stocks, holdings))
    if rules.old_west is not None:
        read_cites(board, seats)
        read_alvin(board, seats)
    _depots(board, seats)
    if rules.meeples is not None:
        # A claim picks up at most one meeple in each of the two places it connects.
        held = {s.name: _meeples(s) for s in seats}
        _add(seats, "meeples", meeple_points(rules.meeples[0], rules.meeples[1], held))
    if rules.merchandise is not None:
        collected = {s.name: _merchandise(s) for s in seats}
        too_many = too_many_tokens(rules.merchandise,
                                   [v for values in collected.values() for v in values])
        if too_many is not None:
            raise InvalidInput("players", N_("more merchandise tokens worth {value} than the game"
                                             " has"), value=too_many)
        _add(seats, "merchandise", {name: sum(values) for name, values in collected.items()})
    if rules.tolls is not None:
        names = [s.name for s in seats]
        # A loan pays for one route: no more loans than routes.
        loans = {s.name: whole_number(s.raw, "loans", s.path, default=0, minimum=0,
                                      maximum=len(s.tracks)) for s in seats}
        # The players' tokens, and what the bank pays owners for the others' loans.
        most = rules.tolls.tokens * len(seats) + max(
            (t.toll for t in board.tracks), default=0) * sum(loans.values())
        tokens = {s.name: whole_number(s.raw, "toll_tokens", s.path, minimum=0, maximum=most)
                  for s in seats}
        _add(seats, "tolls", toll_bonus(rules.tolls.bonus_for(len(seats)), tokens,
                                        {name for name in names if loans[name]}))
        _add(seats, "loans", {name: rules.tolls.loan * loans[name] for name in names})
    if rules.country_cards:
        _country_cards(board, seats)


def _depots(board: Map, seats: Sequence[Seat]) -> None:
    """Depots are in play when the map says so, or when the table gives any player's depots."""
    rules = board.rules
    given = [s for s in seats if "depots" in s.raw]
    if not rules.depots and not given:
        return
    each = rules.depots or DEPOTS_EACH
    bonus = rules.depot_bonus if rules.depots else DEPOT_BONUS
    left = {}
    for seat in seats:
        if "depots" not in seat.raw:
            raise InvalidInput(join(seat.path, "depots"),
                               N_("depots are in play: give every player's depots left (0 to "
                                  "{count})"), count=each)
        left[seat.name] = whole_number(seat.raw, "depots", seat.path, minimum=0, maximum=each)
    _add(seats, "depots", most_bonus(bonus, left))


def _add(seats: Sequence[Seat], key: str, points: Mapping[str, int]) -> None:
    for seat in seats:
        seat.bonuses[key] = points.get(seat.name, 0)


def _meeples(seat: Seat) -> dict[str, int]:
    where = join(seat.path, "meeples")
    table = obj(seat.raw.get("meeples", {}), where)
    counts = {key: whole_number(table, key, where, minimum=0) for key in table}
    most = 2 * len(seat.tracks)
    if sum(counts.values()) > most:
        raise InvalidInput(where, N_("{count} meeples from {routes} routes: a route picks up one "
                                     "meeple at most in each of its two places"),
                           count=sum(counts.values()), routes=len(seat.tracks))
    return counts


def _merchandise(seat: Seat) -> list[int]:
    """Märklin: the token values a player took. A passenger is placed on claiming a route
    ("Lorsqu'un joueur prend une route, il peut poser un de ses 3 passagers"): a player with no
    route had none to take tokens."""
    values = _values(seat.raw, "merchandise", seat.path)
    if values and not seat.tracks:
        raise InvalidInput(join(seat.path, "merchandise"),
                           N_("{name} has no route, so no passenger to take merchandise: give "
                              "{name}'s routes, or no tokens"), name=seat.name)
    return values


def _values(raw: Mapping[str, Any], key: str, path: str) -> list[int]:
    values = items(raw, key, path, default=[])
    for number, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInput(join(join(path, key), number), N_("must be a token's value"))
    return values


def _shares(board: Map, raw: Any, where: str) -> dict[str, list[int]]:
    assert board.rules.stocks is not None
    table = obj(raw, where)
    shares = {}
    known = {name for name, _, _ in board.rules.stocks.companies}
    for company in table:
        if company not in known:
            raise InvalidInput(join(where, company), N_("unknown company {company!r}"),
                               company=company)
        numbers = _values(table, company, where)
        limit = board.rules.stocks.shares(company)
        for number, share in enumerate(numbers):
            if share > limit:
                raise InvalidInput(join(join(where, company), number),
                                   N_("{company} has {count} shares"), company=company,
                                   count=limit)
        shares[company] = numbers
    return shares


def _check_share_numbers(holdings: Mapping[str, Mapping[str, Sequence[int]]]) -> None:
    seen: set[tuple[str, int]] = set()
    for shares in holdings.values():
        for company, numbers in shares.items():
            for share in numbers:
                if (company, share) in seen:
                    raise InvalidInput("players", N_("share {number} of {company} is held twice"),
                                       number=share, company=company)
                seen.add((company, share))


def _country_cards(board: Map, seats: Sequence[Seat]) -> None:
    piles = dict(board.rules.country_cards)
    taken: dict[str, list[int]] = {country: [] for country in piles}
    for seat in seats:
        where = join(seat.path, "country_cards")
        table = obj(seat.raw.get("country_cards", {}), where)
        total = 0
        for spelling in table:
            country = board.place(spelling)
            if country not in piles:
                raise InvalidInput(join(where, spelling), N_("{country} has no country cards"),
                                   country=spelling)
            values = _values(table, spelling, where)
            taken[country] += values
            total += sum(values)
        seat.bonuses["countries"] = total
    for country, values in taken.items():
        top = piles[country][: len(values)]
        if Counter(values) != Counter(top):
            raise InvalidInput("players", N_("the {country} cards taken must be the top of its "
                                             "pile: {values}"), country=country,
                               values=", ".join(map(str, top)))
