"""What a claim takes besides the route, where the claiming player chooses: a share
(Pennsylvania), passenger meeples (Germany), a starting city, a Cité and Alvin (Old West).
Checked when the route is claimed, taken when its trains are placed (after a tunnel's extra
cards), scored at the end by the tally's own code.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...frozen import evolve
from .board import Track
from .events import ClaimRoute
from .live_meeples import NONE, check_meeples, meeple_fields, meeple_options
from .live_old_west import (
    alvin_options,
    check_old_west,
    cite_options,
    cite_payment,
    old_west_fields,
    settle_old_west,
    start_options,
)  # fmt: skip
from .live_stocks import share_fields, share_number, share_options
from .live_teams import usable_cards
from .payment import check_in_hand
from .state import Takings, TicketToRideState

#: How often a simulated player places a Cité when one may be placed and paid for.
CITE_CHANCE = 0.5


def check_takings(state: TicketToRideState, track: Track, event: ClaimRoute) -> Takings:
    """The claim's choices made sure of (IllegalEvent naming what is wrong)."""
    board, players = state.board, state.players
    number = share_number(board.rules.stocks, players, track, event.company)
    meeples = check_meeples(board.rules, players, track, event.meeples)
    check_old_west(state, track, event.start, event.cite, event.cite_cards, event.alvin_to)
    check_in_hand(usable_cards(state), event.cards + event.cite_cards)
    return Takings(event.company, number, meeples, event.start, event.cite, event.cite_cards,
                   event.alvin_to)


def collect(state: TicketToRideState, track: Track, takings: Takings) -> TicketToRideState:
    """The table once the route is the current player's: the share and the meeples in front
    of them, the Old West pieces placed and scored."""
    player = state.player()
    shares = player.shares
    if takings.share:
        shares += ((takings.company, takings.share),)
    meeples = tuple(sorted(player.meeples + tuple(c for c in takings.meeples if c != NONE)))
    player = evolve(player, shares=shares, meeples=meeples)
    seat = state.current
    state = evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])
    return settle_old_west(state, track, takings)


def random_takings(state: TicketToRideState, track: Track, cards: tuple[str, ...],
                   rng: random.Random) -> dict[str, Any]:
    """Random legal choices for a claim paid with `cards`, as ClaimRoute fields (nothing drawn
    on maps without them, so the other maps' random games stay the same). A share is always
    taken when one is left, as at the table: it never costs anything."""
    board, players = state.board, state.players
    found: dict[str, Any] = {}
    companies = share_options(board.rules.stocks, players, track)
    if companies:
        found["company"] = rng.choice(companies)
    if board.rules.meeples is not None:
        meeples: list[str] = []
        for _ in track.ends:
            meeples.append(rng.choice(meeple_options(board.rules, players, meeples)))
        found["meeples"] = tuple(meeples)
    rules = board.rules.old_west
    if rules is not None:
        starts = start_options(state, track)
        start = found["start"] = rng.choice(starts) if starts else ""
        left = Counter(usable_cards(state))
        left.subtract(cards)
        payment = cite_payment(list(left.elements()), rules.city_cards)
        cites = cite_options(state, track, start)
        cite = ""
        if cites and payment is not None and rng.random() < CITE_CHANCE:
            cite = found["cite"] = rng.choice(cites)
            found["cite_cards"] = payment
        targets = alvin_options(state, track, start, cite)
        if targets:
            found["alvin_to"] = rng.choice(targets)
    return found


def table_fields(state: TicketToRideState, seats: Sequence[int]) -> dict[str, Any]:
    """The fields of the final table's entry of `seats` (a player, or a team: its members'
    takings together) for these rules, as `companion tally` reads them (Old West routes also
    carry their claim numbers: `route_claims`)."""
    board = state.board
    members = [state.players[seat] for seat in seats]
    fields: dict[str, Any] = {}
    if board.rules.stocks is not None:
        fields["shares"] = share_fields(members)
    if board.rules.meeples is not None:
        fields["meeples"] = meeple_fields(members)
    if board.rules.old_west is not None:
        fields.update(old_west_fields(state, seats))
    return fields
