"""What Whistle Stop shows every player before its end (see `companion.publish.public_facts`
for what the rules text keeps hidden)."""

from __future__ import annotations

from companion.games.public import Shown, moves


def shown() -> Shown:
    return Shown(
        categories=frozenset({
            "fame", "shares", "upgrades", "gold", "resources", "tokens", "special_tiles"}),
        moves=moves(
            place_train=("station",), hand_out=(), move=("token", "arrived"),
            take_share=("company", "number"), gain_tokens=("coal", "whistles"),
            gain_fame=("points",), buy_upgrade=("stars", "from_seat"), end_turn=()))
