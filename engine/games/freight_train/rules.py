"""Freight Train (Train de marchandises), Alan R. Moon, 1993: the rules as events.

Read top to bottom like the rulebook: setup and the start of each day, a player's phase (the
optional lane refill, then one of the four actions), the winner. Forming trains is in `trains`;
the end of a phase, of a round and of a day in `end_of_day`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...deck import BottomPart, trigger_in_place
from ...errors import N_, IllegalEvent
from ...game import PlayerScore, TallyResult, most
from ...rulebook import rule_for, settings_of
from ...unseen import reveal, same_cards
from .cards import (
    DAYS,
    DEALT_TO_YARD,
    DEPARTURE,
    LANE_SPACES,
    LANES,
    LOCOMOTIVES,
    MOVE_FROM_YARD,
    STARTING_TOKENS,
    TAKE_FROM_MAIN_YARD,
    TRACK_SPACES,
    UNKNOWN,
    check_wagon_types,
    wagon_deck,
)  # fmt: skip
from .end_of_day import cards_to_shuffle, end_phase
from .events import (
    BringLocomotive,
    FreightTrainEvent,
    MoveFromYard,
    Rearrange,
    RefillLane,
    StartDay,
    TakeFromMainYard,
)  # fmt: skip
from .state import YARD_TARGETS, FreightTrainState, Phase, Player, Settings
from .trains import place_wagon

#: "Réarranger sa zone de fret coûte toujours 1 jeton."
REARRANGE_COST = 1

#: Where the departure card is hidden each day: the bottom half, third, then quarter.
DEPARTURE_PLACEMENT = {1: BottomPart(2), 2: BottomPart(3), 3: BottomPart(4)}

Yard = tuple[tuple[str, ...], tuple[str, ...]]


# --- Setup -------------------------------------------------------------------------------------


def new_game(
    names: Sequence[str], settings: Settings | Mapping[str, Any] | None = None, first: int = 0
) -> FreightTrainState:
    """A table of 2 to 5 players, before the first shuffle; `first` holds the first-player token.

    `settings` may also be given in its JSON form, as stored in the journal.
    """
    if len(names) not in LOCOMOTIVES:
        raise IllegalEvent(N_("Freight Train is for 2 to 5 players"))
    if not 0 <= first < len(names):
        raise IllegalEvent(N_("The first player must be one of the players"))
    chosen = settings_of(Settings, settings)
    check_wagon_types(chosen.wagon_types, len(names))
    players = tuple(
        Player(name=name, tokens=STARTING_TOKENS, locomotives=LOCOMOTIVES[len(names)])
        for name in names
    )
    pool = wagon_deck(len(names), chosen.wagon_types)
    return FreightTrainState(
        settings=chosen,
        players=players,
        round_first=first,
        current=first,
        deck=tuple(sorted(pool.elements())),
        bank=-STARTING_TOKENS * len(names),
    )



def _start_day(state: FreightTrainState, event: StartDay) -> FreightTrainState:
    """Shuffle, fill the 25 spaces, deal 12 to each yard (day 1), hide the departure card."""
    if state.phase is not Phase.DEAL:
        raise IllegalEvent(N_("The day has already started"))
    if len(event.main_yard) != LANES or any(len(lane) != LANE_SPACES for lane in event.main_yard):
        raise IllegalEvent(N_("The main yard takes five cards in each of its five lanes"))
    first_day = state.day == 1
    if first_day != bool(event.yards):
        raise IllegalEvent(N_("Yards are dealt on the first day only"))
    if first_day and (
        len(event.yards) != len(state.players)
        or any(len(track) != DEALT_TO_YARD // 2 for yard in event.yards for track in yard)
    ):
        raise IllegalEvent(N_("Each player's yard gets six cards on each track"))
    laid = [card for lane in event.main_yard for card in lane]
    laid += [card for yard in event.yards for track in yard for card in track]
    if DEPARTURE in laid:
        raise IllegalEvent(N_("The departure card goes into the deck"))
    _check_departure_hidden(event.deck, state.day)
    deck_wagons = [card for card in event.deck if card != DEPARTURE]
    if DEPARTURE not in event.deck:
        deck_wagons.remove(UNKNOWN)  # at the table, one unseen card of the deck is the departure
    _check_same_cards(cards_to_shuffle(state), laid + deck_wagons)
    players = tuple(replace(p, trains={}, mixed=()) for p in state.players)
    if first_day:
        players = tuple(replace(p, yard=yard) for p, yard in zip(players, event.yards))
    else:
        players = tuple(
            replace(p, locomotives=p.locomotives + (0 if p.brought_locomotive_today else 1))
            for p in players
        )
    players = tuple(replace(p, brought_locomotive_today=False) for p in players)
    return replace(
        state,
        players=players,
        phase=Phase.PLAY,
        main_yard=tuple(tuple(lane) for lane in event.main_yard),
        deck=event.deck,
        departure_drawn=False,
        still_to_play=(),
        refilled_this_phase=False,
        unseen_cards=state.unseen_cards or UNKNOWN in laid or UNKNOWN in event.deck,
    )


def _check_departure_hidden(deck: tuple[str, ...], day: int) -> None:
    rule = DEPARTURE_PLACEMENT[day]
    if DEPARTURE in deck:
        if not trigger_in_place(deck, DEPARTURE, rule):
            low, high = rule.positions(len(deck) - 1)[0], rule.positions(len(deck) - 1)[-1]
            raise IllegalEvent(
                N_("The departure card must lie between cards {low} and {high} of the deck"),
                low=low + 1, high=high + 1,
            )
    elif UNKNOWN not in deck:
        raise IllegalEvent(N_("The departure card is missing from the deck"))


# --- A player's phase: the optional refill -----------------------------------------------------


#: "Au début de sa phase, si deux voies ou plus sont complètement vides dans la zone de fret
#: principale, alors le joueur a la possibilité de remplir une, et une seule voie": with more
#: wagons than three full lanes hold, two lanes cannot be empty, whichever lanes they are in.
MOST_WAGONS_FOR_REFILL = (LANES - 2) * LANE_SPACES


def can_refill(state: FreightTrainState) -> bool:
    """Two or more empty lanes as recorded, not yet refilled this phase, and cards left to
    draw (a game whose every lane is known: the simulated table)."""
    return refill_possible(state) and len(state.empty_lanes()) >= 2


def refill_possible(state: FreightTrainState) -> bool:
    """A refill may be asked about: not yet refilled this phase, cards left to draw, and few
    enough wagons in the main yard for two lanes to be empty. The count is known for sure;
    which lanes are empty only the players see (`RefillLane.checked`)."""
    return (
        state.phase is Phase.PLAY
        and not state.refilled_this_phase
        and state.wagons_in_main_yard() <= MOST_WAGONS_FOR_REFILL
        and bool(state.deck)
    )


def cards_for_refill(deck: Sequence[str]) -> int:
    """How many cards a refill draws: five wagons, plus the departure card if it comes up."""
    wagons = drawn = 0
    for card in deck:
        drawn += 1
        if card != DEPARTURE:
            wagons += 1
        if wagons == LANE_SPACES:
            break
    return drawn


def _refill_lane(state: FreightTrainState, event: RefillLane) -> FreightTrainState:
    _check_playing(state)
    if state.refilled_this_phase:
        raise IllegalEvent(N_("Only one lane may be refilled in a phase"))
    if event.checked:
        if state.wagons_in_main_yard() > MOST_WAGONS_FOR_REFILL:
            raise IllegalEvent(N_("Two lanes cannot be empty: {count} wagons are in the main "
                                  "yard"), count=state.wagons_in_main_yard())
        state = _lanes_as_checked(state, event.lane)
    elif len(state.empty_lanes()) < 2:
        raise IllegalEvent(N_("A lane may be refilled only when two or more lanes are empty"))
    if event.lane not in state.empty_lanes():
        raise IllegalEvent(N_("Lane {lane} is not empty"), lane=event.lane + 1)
    if not state.deck:
        raise IllegalEvent(N_("The deck is empty"))
    if len(event.drawn) != cards_for_refill(_as_drawn(state.deck, event.drawn)):
        raise IllegalEvent(N_("A refill draws five wagons (the departure card does not count)"))
    drawn = [reveal(seen, said) for seen, said in zip(state.deck, event.drawn)]
    departure = drawn.count(DEPARTURE)
    if departure and state.departure_drawn or departure > 1:
        raise IllegalEvent(N_("The departure card was already drawn today"))
    deck = state.deck[len(drawn) :]
    if not departure and not state.departure_drawn and not _may_hide_departure(deck):
        raise IllegalEvent(N_("The departure card must be among these cards"))
    wagons = tuple(card for card in drawn if card != DEPARTURE)
    state = replace(
        state,
        main_yard=_replace_at(state.main_yard, event.lane, wagons),
        deck=deck,
        refilled_this_phase=True,
    )
    if departure:
        state = _departure(state)
    return state


def _lanes_as_checked(state: FreightTrainState, lane: int) -> FreightTrainState:
    """The players saw `lane` and another lane empty. Where the record of the lanes (a guess
    at the table) says otherwise, the main yard's wagons, in order, fill the other lanes from
    the first, five a lane."""
    if lane in state.empty_lanes() and len(state.empty_lanes()) >= 2 or not 0 <= lane < LANES:
        return state
    wagons = [card for cards in state.main_yard for card in cards]
    others = [index for index in range(LANES) if index != lane]
    lanes: list[tuple[str, ...]] = [()] * LANES
    for place, index in enumerate(others):
        lanes[index] = tuple(wagons[place * LANE_SPACES : (place + 1) * LANE_SPACES])
    return replace(state, main_yard=tuple(lanes))


def _as_drawn(deck: Sequence[str], said: Sequence[str]) -> list[str]:
    """The deck as the table says it was drawn: unknown cards take what was declared."""
    return [said[i] if i < len(said) and card == UNKNOWN else card for i, card in enumerate(deck)]


def _may_hide_departure(deck: Sequence[str]) -> bool:
    return DEPARTURE in deck or UNKNOWN in deck


def _departure(state: FreightTrainState) -> FreightTrainState:
    """End of day, step 1-2: the card is set aside; the players who have not played finish."""
    return replace(
        state,
        departure_drawn=True,
        still_to_play=state.order.after(state.round_first, state.current),
    )


# --- A player's phase: the four actions --------------------------------------------------------


def _take_from_main_yard(state: FreightTrainState, event: TakeFromMainYard) -> FreightTrainState:
    """Exactly three wagons, each from the open end of a lane, into trains or the yard."""
    _check_playing(state)
    if not len(event.lanes) == len(event.wagons) == len(event.targets) == TAKE_FROM_MAIN_YARD:
        raise IllegalEvent(N_("Take exactly three wagons from the main yard"))
    if state.wagons_in_main_yard() < TAKE_FROM_MAIN_YARD:
        raise IllegalEvent(N_("Fewer than three wagons in the main yard: refill a lane first"))
    entries = event.yard_entries()
    into_yard = [index for index, target in enumerate(event.targets) if target in YARD_TARGETS]
    if sorted(entries) != into_yard:
        raise IllegalEvent(N_("The order of entry must list each wagon going into the yard once"))
    lanes = list(state.main_yard)
    player = state.player()
    taken: list[str] = []
    for lane, said, target in zip(event.lanes, event.wagons, event.targets):
        if not 0 <= lane < LANES:
            raise IllegalEvent(N_("There is no lane {lane}"), lane=lane + 1)
        if not lanes[lane]:
            raise IllegalEvent(N_("Lane {lane} is empty"), lane=lane + 1)
        wagon = reveal(lanes[lane][0], said)
        lanes[lane] = lanes[lane][1:]
        taken.append(wagon)
        if target not in YARD_TARGETS:
            player = place_wagon(player, wagon, target)
    # "Il peut placer les wagons dans sa zone de fret dans n'importe quel ordre qu'il souhaite."
    for index in entries:
        player = place_wagon(player, taken[index], event.targets[index])
    return end_phase(replace(state, main_yard=tuple(lanes), players=_with(state, player)))


def _move_from_yard(state: FreightTrainState, event: MoveFromYard) -> FreightTrainState:
    """One to four wagons from the open ends of the player's yard tracks, all into trains."""
    _check_playing(state)
    if not 1 <= len(event.tracks) <= MOVE_FROM_YARD or not (
        len(event.tracks) == len(event.wagons) == len(event.targets)
    ):
        raise IllegalEvent(N_("Move one to four wagons from your yard"))
    player = state.player()
    tracks = list(player.yard)
    for track, said, target in zip(event.tracks, event.wagons, event.targets):
        if track not in (0, 1):
            raise IllegalEvent(N_("Your yard has tracks 1 and 2"))
        if not tracks[track]:
            raise IllegalEvent(N_("Track {track} of your yard is empty"), track=track + 1)
        if target in YARD_TARGETS:
            raise IllegalEvent(N_("Wagons leaving the yard must go into trains"))
        wagon = reveal(tracks[track][0], said)
        tracks[track] = tracks[track][1:]
        player = place_wagon(player, wagon, target)
    player = replace(player, yard=(tracks[0], tracks[1]))
    return end_phase(replace(state, players=_with(state, player)))


