"""A random but legal Whistle Stop table, driven by a seeded generator."""

from __future__ import annotations

import random

from .components import COAL, EAST_COAST_STATIONS, MOVES_PER_TURN, WHISTLE
from .events import (
    BuyUpgrade,
    EndTurn,
    GainFame,
    GainTokens,
    HandOut,
    Move,
    PlaceTrain,
    TakeShare,
    WhistleStopEvent,
)
from .rules import can_move
from .state import Phase, WhistleStopState

#: The simulated companies and how many shares each has.
COMPANIES = ("red", "blue", "green", "yellow", "black")
SHARES_PER_COMPANY = 8
#: Chance that a move brings the train onto the resource track.
ARRIVAL_CHANCE = 0.12


def random_event(state: WhistleStopState, rng: random.Random) -> WhistleStopEvent:
    """A legal event for the player whose turn it is."""
    if state.phase is Phase.PLACEMENT:
        free = [i + 1 for i in range(EAST_COAST_STATIONS) if state.stations[i] < 0]
        return PlaceTrain(rng.choice(free))
    if not state.handed_out:
        return HandOut()
    player = state.player()
    roll = rng.random()
    if can_move(state) and roll < 0.6 and (state.moves < MOVES_PER_TURN - 1 or roll < 0.4):
        tokens = [token for token in (COAL, WHISTLE) if player.held(token)]
        return Move(rng.choice(tokens), arrived=rng.random() < ARRIVAL_CHANCE)
    if roll < 0.66:
        share = _free_share(state, rng)
        if share is not None:
            return share
    if roll < 0.72:
        return GainTokens(coal=rng.randint(0, 2), whistles=1)
    if roll < 0.78:
        return GainFame(rng.randint(1, 12))
    if roll < 0.84 and state.upgrades_bought < 2:
        upgrade = _upgrade(state, rng)
        if upgrade is not None:
            return upgrade
    return EndTurn()


def _free_share(state: WhistleStopState, rng: random.Random) -> TakeShare | None:
    taken = {(share.company, share.number) for p in state.players for share in p.shares}
    free = [
        (company, number)
        for company in COMPANIES
        for number in range(1, SHARES_PER_COMPANY + 1)
        if (company, number) not in taken
    ]
    return TakeShare(*rng.choice(free)) if free else None


def _upgrade(state: WhistleStopState, rng: random.Random) -> BuyUpgrade | None:
    if len(state.player().upgrades) >= state.settings.upgrade_slots:
        return None
    sellers = [
        seat for seat, p in enumerate(state.players) if seat != state.current and p.upgrades
    ]
    if sellers and rng.random() < 0.3:
        seat = rng.choice(sellers)
        return BuyUpgrade(rng.choice(state.players[seat].upgrades), from_seat=seat)
    return BuyUpgrade(rng.randint(1, 6))
