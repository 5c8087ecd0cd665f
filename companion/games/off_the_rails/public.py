"""What Off the Rails shows every player before its end (see `companion.publish.public_facts`
for what the rules text keeps hidden)."""

from __future__ import annotations

from companion.games.public import Shown, moves


def shown() -> Shown:
    return Shown(
        categories=frozenset({"carts", "missions"}),
        moves=moves(
            setup=("opening",), draw_deposit=("card", "stones"), refill=(),
            take_actions=("actions",), move_carts=("home", "derailed"), validate_mission=(),
            reveal_cave_in=("card",), draw_cave_in_token=("mine", "roll"),
            place_cave_in=("crushed",)))