def _rearrange(state: FreightTrainState, event: Rearrange) -> FreightTrainState:
    """Lay the yard out again, left-packed, for one token; the same layout is a pass."""
    _check_playing(state)
    player = state.player()
    if len(event.yard) != 2 or any(len(track) > TRACK_SPACES for track in event.yard):
        raise IllegalEvent(N_("A yard has two tracks of at most eight wagons"))
    new_yard: Yard = (tuple(event.yard[0]), tuple(event.yard[1]))
    old = [card for track in player.yard for card in track]
    _check_same_cards(old, [card for track in new_yard for card in track])
    if new_yard != player.yard and not may_rearrange(state, player):
        raise IllegalEvent(N_("No token left to rearrange: you may only pass"))
    cost = pass_cost(state, player)
    player = replace(player, yard=new_yard, tokens=player.tokens - cost)
    state = replace(state, players=_with(state, player), bank=state.bank + cost)
    return end_phase(state)


def may_rearrange(state: FreightTrainState, player: Player) -> bool:
    """Whether `player` may really rearrange: it takes a token they have, or may owe; or the
    table is stuck.

    The rules do not say how a table goes on when nobody can move: yards full, no wagon at
    a track's end able to join a train, no token left to rearrange, every player passing for
    ever. When a whole round has gone by with every player passing, a player without a token
    may rearrange, for nothing (as a pass costs a player without a token nothing).
    """
    return (player.tokens >= REARRANGE_COST or state.settings.tokens_below_zero
            or table_stuck(state))


