"""Whistle Stop, Scott Caputo, 2017: what the companion runs, as events.

Read top to bottom like the rulebook: setup and train placement, a round (the first player
hands out the round track's tokens), a turn (moves paid with tokens, or a whistle for no move;
up to two upgrades), the end of the game, the score. The map stays on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...errors import N_, IllegalEvent
from ...game import TallyResult
from ...last_round import LastRound, turns_after_trigger
from ...rulebook import rule_for, settings_of
from ...seating import TurnOrder
from .components import (
    COAL,
    EAST_COAST_STATIONS,
    HANDOUT,
    MOST_STARS,
    MOVES_PER_TURN,
    STARTING_COAL,
    TOKENS,
    TRAINS_PER_PLAYER,
    UPGRADES_PER_TURN,
    WHISTLE,
)
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
from .state import Phase, Player, Settings, Share, WhistleStopState
from .tally import Holdings
from .tally import result as score_table

# --- Setup -------------------------------------------------------------------------------------


def new_game(
    names: Sequence[str], settings: Settings | Mapping[str, Any] | None = None, first: int = 0
) -> WhistleStopState:
    """A table of 2 to 5 players; `first` is the first player.

    `settings` may also be given in their JSON form (as the journal keeps them).

    >>> state = new_game(("Ana", "Ben", "Cleo", "Dan"))
    >>> state.placing[:5], [p.coal for p in state.players]
    ((3, 2, 1, 0, 3), [2, 2, 3, 3])
    """
    if len(names) not in TRAINS_PER_PLAYER:
        raise IllegalEvent(N_("Whistle Stop is for 2 to 5 players"))
    if not 0 <= first < len(names):
        raise IllegalEvent(N_("The first player must be one of the players"))
    settings = settings_of(Settings, settings)
    if len(names) not in settings.start_space or not all(
        token in TOKENS for token in settings.round_track
    ):
        raise IllegalEvent(N_("The round track has no space for {count} players"),
                           count=len(names))
    order = TurnOrder(len(names))
    trains = TRAINS_PER_PLAYER[len(names)]
    # Seats clockwise from the first player get 2, 2, 3, 3, 4 coal.
    coal = {seat: STARTING_COAL[step] for step, seat in enumerate(order.round_from(first))}
    players = tuple(
        Player(name=name, coal=coal[seat], to_place=trains) for seat, name in enumerate(names)
    )
    # Placement starts right of the first player and goes counter-clockwise.
    placing = replace(order, clockwise=False).round_from(order.right_of(first)) * trains
    return WhistleStopState(
        settings=settings,
        players=players,
        first=first,
        current=placing[0],
        placing=placing,
        stations=(-1,) * EAST_COAST_STATIONS,
    )



def _place_train(state: WhistleStopState, event: PlaceTrain) -> WhistleStopState:
    if state.phase is not Phase.PLACEMENT:
        raise IllegalEvent(N_("All trains are already placed"))
    if not 1 <= event.station <= EAST_COAST_STATIONS:
        raise IllegalEvent(N_("East-coast stations are numbered 1 to {count}"),
                           count=EAST_COAST_STATIONS)
    if state.stations[event.station - 1] >= 0:
        raise IllegalEvent(N_("Station {station} already has a train"), station=event.station)
    seat = state.current
    player = state.player()
    player = replace(player, to_place=player.to_place - 1, on_map=player.on_map + 1)
    stations = _replace_at(state.stations, event.station - 1, seat)
    placing = state.placing[1:]
    state = replace(state, players=_with(state, player), stations=stations, placing=placing)
    if placing:
        return replace(state, current=placing[0])
    return replace(state, phase=Phase.PLAY, current=state.first, round=1)


# --- A round: the first player hands out the round track's tokens ------------------------------


def handout(state: WhistleStopState) -> tuple[str, int]:
    """The token and how many each player gets at the start of the current round."""
    token = state.settings.round_track[state.track_space()]
    return token, HANDOUT[token]


def _hand_out(state: WhistleStopState, event: HandOut) -> WhistleStopState:
    _check_playing(state)
    if state.handed_out:
        raise IllegalEvent(N_("This round's tokens were already handed out"))
    token, count = handout(state)
    players = tuple(_gain(p, token, count) for p in state.players)
    return replace(
        state, players=players, handed_out=True,
        tokens_in=state.tokens_in + count * len(players),
    )  # fmt: skip


# --- A turn ------------------------------------------------------------------------------------


def can_move(state: WhistleStopState) -> bool:
    """A token left to spend, a free space on the player board, a train on the map."""
    player = state.player()
    return state.moves < MOVES_PER_TURN and player.tokens > 0 and player.on_map > 0


def _move(state: WhistleStopState, event: Move) -> WhistleStopState:
    _check_turn(state)
    if event.token not in TOKENS:
        raise IllegalEvent(N_("A move costs a coal or a whistle token"))
    if state.moves >= MOVES_PER_TURN:
        raise IllegalEvent(N_("At most {count} tokens a turn"), count=MOVES_PER_TURN)
    player = state.player()
    if player.held(event.token) < 1:
        raise IllegalEvent(N_("{name} has no {token} token"), name=player.name, token=event.token)
    if player.on_map < 1:
        raise IllegalEvent(N_("{name} has no train on the map"), name=player.name)
    player = _gain(player, event.token, -1)
    if event.arrived:
        player = replace(player, on_map=player.on_map - 1, arrived=player.arrived + 1)
    state = replace(
        state, players=_with(state, player), moves=state.moves + 1,
        tokens_out=state.tokens_out + 1,
    )  # fmt: skip
    if event.arrived and player.on_map == 0 and not state.last_train_arrived:
        # The game ends with this round: the players who have not played it still play.
        rest = turns_after_trigger(state.order, state.first, state.current, LastRound.FINISH_ROUND)
        state = replace(state, last_train_arrived=True, still_to_play=rest)
    return state


def _take_share(state: WhistleStopState, event: TakeShare) -> WhistleStopState:
    _check_turn(state)
    company = event.company.strip().casefold()
    if not company or event.number < 1:
        raise IllegalEvent(N_("A share has a company and a number"))
    for other in state.players:
        if Share(company, event.number) in other.shares:
            raise IllegalEvent(N_("{name} holds share {number} of {company}"),
                               name=other.name, number=event.number, company=company)
    player = state.player()
    player = replace(player, shares=player.shares + (Share(company, event.number),))
    return replace(state, players=_with(state, player))


def _gain_tokens(state: WhistleStopState, event: GainTokens) -> WhistleStopState:
    _check_turn(state)
    if event.coal < 0 or event.whistles < 0 or event.coal + event.whistles == 0:
        raise IllegalEvent(N_("Say how many coal and whistle tokens were gained"))
    player = _gain(_gain(state.player(), COAL, event.coal), WHISTLE, event.whistles)
    gained = event.coal + event.whistles
    return replace(state, players=_with(state, player), tokens_in=state.tokens_in + gained)


def _gain_fame(state: WhistleStopState, event: GainFame) -> WhistleStopState:
    _check_turn(state)
    if event.points < 1:
        raise IllegalEvent(N_("Fame gained is at least 1"))
    player = replace(state.player(), fame=state.player().fame + event.points)
    return replace(state, players=_with(state, player))


def _buy_upgrade(state: WhistleStopState, event: BuyUpgrade) -> WhistleStopState:
    """Up to two a turn, into one of the three upgrade spaces; an opponent's costs a rare."""
    _check_turn(state)
    if state.upgrades_bought >= UPGRADES_PER_TURN:
        raise IllegalEvent(N_("At most {count} upgrades a turn"), count=UPGRADES_PER_TURN)
    player = state.player()
    if len(player.upgrades) >= state.settings.upgrade_slots:
        raise IllegalEvent(N_("No free upgrade space on {name}'s board"), name=player.name)
    if not 0 <= event.stars <= MOST_STARS:
        raise IllegalEvent(N_("An upgrade shows 0 to {most} stars"), most=MOST_STARS)
    players = list(state.players)
    if event.from_seat is not None:
        if event.from_seat == state.current or not 0 <= event.from_seat < len(players):
            raise IllegalEvent(N_("Buy an upgrade from the supply or an opponent"))
        seller = players[event.from_seat]
        if event.stars not in seller.upgrades:
            raise IllegalEvent(N_("{name} has no upgrade of {stars} stars"),
                               name=seller.name, stars=event.stars)
        upgrades = list(seller.upgrades)
        upgrades.remove(event.stars)
        players[event.from_seat] = replace(seller, upgrades=tuple(upgrades))
    players[state.current] = replace(player, upgrades=player.upgrades + (event.stars,))
    return replace(state, players=tuple(players), upgrades_bought=state.upgrades_bought + 1)


