"""A random but legal player and dealer for Freight Train, driven by a seeded generator."""

from __future__ import annotations

import random

from ...deck import shuffled, shuffled_with_trigger
from .cards import DEALT_TO_YARD, DEPARTURE, LANE_SPACES, LANES, TRACK_SPACES
from .end_of_day import cards_to_shuffle
from .events import (
    BringLocomotive,
    FreightTrainEvent,
    MoveFromYard,
    Rearrange,
    RefillLane,
    StartDay,
    TakeFromMainYard,
)  # fmt: skip
from .rules import DEPARTURE_PLACEMENT, can_refill, cards_for_refill
from .state import YARD_TARGETS, FreightTrainState, Phase, Player
from .trains import legal_targets, place_wagon

#: How often a simulated player refills a lane when allowed (always when it must to take).
REFILL_CHANCE = 0.7


def deal(state: FreightTrainState, rng: random.Random) -> StartDay:
    """Shuffle the pool, lay 25 cards, deal the yards on day 1, hide the departure card."""
    cards = list(shuffled(cards_to_shuffle(state), rng))
    main_yard = tuple(
        tuple(cards[lane * LANE_SPACES : (lane + 1) * LANE_SPACES]) for lane in range(LANES)
    )
    cards = cards[LANES * LANE_SPACES :]
    yards: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    if state.day == 1:
        half = DEALT_TO_YARD // 2
        for _ in state.players:
            yards.append((tuple(cards[:half]), tuple(cards[half:DEALT_TO_YARD])))
            cards = cards[DEALT_TO_YARD:]
    deck = shuffled_with_trigger(cards, DEPARTURE, DEPARTURE_PLACEMENT[state.day], rng)
    return StartDay(main_yard=main_yard, deck=deck, yards=tuple(yards))


def random_event(state: FreightTrainState, rng: random.Random) -> FreightTrainEvent:
    """A legal event: the dealer's when a day starts, else the current player's choice."""
    if state.phase is Phase.DEAL:
        return deal(state, rng)
    if can_refill(state) and (state.wagons_in_main_yard() < 3 or rng.random() < REFILL_CHANCE):
        lane = rng.choice(state.empty_lanes())
        return RefillLane(lane, state.deck[: cards_for_refill(state.deck)])
    choices = [_take, _move, _take, _move, _bring]
    rng.shuffle(choices)
    for choose in choices:
        event = choose(state, rng)
        if event is not None:
            return event
    return Rearrange(_rearranged(state.player(), rng))


def _take(state: FreightTrainState, rng: random.Random) -> FreightTrainEvent | None:
    if state.wagons_in_main_yard() < 3:
        return None
    lanes = [list(lane) for lane in state.main_yard]
    player = state.player()
    picks: list[int] = []
    wagons: list[str] = []
    targets: list[str] = []
    for _ in range(3):
        lane = rng.choice([index for index, cards in enumerate(lanes) if cards])
        wagon = lanes[lane].pop(0)
        options = legal_targets(player, wagon)
        if not options:
            return None
        target = rng.choice(options)
        player = place_wagon(player, wagon, target)
        picks.append(lane)
        wagons.append(wagon)
        targets.append(target)
    # The player chooses the order the wagons enter the yard, whatever the order of the take.
    taken_order = [index for index, target in enumerate(targets) if target in YARD_TARGETS]
    entries = list(taken_order)
    rng.shuffle(entries)
    entry_order = tuple(entries) if entries != taken_order else ()
    return TakeFromMainYard(tuple(picks), tuple(wagons), tuple(targets), entry_order)


def _move(state: FreightTrainState, rng: random.Random) -> FreightTrainEvent | None:
    player = state.player()
    tracks = [list(track) for track in player.yard]
    wanted = rng.randint(1, 4)
    picks: list[int] = []
    wagons: list[str] = []
    targets: list[str] = []
    while len(picks) < wanted:
        movable = [
            index for index, track in enumerate(tracks)
            if track and legal_targets(player, track[0], into_yard=False)
        ]  # fmt: skip
        if not movable:
            break
        track = rng.choice(movable)
        wagon = tracks[track].pop(0)
        target = rng.choice(legal_targets(player, wagon, into_yard=False))
        player = place_wagon(player, wagon, target)
        picks.append(track)
        wagons.append(wagon)
        targets.append(target)
    if not picks:
        return None
    return MoveFromYard(tuple(picks), tuple(wagons), tuple(targets))


def _bring(state: FreightTrainState, rng: random.Random) -> FreightTrainEvent | None:
    if state.day < 3 and not state.player().brought_locomotive_today:
        return BringLocomotive()
    return None


def _rearranged(player: Player, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """With nothing else to do: the rearrangement that frees a wagon stuck behind others,
    when a token can pay for it (a pass would leave the yard blocked, and two blocked players
    who have spent their tokens could only pass for ever); else mostly a pass, sometimes a
    real rearrangement when a token can pay for it."""
    if player.tokens >= 1:
        freed = _freed(player, rng)
        if freed is not None:
            return freed
    if player.tokens < 1 or rng.random() < 0.5:
        return player.yard
    cards = [card for track in player.yard for card in track]
    rng.shuffle(cards)
    split = rng.randint(max(0, len(cards) - TRACK_SPACES), min(len(cards), TRACK_SPACES))
    return (tuple(cards[:split]), tuple(cards[split:]))


def _freed(player: Player, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The yard with a wagon that could leave it, now behind others, moved to the open end
    of the first track (the tracks keep their lengths); None when no wagon could leave."""
    cards = [card for track in player.yard for card in track]
    leaving = [index for index, card in enumerate(cards)
               if legal_targets(player, card, into_yard=False)]
    if not leaving:
        return None
    cards.insert(0, cards.pop(rng.choice(leaving)))
    split = len(player.yard[0])
    return (tuple(cards[:split]), tuple(cards[split:]))