def table_stuck(state: FreightTrainState) -> bool:
    """Every player passed, one after the other, since the current player's last phase."""
    return state.passes_in_a_row >= len(state.players)


def pass_cost(state: FreightTrainState, player: Player) -> int:
    """What rearranging or passing costs `player` now.

    "Réarranger sa zone de fret coûtera toujours 1 jeton, même si un joueur passe": one
    token, even below zero when the players allow it; without that setting a player with no
    token passes for free (and may not really rearrange unless the table is stuck).
    """
    owes = player.tokens >= REARRANGE_COST or state.settings.tokens_below_zero
    return REARRANGE_COST if owes else 0


def _bring_locomotive(state: FreightTrainState, event: BringLocomotive) -> FreightTrainState:
    """On day 1 or 2, once that day: one more locomotive for a later train."""
    _check_playing(state)
    if state.day == DAYS:
        raise IllegalEvent(N_("Locomotives are brought on days 1 and 2 only"))
    player = state.player()
    if player.brought_locomotive_today:
        raise IllegalEvent(N_("{name} already brought a locomotive today"), name=player.name)
    player = replace(player, locomotives=player.locomotives + 1, brought_locomotive_today=True)
    return end_phase(replace(state, players=_with(state, player)))


# --- The winner --------------------------------------------------------------------------------