def _end_turn(state: WhistleStopState, event: EndTurn) -> WhistleStopState:
    """Spent tokens go back to the supply; a player who did not move gains one whistle."""
    _check_turn(state)
    if state.moves == 0:
        state = replace(
            state, players=_with(state, _gain(state.player(), WHISTLE, 1)),
            tokens_in=state.tokens_in + 1,
        )  # fmt: skip
    state = replace(state, moves=0, upgrades_bought=0)
    if state.last_train_arrived:
        if not state.still_to_play:
            return replace(state, phase=Phase.OVER, current=state.first)
        return replace(state, current=state.still_to_play[0], still_to_play=state.still_to_play[1:])
    following = state.order.next_seat(state.current)
    if following != state.first:
        return replace(state, current=following)
    # The round is over, and the game with it after the last round of the track.
    if state.is_last_round():
        return replace(state, phase=Phase.OVER, current=state.first)
    return replace(state, current=following, round=state.round + 1, handed_out=False)


# --- The end -----------------------------------------------------------------------------------


def is_over(state: WhistleStopState) -> bool:
    return state.phase is Phase.OVER


def holdings(state: WhistleStopState) -> tuple[Holdings, ...]:
    """What the companion knows of each player's score; the rest comes from `companion tally`."""
    return tuple(
        Holdings(p.name, fame=p.fame, shares=p.shares, upgrade_stars=sum(p.upgrades),
                 tokens=p.tokens)
        for p in state.players
    )  # fmt: skip


