"""What The Game of Trains shows every player before its end (see `companion.publish.public_facts`
for what the rules text keeps hidden)."""

from __future__ import annotations

from companion.games.public import Shown, moves


def shown() -> Shown:
    from engine.games.game_of_trains.cards import UNSEEN as UNSEEN_WAGON

    return Shown(
        categories=frozenset({"ascending"}),
        moves=moves(
            deal=("lines",), opening_draw=("seat",), opening_keep=("seat", "card", "position"),
            draw_card=("card", "position"), use_ability=("card", "position"),
            draw_replacement=("card",), reshuffle=(), learn_ability=("card", "ability")),
        unseen=UNSEEN_WAGON)
