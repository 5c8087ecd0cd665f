"""What Ticket to Ride shows every player before its end (see `companion.publish.public_facts`
for what the rules text keeps hidden)."""

from __future__ import annotations

from companion.games.public import Shown, moves


def shown() -> Shown:
    return Shown(
        categories=frozenset({
            "routes", "longest", "mountains", "stations", "stocks", "meeples", "merchandise",
            "tolls", "loans", "depots", "countries", "alvin"}),
        moves=moves(
            deal=(), reshuffle=("pile",), replace_face_up=(),
            draw_card=("index", "card", "pile"), take_ferry_card=(), place_depot=("city",),
            store_card=("owner",), take_warehouse=("owner",), draw_tickets=(),
            keep_tickets=(),
            claim_route=("track", "cards", "company", "meeples", "start", "cite",
                         "cite_cards", "alvin_to", "shared"),
            reveal_tunnel=("cards",), pay_tunnel=("cards", "shared"),
            build_station=("city", "cards", "shared"), place_passenger=("city",),
            move_passenger=("start", "stops", "cards"), exchange_pieces=("give", "count"),
            pass_=()),
        # A face-up card taken is seen by all; one drawn blind (index -1) is not.
        shown_if={("draw-card", "card"): lambda move: int(move.get("index", -1)) >= 0})
