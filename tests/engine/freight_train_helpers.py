"""Building Freight Train positions by hand for rule tests."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.games.freight_train.cards import DEPARTURE, wagon_deck
from engine.games.freight_train.events import StartDay
from engine.games.freight_train.rules import apply, new_game
from engine.games.freight_train.state import FreightTrainState, Player

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def lanes(*cards: str) -> tuple[tuple[str, ...], ...]:
    """Five lanes from 25 card names given lane by lane."""
    assert len(cards) == 25
    return tuple(tuple(cards[i * 5 : i * 5 + 5]) for i in range(5))


def started(names: tuple[str, ...] = NAMES, first: int = 0) -> FreightTrainState:
    """Day 1 under way with a sorted (predictable) layout and the departure card deep down."""
    state = new_game(names, first=first)
    pool = list(state.deck)
    main = lanes(*pool[:25])
    rest = pool[25:]
    yards = []
    for _ in names:
        yards.append((tuple(rest[:6]), tuple(rest[6:12])))
        rest = rest[12:]
    deck = tuple(rest[: len(rest) - 1]) + (DEPARTURE, rest[-1])
    return apply(state, StartDay(main_yard=main, deck=deck, yards=tuple(yards)))


def with_player(state: FreightTrainState, seat: int, **changes: object) -> FreightTrainState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
    return replace(state, players=tuple(players))


def all_cards(state: FreightTrainState) -> Counter[str]:
    """Every wagon card wherever it is, for conservation checks."""
    seen: Counter[str] = Counter()
    for lane in state.main_yard:
        seen.update(lane)
    seen.update(card for card in state.deck if card != DEPARTURE)
    for player in state.players:
        seen.update(player.yard[0] + player.yard[1])
        seen.update(player.trains)
        seen.update(player.mixed)
    return seen


def expected_cards(state: FreightTrainState) -> Counter[str]:
    return wagon_deck(len(state.players), state.settings.wagon_types)


def player_of(state: FreightTrainState, seat: int) -> Player:
    return state.players[seat]