def is_over(state: FreightTrainState) -> bool:
    return state.phase is Phase.OVER


def result(state: FreightTrainState) -> TallyResult:
    """Tokens held, broken down: the five to start, each day's trains and yards, rearranging."""
    scores = []
    for seat, player in enumerate(state.players):
        breakdown: Counter[str] = Counter({"start": STARTING_TOKENS})
        for day in state.tallies:
            breakdown.update(day.paid[seat])
        spent = player.tokens - sum(breakdown.values())
        if spent:
            breakdown["rearranging"] = spent
        scores.append(PlayerScore(player.name, player.tokens, dict(breakdown)))
    return TallyResult("freight-train", tuple(scores), most(scores))


# --- Applying an event -------------------------------------------------------------------------

_HANDLERS: dict[type[Any], Callable[[FreightTrainState, Any], FreightTrainState]] = {
    StartDay: _start_day,
    RefillLane: _refill_lane,
    TakeFromMainYard: _take_from_main_yard,
    MoveFromYard: _move_from_yard,
    Rearrange: _rearrange,
    BringLocomotive: _bring_locomotive,
}


def apply(state: FreightTrainState, event: FreightTrainEvent) -> FreightTrainState:
    """The state after `event`, or IllegalEvent with the reason (the state is unchanged)."""
    handler = rule_for(_HANDLERS, event, over=state.phase is Phase.OVER,
                       foreign=N_("Not a Freight Train move"))
    after = handler(state, event)
    passed = after.phase is Phase.PLAY and _is_pass(state, event)
    after = replace(after, passes_in_a_row=state.passes_in_a_row + 1 if passed else 0)
    return _checked_counts(after) if after.unseen_cards else after