def result(state: WhistleStopState) -> TallyResult:
    """The score from what the companion followed (gold, resources and tiles are not)."""
    return score_table(holdings(state))


# --- Applying an event -------------------------------------------------------------------------

_HANDLERS: dict[type[Any], Callable[[WhistleStopState, Any], WhistleStopState]] = {
    PlaceTrain: _place_train,
    HandOut: _hand_out,
    Move: _move,
    TakeShare: _take_share,
    GainTokens: _gain_tokens,
    GainFame: _gain_fame,
    BuyUpgrade: _buy_upgrade,
    EndTurn: _end_turn,
}


def apply(state: WhistleStopState, event: WhistleStopEvent) -> WhistleStopState:
    """The state after `event`, or IllegalEvent with the reason (the state is unchanged)."""
    handler = rule_for(_HANDLERS, event, over=state.phase is Phase.OVER,
                       foreign=N_("Not a Whistle Stop move"))
    return handler(state, event)


# --- Checks and helpers ------------------------------------------------------------------------


def _check_playing(state: WhistleStopState) -> None:
    if state.phase is not Phase.PLAY:
        raise IllegalEvent(N_("Place all trains first"))


def _check_turn(state: WhistleStopState) -> None:
    _check_playing(state)
    if not state.handed_out:
        raise IllegalEvent(N_("Hand out this round's tokens first"))


def _gain(player: Player, token: str, count: int) -> Player:
    if token == COAL:
        return replace(player, coal=player.coal + count)
    return replace(player, whistles=player.whistles + count)


def _with(state: WhistleStopState, player: Player) -> tuple[Player, ...]:
    return _replace_at(state.players, state.current, player)


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
