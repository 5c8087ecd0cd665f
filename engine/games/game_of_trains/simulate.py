"""A random but legal Game of Trains table, driven by a seeded generator.

The simulated players lean towards moves that put their line in order (else a game of random
moves would hardly end): half of the time they take the option leaving the fewest wagons out
of order, and otherwise any legal one.

The simulated table plays with a box of its own, `SIMULATED_BOX`: each wagon's ability is read
off that box (`LearnAbility`) the first time the card lies face up with its ability unknown.
The box is made up (the real deck's abilities are printed on the cards, not known here): the
eight abilities dealt out at random, once, the same for every simulated game.
"""

from __future__ import annotations

import random

from ...deck import shuffled
from .cards import LINE, POSITIONS, REMOVED_AT, WAGONS, Ability, rearranged
from .events import (
    Deal,
    DrawCard,
    DrawReplacement,
    GameOfTrainsEvent,
    LearnAbility,
    OpeningDraw,
    OpeningKeep,
    Reshuffle,
    UseAbility,
)
from .state import GameOfTrainsState, Phase
from .table import ability_uses

#: How often a simulated player takes its best-looking option rather than any legal one.
GREED = 0.5

#: The abilities printed on the simulated box (index 0 is wagon 1): the eight as evenly as 84
#: cards allow, shuffled once by a generator of its own (no global random).
SIMULATED_BOX: tuple[Ability, ...] = tuple(shuffled(
    [tuple(Ability)[index % len(Ability)] for index in range(len(WAGONS))],
    random.Random("the simulated box of The Game of Trains")))


def deal(state: GameOfTrainsState, rng: random.Random) -> Deal:
    cards = shuffled(WAGONS, rng)
    count = len(state.players)
    lines = tuple(cards[seat * LINE : (seat + 1) * LINE] for seat in range(count))
    return Deal(lines=lines, deck=cards[count * LINE :])


def random_event(state: GameOfTrainsState, rng: random.Random) -> GameOfTrainsEvent:
    """A legal event: the dealer's, an opening draw or keep, the reshuffle, a replacement, or
    the player's action."""
    if state.phase is Phase.DEAL:
        return deal(state, rng)
    if state.unknown_face_up():  # the table reads the card before anything else
        card = state.unknown_face_up()[0]
        return LearnAbility(card, SIMULATED_BOX[card - 1])
    if state.phase is Phase.OPENING_DRAW:
        return OpeningDraw(state.current, state.deck[: state.opening_draws()])
    if state.phase is Phase.OPENING_KEEP:
        keeps: list[GameOfTrainsEvent] = [
            OpeningKeep(state.current, card, position)
            for card in state.player().drawn for position in POSITIONS
        ]
        return _choose(state, keeps, rng)
    if state.needs_reshuffle():
        return Reshuffle(shuffled(state.discard, rng))
    if state.refilling:
        return DrawReplacement(state.deck[0])
    options: list[GameOfTrainsEvent] = [DrawCard(state.deck[0], p) for p in POSITIONS]
    options += ability_uses(state)
    return _choose(state, options, rng)


def _choose(state: GameOfTrainsState, options: list[GameOfTrainsEvent],
            rng: random.Random) -> GameOfTrainsEvent:
    """Now and then the best-looking option, otherwise any."""
    if rng.random() < GREED:
        best = min(_disorder(state, option) for option in options)
        options = [option for option in options if _disorder(state, option) == best]
    return rng.choice(options)


def _disorder(state: GameOfTrainsState, option: GameOfTrainsEvent) -> int:
    """Pairs of the player's wagons out of order after `option` (a removal counts as 1)."""
    line = state.player().line
    if isinstance(option, (DrawCard, OpeningKeep)):
        line = line[: option.position - 1] + (option.card,) + line[option.position :]
    elif isinstance(option, UseAbility):
        ability = state.ability(option.card)
        if ability is None or ability in REMOVED_AT:
            return _inversions(line)
        line = rearranged(line, ability, option.position)
    return _inversions(line)


def _inversions(line: tuple[int, ...]) -> int:
    return sum(1 for i, a in enumerate(line) for b in line[i + 1 :] if a > b)
