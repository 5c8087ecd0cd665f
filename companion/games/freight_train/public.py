"""What Freight Train shows every player before its end (see `companion.publish.public_facts`
for what the rules text keeps hidden)."""

from __future__ import annotations

from companion.games.public import Shown, moves


def shown() -> Shown:
    from engine.games.freight_train.cards import MIXED, WAGON_TYPES

    return Shown(
        categories=frozenset({"start", "yard", "rearranging", MIXED, *WAGON_TYPES}),
        moves=moves(
            start_day=("main_yard", "yards"), refill_lane=("lane", "drawn", "checked"),
            take_from_main_yard=("lanes", "wagons", "targets", "entry_order"),
            move_from_yard=("tracks", "wagons", "targets"), rearrange=("yard",),
            bring_locomotive=()))
