"""Team play (Asia) as the game goes: seats by team, the team's two card holders, one score.

The text: teams of two sit side by side and play one after the other; each player has their
own trains; a team scores together; each team has one holder of shared tickets and one of
shared train cards. Where the text stops ("comme expliqué ci-après"), this reading is used
(the notes say it to the players): each player keeps a hand of train cards and tickets of
their own; the first ticket a player keeps (at the start and at each draw) goes to the team's
holder; of the two train cards drawn in a turn, the first goes to the player's hand and the
second to the team's holder (a face-up locomotive, the only card of its turn, to the holder);
a payment (a route with its Cité, a tunnel's extra cards, a station) is made from the
player's hand and the team's holder as the player chooses: the move says which of its cards
came from the holder (`shared`; a move recorded without it, and a passenger's fare, take the
holder's first); a team holds one track of a route at most.
At the end a team is scored as the tally scores it: one entry with its members' routes and
every ticket of its members and its holder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from ...errors import N_, IllegalEvent
from ...frozen import evolve
from ...unseen import UNSEEN, take, uncovered
from .board import MapRules, Track
from .state import Player, Takings, Team, TicketToRideState


def table_sizes(rules: MapRules) -> range:
    """How many people a map seats: its fewest to its most players or, on a map played in
    teams, whole teams from its fewest to its most teams."""
    return seats(rules.players, rules.team_size)


def seats(players: tuple[int, int], team_size: int) -> range:
    """The people a map of `players` (fewest, most) seats, in teams of `team_size` if any.

    >>> seats((2, 3), 2)
    range(4, 7, 2)
    """
    size = team_size or 1
    return range(players[0] * size, players[1] * size + 1, size)


def seat_teams(names: Sequence[str], team_names: Sequence[str] | None, size: int
               ) -> tuple[Team, ...]:
    """The teams of a table seated by team: players `size * n` to `size * n + size - 1` are
    team `n`. A team not named is called after its members."""
    if len(names) % size:
        raise IllegalEvent(N_("Each team has {size} players"), size=size)
    count = len(names) // size
    groups = [tuple(range(size * n, size * n + size)) for n in range(count)]
    if team_names is None:
        team_names = [" & ".join(names[seat] for seat in group) for group in groups]
    if len(team_names) != count:
        raise IllegalEvent(N_("Each team has {size} players"), size=size)
    cleaned = [name.strip() for name in team_names]
    if any(not name for name in cleaned):
        raise IllegalEvent(N_("Each team needs a name"))
    if len({name.casefold() for name in cleaned}) != count:
        raise IllegalEvent(N_("Each team needs its own name"))
    return tuple(Team(name, group) for name, group in zip(cleaned, groups))


def team_of(state: TicketToRideState, seat: int | None = None) -> int | None:
    """The number of the team of `seat` (the current player's by default), None without teams."""
    seat = state.current if seat is None else seat
    return next((n for n, team in enumerate(state.teams) if seat in team.seats), None)


def side_of(state: TicketToRideState, seat: int | None = None) -> int:
    """The entry of the final table `seat` plays for (the current player's by default): their
    team's number in team play, else the seat itself. The side owns what a claim takes."""
    seat = state.current if seat is None else seat
    number = team_of(state, seat)
    return seat if number is None else number


def side_seats(state: TicketToRideState, seat: int | None = None) -> tuple[int, ...]:
    """The seats of `seat`'s side (the current player's by default): their team, or them."""
    seat = state.current if seat is None else seat
    number = team_of(state, seat)
    return (seat,) if number is None else state.teams[number].seats


def side_name(state: TicketToRideState, seat: int) -> str:
    """The name of `seat`'s side: their team's, or theirs."""
    number = team_of(state, seat)
    return state.players[seat].name if number is None else state.teams[number].name


def side_names(state: TicketToRideState) -> tuple[str, ...]:
    """The name of each side in order: the teams', or the players'."""
    return tuple(team.name for team in state.teams) or tuple(p.name for p in state.players)


def usable_cards(state: TicketToRideState) -> tuple[str, ...]:
    """The train cards the current player may pay with: their hand and their team's holder."""
    number = team_of(state)
    shared = () if number is None else state.teams[number].hand
    return state.player().hand + shared


def spend_cards(state: TicketToRideState, cards: Sequence[str],
                shared: Sequence[str] | None = None) -> TicketToRideState:
    """The current player's team holder and hand without `cards` (checked before): `shared`
    of them from the holder, the others from the hand. Without `shared` (a move recorded
    before the table asked) the holder gives first: a card known to be in the holder comes
    from it, whatever the hand holds unseen."""
    if shared is not None:
        return _spend_shared(state, cards, shared)
    number = team_of(state)
    hand = list(state.player().hand)
    holder = [] if number is None else list(state.teams[number].hand)
    for card in cards:
        for pile, wanted in ((holder, card), (hand, card), (hand, UNSEEN), (holder, UNSEEN)):
            if wanted in pile:
                pile.remove(wanted)
                break
        else:
            raise ValueError(f"{card!r} is neither in the hand nor in the team's holder")
    return _with_piles(state, number, tuple(hand), tuple(holder))


def spend_claim(state: TicketToRideState, cards: Sequence[str], takings: Takings,
                shared: Sequence[str] | None) -> TicketToRideState:
    """The current player's cards once a claim is paid: in team play its Cité's cards with the
    route's (one answer says which came from the holder); else the route's, the Cité's being
    taken when it is placed."""
    if not state.teams:
        return spend_cards(state, cards, shared)
    return spend_cards(state, (*cards, *takings.cite_cards), shared)


def shared_problem(state: TicketToRideState, cards: Sequence[str], shared: Sequence[str]
                   ) -> IllegalEvent | None:
    """Why the current player cannot pay `cards` with `shared` of them from the team's
    holder and the others from their hand (unseen cards stand for any), or None."""
    number = team_of(state)
    if number is None:
        return IllegalEvent(N_("Only a team has a holder of cards")) if shared else None
    if uncovered(cards, shared):
        return IllegalEvent(N_("Those cards are not among the cards paid"))
    if uncovered(state.teams[number].hand, shared):
        return IllegalEvent(N_("Those cards are not in the team's holder"))
    if uncovered(state.player().hand, take(cards, shared)):
        return IllegalEvent(N_("Those cards are not in your hand"))
    return None


def holder_splits(state: TicketToRideState, cards: Sequence[str]
                  ) -> tuple[tuple[str, ...], ...]:
    """Every way the current player may pay `cards` from their team's holder and their hand:
    the holder's part of each, the most from the holder first (the first is the holder's
    cards first). Nothing outside team play."""
    if team_of(state) is None:
        return ()
    counts = Counter(cards)
    kinds = list(counts)  # in the order paid
    found = []
    for amounts in product(*(range(counts[kind], -1, -1) for kind in kinds)):
        shared = tuple(kind for kind, amount in zip(kinds, amounts) for _ in range(amount))
        if shared_problem(state, cards, shared) is None:
            found.append(shared)
    return tuple(sorted(found, key=len, reverse=True))


def _spend_shared(state: TicketToRideState, cards: Sequence[str], shared: Sequence[str]
                  ) -> TicketToRideState:
    problem = shared_problem(state, cards, shared)
    if problem is not None:
        raise problem
    number = team_of(state)
    hand = take(state.player().hand, take(cards, shared))
    holder = () if number is None else take(state.teams[number].hand, shared)
    return _with_piles(state, number, hand, holder)


def _with_piles(state: TicketToRideState, number: int | None, hand: tuple[str, ...],
                holder: tuple[str, ...]) -> TicketToRideState:
    state = _with_player(state, evolve(state.player(), hand=hand))
    if number is None:
        return state
    return _with_team(state, number, evolve(state.teams[number], hand=holder))


def file_drawn_card(state: TicketToRideState, card: str, shared: bool) -> TicketToRideState:
    """The current player's state once `card` is drawn: into the team's holder when `shared`
    (and the game is played in teams), else into the hand."""
    number = team_of(state)
    if shared and number is not None:
        team = state.teams[number]
        return _with_team(state, number, evolve(team, hand=tuple(sorted(team.hand + (card,)))))
    player = state.player()
    return _with_player(state, evolve(player, hand=tuple(sorted(player.hand + (card,)))))


def goes_to_holder(state: TicketToRideState, weight: int) -> bool:
    """Whether the card just drawn (counting `weight`) goes to the team's holder: the second
    card of the turn, or a face-up locomotive (the turn's only card)."""
    return bool(state.teams) and (state.drawn >= 1 or weight == 2)


def file_kept_tickets(state: TicketToRideState, kept: tuple[str, ...]) -> TicketToRideState:
    """The current player keeps `kept`; in teams the first goes to the team's holder."""
    number = team_of(state)
    player = state.player()
    if number is None or not kept:
        return _with_player(state, evolve(player, tickets=player.tickets + kept))
    team = state.teams[number]
    state = _with_team(state, number, evolve(team, tickets=team.tickets + kept[:1]))
    return _with_player(state, evolve(player, tickets=player.tickets + kept[1:]))


def team_has_route(state: TicketToRideState, track: Track) -> bool:
    """Whether the current player's team mate holds another track of this route."""
    number = team_of(state)
    if number is None:
        return False
    mates = set(state.teams[number].seats) - {state.current}
    siblings = [t for t in state.board.route_tracks[track.route] if t.id != track.id]
    return any(state.owners.get(t.id) in mates for t in siblings)


def held_tickets(state: TicketToRideState) -> set[str]:
    """Every ticket in a team's holder."""
    return {ticket for team in state.teams for ticket in team.tickets}


def _with_player(state: TicketToRideState, player: Player) -> TicketToRideState:
    seat = state.current
    return evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1 :])


def _with_team(state: TicketToRideState, number: int, team: Team) -> TicketToRideState:
    return evolve(state, teams=state.teams[:number] + (team,) + state.teams[number + 1 :])