def _is_pass(state: FreightTrainState, event: FreightTrainEvent) -> bool:
    return isinstance(event, Rearrange) and tuple(map(tuple, event.yard)) == state.player().yard


# --- Checks shared by the actions --------------------------------------------------------------


def _check_playing(state: FreightTrainState) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalEvent(N_("Deal the cards to start the day"))


def _check_same_cards(before: Iterable[str], after: Iterable[str]) -> None:
    """`after` must be `before` rearranged; an unknown card on either side matches any card."""
    if not same_cards(list(before), list(after)):
        raise IllegalEvent(N_("Those are not the same cards"))


def _checked_counts(state: FreightTrainState) -> FreightTrainState:
    """At the table: no wagon type may be seen more often than it has cards."""
    seen: Counter[str] = Counter()
    for lane in state.main_yard:
        seen.update(lane)
    seen.update(state.deck)
    for player in state.players:
        seen.update(player.yard[0])
        seen.update(player.yard[1])
        seen.update(player.trains)  # a Counter adds the lengths
        seen.update(player.mixed)
    copies = wagon_deck(len(state.players), state.settings.wagon_types)
    for wagon, count in seen.items():
        if wagon in (UNKNOWN, DEPARTURE):
            continue
        if wagon not in copies:
            raise IllegalEvent(N_("{wagon} is not a wagon of this game"), wagon=wagon)
        if count > copies[wagon]:
            raise IllegalEvent(N_("All {count} {wagon} wagons are already counted"),
                               count=copies[wagon], wagon=wagon)
    return state


def _with(state: FreightTrainState, player: Player) -> tuple[Player, ...]:
    return _replace_at(state.players, state.current, player)


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


# --- What the table saw ------------------------------------------------------------------------


def refill_as_seen(state: FreightTrainState, lane: int, departure_seen: bool) -> RefillLane:
    """The refill the players made, as far as the companion saw it, once they checked on the
    board that two lanes or more are completely empty (`RefillLane.checked`).

    Unseen cards stay unknown. When the players tapped the departure card, the first card
    that may be it is declared so (among unseen cards its position changes nothing). A
    departure card the companion already knows about comes up whether tapped or not.
    """
    drawn: list[str] = []
    wagons = 0
    to_declare = departure_seen
    for card in state.deck:
        if to_declare and card in (DEPARTURE, UNKNOWN):
            drawn.append(DEPARTURE)
            to_declare = False
            continue
        drawn.append(card)
        if card != DEPARTURE:
            wagons += 1
        if wagons == LANE_SPACES:
            break
    return RefillLane(lane, tuple(drawn), checked=True)
