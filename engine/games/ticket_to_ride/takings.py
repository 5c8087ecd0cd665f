"""What a claim takes besides the route, where the claiming player chooses: a share
(Pennsylvania), passenger meeples (Germany). Checked when the route is claimed, taken when its
trains are placed (after a tunnel's extra cards), scored at the end by the tally's own code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .board import Map, Track
from .live_meeples import NONE, check_meeples, meeple_fields, meeple_options
from .live_stocks import share_fields, share_number, share_options
from .scoring import Holding
from .seat import Seat
from .state import Player, Takings
from .tally_variants import variant_bonuses


def check_takings(board: Map, players: Sequence[Player], track: Track, company: str,
                  meeples: Sequence[str]) -> Takings:
    """The claim's choices made sure of (IllegalEvent naming what is wrong)."""
    number = share_number(board.rules.stocks, players, track, company)
    return Takings(company, number, check_meeples(board.rules, players, track, meeples))


def collect(player: Player, takings: Takings) -> Player:
    """The player once the route is theirs: the share and the meeples in front of them."""
    shares = player.shares
    if takings.share:
        shares += ((takings.company, takings.share),)
    meeples = tuple(sorted(player.meeples + tuple(c for c in takings.meeples if c != NONE)))
    return replace(player, shares=shares, meeples=meeples)


def random_takings(board: Map, players: Sequence[Player], track: Track, rng: random.Random
                   ) -> dict[str, Any]:
    """Random legal choices for a claim, as ClaimRoute fields (nothing drawn on maps without
    them, so the other maps' random games stay the same). A share is always taken when one is
    left, as at the table: it never costs anything."""
    found: dict[str, Any] = {}
    companies = share_options(board.rules.stocks, players, track)
    if companies:
        found["company"] = rng.choice(companies)
    if board.rules.meeples is not None:
        meeples: list[str] = []
        for _ in track.ends:
            meeples.append(rng.choice(meeple_options(board.rules, players, meeples)))
        found["meeples"] = tuple(meeples)
    return found


def table_fields(board: Map, player: Player) -> dict[str, Any]:
    """The player's fields of the final table for these rules, as `companion tally` reads them."""
    fields: dict[str, Any] = {}
    if board.rules.stocks is not None:
        fields["shares"] = share_fields(player)
    if board.rules.meeples is not None:
        fields["meeples"] = meeple_fields(player)
    return fields


def with_takings(board: Map, players: Sequence[Player], held: Sequence[Holding]
                 ) -> list[Holding]:
    """The holdings with the bonuses of these rules, scored by the tally's own code."""
    if board.rules.stocks is None and board.rules.meeples is None:
        return list(held)
    seats = [Seat(h.name, f"players[{n}]", table_fields(board, p), tracks=list(h.tracks))
             for n, (h, p) in enumerate(zip(held, players))]
    variant_bonuses(board, seats, {})
    return [replace(h, bonuses={**h.bonuses, **seat.bonuses}) for h, seat in zip(held, seats)]
