"""Old West at the table: starting cities, Cités placed after claims, and Alvin.

« Une fois que vous avez pris une route, vous pouvez placer une de vos Cités sur l'une des deux
villes aux extrémités de cette route en défaussant deux cartes Wagon de la même couleur ».
A route scores when it is claimed: for the owners of the Cités standing at its ends (each end
once, so twice for one owner of both), else for its claimer. The starting city (« y compris sa
ville de départ ») is read as the Cité a player places, free, on one end of their first route,
before it scores: a city no claimed route reaches yet, never Alvin's, and it counts among the
player's Cités. A first claim with neither end fit for it has no starting city: the player
loses it (`loses_start`) and may still place all their Cités, paid, after later claims.
« Le premier joueur qui prend une route connectée à Roswell capture Alvin » and moves him to
one of their Cités (the one just placed included); a player with no Cité leaves him where he
is. A player holding Alvin does not capture him again. « Il marque immédiatement 10 points »:
a capture's points are part of the captor's score from then on (`capture_points`).

In team play the team is the owner (the tally's entry): one starting city, placed with the
team's first claim, and the map's Cités for the team together; a route into a team mate's Cité
scores for the team; the team holds Alvin, moves him to one of its Cités, and a team mate does
not capture him from the team. Cités are paid from the hand and the team's holder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...unseen import take
from .board import COLORS, LOCOMOTIVE, Map, Track
from .live_teams import side_seats
from .payment import pays_for_set
from .state import Alvin, Player, Takings, TicketToRideState


def alvin_at_start(board: Map) -> Alvin | None:
    rules = board.rules.old_west
    return None if rules is None else Alvin(rules.alvin_start)


def cite_owners(players: Sequence[Player]) -> dict[str, int]:
    """City -> seat of the player whose Cité stands there."""
    return {city: seat for seat, player in enumerate(players) for city, _ in player.cites}


def _first_claim(state: TicketToRideState) -> bool:
    """Whether the current player's side (their team, or them) places a starting city with
    its next claim: the map has them and the side has claimed nothing yet."""
    rules = state.board.rules.old_west
    return (rules is not None and rules.start_cities and rules.cities > 0
            and not any(state.players[seat].tracks for seat in side_seats(state)))


def start_options(state: TicketToRideState, track: Track) -> tuple[str, ...]:
    """The ends of `track` that may be the current player's starting city (none: no choice to
    make: not a first claim, or no end fits)."""
    board = state.board
    if not _first_claim(state):
        return ()
    taken = cite_owners(state.players)
    reached = {end for track_id in state.owners for end in board.track(track_id).ends}
    return tuple(end for end in track.ends
                 if _may_hold_cite(board, end) and end not in taken and end not in reached)


def loses_start(state: TicketToRideState, track: Track) -> bool:
    """Whether claiming `track` now, the side's first claim, leaves the current player without
    a starting city: neither of its ends may be one."""
    return _first_claim(state) and not start_options(state, track)


def route_scorers(state: TicketToRideState, track: Track, start: str = "") -> tuple[int, ...]:
    """The seats that score `track` when the current player claims it now, with `start` as
    their starting city ("": none placed): the owner of the Cité at each end (one owner of
    both ends twice), else the claimer alone. A Cité placed after this claim changes nothing."""
    if state.board.rules.old_west is None:
        return (state.current,)
    owners = cite_owners(state.players)
    if start:
        owners[start] = state.current
    return tuple(owners[end] for end in track.ends if end in owners) or (state.current,)


def capture_points(state: TicketToRideState, seat: int) -> int:
    """The points `seat` has scored so far by capturing Alvin (« Il marque immédiatement 10
    points »); holding him at the end is scored only then."""
    rules = state.board.rules.old_west
    return 0 if rules is None else rules.capture * state.players[seat].alvin_captures


def cite_options(state: TicketToRideState, track: Track, start: str = "") -> tuple[str, ...]:
    """The ends of `track` where the current player may place a Cité after claiming it."""
    board = state.board
    rules = board.rules.old_west
    if rules is None or len(side_cites(state)) + bool(start) >= rules.cities:
        return ()
    taken = set(cite_owners(state.players)) | {start}
    return tuple(end for end in track.ends if _may_hold_cite(board, end) and end not in taken)


def alvin_options(state: TicketToRideState, track: Track, start: str = "", cite: str = ""
                  ) -> tuple[str, ...] | None:
    """None when claiming `track` does not capture Alvin; else the current player's Cités he
    may be moved to (empty: he stays where he is)."""
    alvin = state.alvin
    if alvin is None or alvin.city not in track.ends or alvin.holder in side_seats(state):
        return None
    cities = [city for city, _ in side_cites(state)] + [start, cite]
    return tuple(city for city in cities if city and city != alvin.city)


def check_old_west(state: TicketToRideState, track: Track, start: str, cite: str,
                   cite_cards: tuple[str, ...], alvin_to: str) -> None:
    """The Old West choices of a claim made sure of, or IllegalEvent."""
    rules = state.board.rules.old_west
    if rules is None:
        if start or cite or cite_cards or alvin_to:
            raise IllegalEvent(N_("This map has no Cités"))
        return
    starts = start_options(state, track)
    if start not in starts and (start or starts):
        if start:
            raise IllegalEvent(N_("{city} cannot be your starting city"), city=start)
        raise IllegalEvent(N_("Choose your starting city: {cities}"), cities=", ".join(starts))
    if cite:
        if cite not in cite_options(state, track, start):
            raise IllegalEvent(N_("No Cité of yours may stand in {city}"), city=cite)
        pays_for_set(cite_cards, rules.city_cards, state.board.rules.cards.special)
    elif cite_cards:
        raise IllegalEvent(N_("Cards for a Cité, but no Cité placed"))
    targets = alvin_options(state, track, start, cite)
    if targets and alvin_to not in targets:
        raise IllegalEvent(N_("Move Alvin to one of your Cités: {cities}"),
                           cities=", ".join(targets))
    if not targets and alvin_to:
        raise IllegalEvent(N_("Alvin does not move: this claim does not give him to you"))


def settle_old_west(state: TicketToRideState, track: Track, takings: Takings
                    ) -> TicketToRideState:
    """The claim just placed (the current player's last track) on an Old West map: the
    starting city, the route's points to the Cités' owners, the new Cité, Alvin."""
    rules = state.board.rules
    if rules.old_west is None:
        return state
    seat = state.current
    players = list(state.players)
    number = sum(len(player.tracks) for player in players)
    scorers = route_scorers(state, track, takings.start)
    me = players[seat]
    cites = me.cites + (((takings.start, 0),) if takings.start else ())
    players[seat] = evolve(me, cites=cites, claims=me.claims + (number,))
    if scorers != (seat,):
        points = rules.points_for(track.length)
        players[seat] = evolve(players[seat], route_points=players[seat].route_points - points)
        for scorer in scorers:
            players[scorer] = evolve(players[scorer],
                                      route_points=players[scorer].route_points + points)
    discard = state.discard
    if takings.cite:
        me = players[seat]
        players[seat] = evolve(me, cites=me.cites + ((takings.cite, number),))
        if not state.teams:
            players[seat] = evolve(players[seat], hand=take(me.hand, takings.cite_cards))
        discard += takings.cite_cards
    alvin = state.alvin
    if alvin is not None and alvin.city in track.ends and alvin.holder not in side_seats(state):
        players[seat] = evolve(players[seat], alvin_captures=players[seat].alvin_captures + 1)
        alvin = Alvin(takings.alvin_to or alvin.city, seat)
    # In teams the Cité's cards were paid with the route's (`spend_claim`).
    return evolve(state, players=tuple(players), discard=discard, alvin=alvin)


def cite_payment(hand: Sequence[str], count: int) -> tuple[str, ...] | None:
    """`count` cards of one colour from `hand`, locomotives standing in, if it holds them."""
    held = Counter(hand)
    for color in COLORS:
        use = min(held[color], count)
        if use and count - use <= held[LOCOMOTIVE]:
            return (color,) * use + (LOCOMOTIVE,) * (count - use)
    return (LOCOMOTIVE,) * count if held[LOCOMOTIVE] >= count else None


def side_cites(state: TicketToRideState) -> list[tuple[str, int]]:
    """The Cités of the current player's side (their team's, or theirs), in claim order."""
    return sorted((cite for seat in side_seats(state) for cite in state.players[seat].cites),
                  key=lambda cite: cite[1])


def old_west_fields(state: TicketToRideState, seats: Sequence[int]) -> dict[str, object]:
    """The Old West fields of the final table's entry of `seats` (a player, or a team), as
    `companion tally` reads them."""
    members = [state.players[seat] for seat in seats]
    alvin = state.alvin
    cites = sorted((cite for player in members for cite in player.cites),
                   key=lambda cite: cite[1])
    return {"cities": [{"city": city, "claim": after} for city, after in cites],
            "alvin_captures": sum(player.alvin_captures for player in members),
            "alvin": alvin is not None and alvin.holder in seats}


def route_claims(players: Sequence[Player]) -> dict[str, int]:
    """Old West: each track of `players` (a player, or a team's members) and its claim
    number."""
    return {track: claim for player in players
            for track, claim in zip(player.tracks, player.claims)}


def _may_hold_cite(board: Map, place: str) -> bool:
    rules = board.rules.old_west
    return rules is not None and not board.is_country(place) and place != rules.alvin_start
