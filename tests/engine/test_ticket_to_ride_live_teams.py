"""Team play (Asia) played as the game goes, on the team example map."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from engine.codec import from_jsonable, to_jsonable
from engine.errors import IllegalEvent
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.deal import unplayable
from engine.games.ticket_to_ride.events import ClaimRoute, DrawCard, KeepTickets
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.live_teams import table_sizes, usable_cards
from engine.games.ticket_to_ride.state import Phase, Team, TicketToRideState
from engine.games.ticket_to_ride.tally import tally

from .ticket_to_ride_live import example_map

TEAMS = example_map("teams-example")
PEOPLE = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")


def new(players: int = 4, first: int = 0, names: tuple[str, ...] | None = None
        ) -> TicketToRideState:
    teams = names if names is not None else ("North", "South", "East")[: players // 2]
    return RULES.new_game(PEOPLE[:players], TEAMS, first=first, teams=teams)


def dealt(players: int = 4, seed: int = 0) -> TicketToRideState:
    """Cards dealt, starting tickets not yet chosen."""
    state = new(players)
    return RULES.apply(state, RULES.random_event(state, random.Random(seed)))


def started(players: int = 4) -> TicketToRideState:
    state = dealt(players)
    while state.phase is Phase.START_TICKETS:
        state = RULES.apply(state, KeepTickets(state.player().offered[:2]))
    return state


def play(players: int, seed: int) -> TicketToRideState:
    rng = random.Random(seed)
    start = new(players, first=seed % players)
    state, events = start, []
    while not RULES.is_over(state):
        event = RULES.random_event(state, rng)
        state = RULES.apply(state, event)
        events.append(event)
        assert len(events) < 3000, "the game ends"
    assert RULES.replay(start, events) == state, "replaying the log reproduces the game"
    return state


def test_teams_sit_side_by_side_each_player_with_their_own_trains() -> None:
    state = new(6)
    assert state.teams == (Team("North", (0, 1)), Team("South", (2, 3)), Team("East", (4, 5)))
    assert [p.trains for p in state.players] == [12] * 6
    assert unplayable(TEAMS) is None


def test_teams_not_named_are_named_after_their_members() -> None:
    state = RULES.new_game(PEOPLE[:4], TEAMS)
    assert [t.name for t in state.teams] == ["Ana & Ben", "Cleo & Dan"]


@pytest.mark.parametrize(("players", "teams", "reason"), [
    (5, None, "Each team has {size} players"),
    (4, ("North",), "Each team has {size} players"),
    (4, ("North", "north"), "Each team needs its own name"),
    (4, ("North", " "), "Each team needs a name"),
    (2, ("North",), "{map} is for {low} to {high} teams"),
])  # fmt: skip
def test_a_table_that_is_not_in_teams_is_refused(players: int, teams: tuple[str, ...] | None,
                                                 reason: str) -> None:
    with pytest.raises(IllegalEvent) as refused:
        RULES.new_game(PEOPLE[:players], TEAMS, teams=teams)
    assert refused.value.reason == reason


def test_a_map_seats_whole_teams_between_its_fewest_and_most_teams() -> None:
    assert list(table_sizes(TEAMS.rules)) == [4, 6]
    assert list(table_sizes(replace(TEAMS.rules, team_size=3, players=(2, 4)))) == [6, 9, 12]
    assert list(table_sizes(RULES.new_game(("Ana", "Ben"), "usa").board.rules)) == [2, 3, 4, 5]
    for people in range(1, 9):
        seated = people in table_sizes(TEAMS.rules)
        try:
            RULES.new_game(PEOPLE[:people] + ("Gus", "Hal")[:max(0, people - 6)], TEAMS)
        except IllegalEvent:
            assert not seated, people
        else:
            assert seated, people


def test_teams_are_refused_on_a_map_played_alone() -> None:
    with pytest.raises(IllegalEvent) as refused:
        RULES.new_game(("Ana", "Ben"), "usa", teams=("North",))
    assert refused.value.reason == "{map} is not played in teams"


def test_the_first_ticket_kept_goes_to_the_team_s_holder() -> None:
    state = dealt()
    offered = state.player().offered
    state = RULES.apply(state, KeepTickets((offered[2], offered[0])))
    assert state.teams[0].tickets == (offered[2],)
    assert state.players[0].tickets == (offered[0],)
    assert state.teams[1].tickets == ()


def test_the_second_card_drawn_goes_to_the_team_s_holder() -> None:
    state = started()
    top, second = state.deck[0], state.deck[1]
    hand = state.player().hand
    state = RULES.apply(state, DrawCard(DECK, top))
    state = RULES.apply(state, DrawCard(DECK, second))
    assert state.players[0].hand == tuple(sorted(hand + (top,)))
    assert state.teams[0].hand == (second,)
    assert state.current == 1


def test_a_face_up_locomotive_goes_to_the_team_s_holder() -> None:
    state = started()
    state = replace(state, display=("locomotive",) + state.display[1:])
    hand = state.player().hand
    state = RULES.apply(state, DrawCard(0, "locomotive"))
    assert state.teams[0].hand == ("locomotive",)
    assert state.players[0].hand == hand


def test_a_claim_is_paid_from_the_team_s_holder_first_then_the_hand() -> None:
    state = started()
    teams = (replace(state.teams[0], hand=("red", "blue")),) + state.teams[1:]
    players = (replace(state.players[0], hand=("red", "red", "white")),) + state.players[1:]
    state = replace(state, teams=teams, players=players)
    assert usable_cards(state) == ("red", "red", "white", "red", "blue")
    track = next(t for t in TEAMS.tracks if t.color == "red" and t.length == 2)
    state = RULES.apply(state, ClaimRoute(track.id, ("red", "red")))
    assert state.teams[0].hand == ("blue",)
    assert state.players[0].hand == ("red", "white")
    assert state.players[0].trains == 12 - 2


def test_an_unseen_card_in_hand_is_spent_after_the_holder_s_seen_one() -> None:
    """The table follows the physical game: it sees what the holder gets, not the starting
    hands, so a colour the holder shows is paid from it."""
    state = started()
    teams = (replace(state.teams[0], hand=("red",)),) + state.teams[1:]
    players = (replace(state.players[0], hand=("?", "?")),) + state.players[1:]
    state = replace(state, teams=teams, players=players)
    track = next(t for t in TEAMS.tracks if t.color == "red" and t.length == 2)
    state = RULES.apply(state, ClaimRoute(track.id, ("red", "red")))
    assert state.teams[0].hand == ()
    assert state.players[0].hand == ("?",)


def test_a_team_holds_one_track_of_a_route() -> None:
    state = started()
    players = tuple(replace(p, hand=("locomotive",) * 10) for p in state.players)
    state = replace(state, players=players)
    state = RULES.apply(state, ClaimRoute("Bamboo-Cedar#1", ("locomotive",)))
    with pytest.raises(IllegalEvent) as refused:
        RULES.apply(state, ClaimRoute("Bamboo-Cedar#2", ("locomotive",)))
    assert refused.value.reason == "A team may not claim two tracks of one route"
    state = RULES.apply(state, DrawCard(DECK, state.deck[0]))
    state = RULES.apply(state, DrawCard(DECK, state.deck[0]))
    state = RULES.apply(state, ClaimRoute("Bamboo-Cedar#2", ("locomotive",)))
    assert state.owners["Bamboo-Cedar#2"] == 2, "the other team may"


def test_the_team_scores_its_members_routes_and_every_ticket_together() -> None:
    state = started()
    result = RULES.result(state)
    assert [p.name for p in result.players] == ["North", "South"]
    north = {t for seat in (0, 1) for t in state.players[seat].tickets} | set(
        state.teams[0].tickets)
    assert len(north) == 4
    table = final_table(state)
    assert table["players"][0]["members"] == ["Ana", "Ben"]
    assert len(table["players"][0]["tickets"]) == 4
    assert tally(table).to_json() == result.to_json()


def _shuffled(table: dict[str, object], rng: random.Random) -> dict[str, object]:
    entries = [dict(entry) for entry in table["players"]]  # type: ignore[attr-defined]
    rng.shuffle(entries)
    for entry in entries:
        members = list(entry["members"])
        rng.shuffle(members)
        entry["members"] = members
    return {**table, "players": entries}


def test_random_games_agree_with_the_tally_whatever_the_order() -> None:
    shared = 0
    for players, seed in itertools.product((4, 6), range(10)):
        state = play(players, seed)
        assert from_jsonable(TicketToRideState, to_jsonable(state)) == state, "a snapshot"
        result = RULES.result(state)
        table = final_table(state)
        assert tally(table).to_json() == result.to_json()
        by_name = {p.name: p for p in tally(_shuffled(table, random.Random(seed))).players}
        assert all(by_name[p.name] == p for p in result.players), "the order does not matter"
        for number, team in enumerate(state.teams):
            routes = [t for seat in team.seats for t in state.players[seat].tracks]
            assert len({TEAMS.track(t).route for t in routes}) == len(routes)
            assert all(state.owners[t] in team.seats for t in routes)
            assert result.players[number].name == team.name
        shared += sum(len(team.hand) for team in state.teams)
        assert all(p.trains >= 0 for p in state.players)
    assert shared, "the teams' holders hold cards"


def test_a_team_mate_pays_with_the_card_the_other_shared() -> None:
    state = started()
    state = replace(state, deck=("red", "blue") + state.deck[2:])
    state = RULES.apply(state, DrawCard(DECK, "red"))
    state = RULES.apply(state, DrawCard(DECK, "blue"))
    assert state.teams[0].hand == ("blue",) and state.current == 1
    players = state.players[:1] + (replace(state.players[1], hand=("blue",)),) + state.players[2:]
    state = replace(state, players=players)
    track = next(t for t in TEAMS.tracks if t.color == "blue" and t.length == 2)
    state = RULES.apply(state, ClaimRoute(track.id, ("blue", "blue")))
    assert state.players[1].hand == () and state.teams[0].hand == ()
    assert state.owners[track.id] == 1


def test_cards_neither_in_hand_nor_shared_are_refused() -> None:
    state = started()
    players = (replace(state.players[0], hand=("red",)),) + state.players[1:]
    state = replace(state, players=players)
    track = next(t for t in TEAMS.tracks if t.color == "red" and t.length == 2)
    with pytest.raises(IllegalEvent):
        RULES.apply(state, ClaimRoute(track.id, ("red", "red")))
