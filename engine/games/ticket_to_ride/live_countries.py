"""Country cards (Poland) as the game goes: a claim into a country that now links, through the
player's network, two countries or more takes the top card of each linked country's pile.

A neighbouring country is a dead end (see `tickets`): two routes into one country do not join
there, so the network of a claim is the part reached from the claimed route's city end.
"""

from __future__ import annotations

from ...frozen import evolve
from .board import Track
from .state import TicketToRideState
from .tickets import PlayerNetwork, node


def cards_taken(state: TicketToRideState, country: str) -> int:
    """How many cards of `country`'s pile the players hold."""
    return sum(1 for player in state.players for held, _ in player.country_cards
               if held == country)


def cards_won(state: TicketToRideState, track: Track) -> tuple[tuple[str, int], ...]:
    """The cards (country, value) the current player takes on claiming `track` now."""
    board = state.board
    piles = dict(board.rules.country_cards)
    entered = [end for end in track.ends if board.is_country(end)]
    if not piles or not entered:
        return ()
    player = state.player()
    network = PlayerNetwork([board.track(t) for t in player.tracks if t != track.id] + [track],
                            board)
    part = network.network.component(node(track, entered[0], board))
    linked = {place for place, end in network.network.nodes
              if board.is_country(place) and network.network.component((place, end)) == part}
    if len(linked) < 2:
        return ()
    won = []
    for country in board.countries:
        pile = piles.get(country, ())
        taken = cards_taken(state, country)
        if country in linked and taken < len(pile):
            won.append((country, pile[taken]))
    return tuple(won)


def take_country_cards(state: TicketToRideState, track: Track) -> TicketToRideState:
    """The state once the current player has taken the cards `track` (claimed just now) wins."""
    won = cards_won(state, track)
    if not won:
        return state
    player = state.player()
    player = evolve(player, country_cards=player.country_cards + won)
    seat = state.current
    return evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def cards_by_country(cards: tuple[tuple[str, int], ...]) -> dict[str, list[int]]:
    """A player's cards as the tally reads them: country -> values, in the order taken."""
    found: dict[str, list[int]] = {}
    for country, value in cards:
        found.setdefault(country, []).append(value)
    return found
