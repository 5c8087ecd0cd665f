"""How a game ends once its trigger fires: who still plays, in order.

>>> order = TurnOrder(4)
>>> turns_after_trigger(order, round_first=0, trigger_seat=1, rule=LastRound.FINISH_ROUND)
(2, 3)
>>> turns_after_trigger(order, round_first=0, trigger_seat=1, rule=LastRound.ONE_MORE_TURN_EACH)
(2, 3, 0, 1)
"""

from __future__ import annotations

from enum import Enum

from .seating import TurnOrder


class LastRound(Enum):
    #: The round is finished: players who have not played in it play (Freight Train).
    FINISH_ROUND = "finish-round"
    #: Every player, the one who triggered included, plays one more turn (Ticket to Ride).
    ONE_MORE_TURN_EACH = "one-more-turn-each"
    #: Every player, the one who triggered included, plays two more turns.
    TWO_MORE_TURNS_EACH = "two-more-turns-each"


def turns_after_trigger(
    order: TurnOrder, round_first: int, trigger_seat: int, rule: LastRound
) -> tuple[int, ...]:
    """Seats still to play, in order, once the triggering player's current turn is over."""
    if rule is LastRound.FINISH_ROUND:
        return order.after(round_first, trigger_seat)
    laps = 1 if rule is LastRound.ONE_MORE_TURN_EACH else 2
    start = order.next_seat(trigger_seat)
    return tuple(order.next_seat(start, step) for step in range(laps * order.players))
