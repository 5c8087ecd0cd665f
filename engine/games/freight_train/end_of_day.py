"""The end of a phase, of a round, of a day: who plays next, and the day's pay on the table.

After each action the turn passes on; once the departure card is drawn, the players who have
not played finish the round and the day ends: the bank pays for the trains and the yards (see
`tally` for how much); the trains and the main yard go back into the deck at the next day's
shuffle.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import DAYS, MIXED
from .state import DayTally, FreightTrainState, Phase
from .tally import pay_day, settle, unpaid_types


def end_phase(state: FreightTrainState) -> FreightTrainState:
    """The turn passes on: to the next player, to the next round, or after the departure card
    to those still to play and then to the end of the day."""
    state = replace(state, refilled_this_phase=False)
    if state.departure_drawn:
        if not state.still_to_play:
            return _end_day(state)
        return replace(state, current=state.still_to_play[0], still_to_play=state.still_to_play[1:])
    following = state.order.next_seat(state.current)
    if following != state.round_first:
        return replace(state, current=following)
    first = state.order.next_round_first(
        state.round_first, state.current, state.settings.turn_sequence
    )
    return replace(state, round=state.round + 1, round_first=first, current=first)


def _trains(state: FreightTrainState) -> dict[str, dict[str, int]]:
    """Each seat's train lengths by key (a wagon type, or "mixed")."""
    return {str(seat): {**p.trains, **({MIXED: len(p.mixed)} if p.mixed else {})}
            for seat, p in enumerate(state.players)}


def day_earnings(state: FreightTrainState) -> tuple[dict[str, int], ...]:
    """What the trains and yards on the table would earn if the day ended now."""
    trains = _trains(state)
    yards = {str(seat): p.yard_size() for seat, p in enumerate(state.players)}
    earned = pay_day(trains, yards, state.day, state.settings.mixed_train_scores,
                     state.settings.tie_for_second_cancels_type)
    return tuple(
        settle(p.tokens, earned[str(seat)], state.settings.tokens_below_zero)
        for seat, p in enumerate(state.players)
    )


def nobody_scored(state: FreightTrainState) -> dict[str, tuple[str, ...]]:
    """The types whose trains paid nobody at the end of the day, by why (`unpaid_types`):
    read after the day's tally, as the trains stay on the table until the next shuffle."""
    return unpaid_types(_trains(state), state.settings.mixed_train_scores,
                        state.settings.tie_for_second_cancels_type)


def _end_day(state: FreightTrainState) -> FreightTrainState:
    """Step 3-4: the trains leave and the bank pays for them and for the yards.

    The wagons stay where they are, for the table to see, until the next day's shuffle.
    """
    paid = day_earnings(state)
    players = tuple(
        replace(player, tokens=player.tokens + sum(tokens.values()))
        for player, tokens in zip(state.players, paid)
    )
    first = state.order.next_round_first(
        state.round_first, state.current, state.settings.turn_sequence
    )
    return replace(
        state,
        players=players,
        bank=state.bank - sum(sum(tokens.values()) for tokens in paid),
        tallies=state.tallies + (DayTally(state.day, paid),),
        phase=Phase.OVER if state.day == DAYS else Phase.DEAL,
        day=state.day if state.day == DAYS else state.day + 1,
        round=1,
        round_first=first,
        current=first,
        last_of_previous_day=state.current,
        departure_drawn=False,
        still_to_play=(),
    )


def cards_to_shuffle(state: FreightTrainState) -> tuple[str, ...]:
    """Step 5 and the next day's step 1: trains and the main yard go back into the deck."""
    returned = list(state.deck) + [card for lane in state.main_yard for card in lane]
    for player in state.players:
        returned += [wagon for wagon, length in player.trains.items() for _ in range(length)]
        returned += player.mixed
    return tuple(sorted(returned))
