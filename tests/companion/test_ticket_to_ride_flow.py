"""Ticket to Ride at the table, input by input, without hardware."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.flows.automaton import Deck, enter_move, physical_moves
from companion.flows.inputs import Hold, Input, Press, Tap
from companion.flows.words import LINE, paged
from companion.games import autopilot
from companion.games.cards import card_kinds, copies
from companion.games.ticket_to_ride.flow import Mode, TicketToRideFlow
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.ticket_tags import ticket_code, ticket_codes
from companion.games.ticket_to_ride.words import Words
from companion.screens.model import Style
from companion.screens.render import render
from companion.table.app import TableApp
from engine.games.ticket_to_ride import RULES
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    KeepTickets,
    ReplaceFaceUp,
    Reshuffle,
    TicketToRideEvent,
)
from engine.games.ticket_to_ride.library import shipped_map
from engine.games.ticket_to_ride.state import Phase, TicketToRideState

from .fakes import Card, MemoryRegistry, MemorySession

GAME = "ticket-to-ride"
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
L = "locomotive"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def full_box() -> tuple[Deck, dict[str, Card]]:
    """A tag for every card of the box: 12 of each colour, 14 locomotives, every ticket."""
    uids: dict[tuple[str, str], list[str]] = {}
    cards: dict[str, Card] = {}
    for kind_index, (kind, values) in enumerate(sorted(card_kinds(GAME).items())):
        for value_index, value in enumerate(values or ("",)):
            uids[(kind, value)] = [f"7{kind_index}{value_index:02X}{copy:02X}00"
                                   for copy in range(copies(GAME, kind))]
            for uid in uids[(kind, value)]:
                cards[uid] = Card(GAME, kind, value)
    return Deck(uids), cards


class Table:
    """A TableApp with in-memory fakes, and the box of tags."""

    def __init__(self, players: int = 2, map_name: str = "usa") -> None:
        self.deck, cards = full_box()
        self.clock = Clock()
        self.names = NAMES[:players]
        self.options = {"map_name": map_name}
        self.app = TableApp(
            session=MemorySession(RULES, self.names, **self.options),
            flow=TicketToRideFlow("en"),
            registry=MemoryRegistry(cards),
            gettext=lambda text: text,
            explain=str,
            enrollable=lambda: [("Red", Card(GAME, "train", "red"))],
            clock=self.clock,
        )

    @property
    def state(self) -> TicketToRideState:
        state: TicketToRideState = self.app.session.state
        return state

    @property
    def session(self) -> MemorySession:
        session = self.app.session
        assert isinstance(session, MemorySession)
        return session

    @property
    def flow(self) -> TicketToRideFlow:
        flow = self.app.flow
        assert isinstance(flow, TicketToRideFlow)
        return flow

    def uid(self, kind: str, value: str = "", copy: int = 0) -> str:
        return self.deck.uids[(kind, value)][copy]

    def card(self, card: str, copy: int = 0) -> str:
        return self.uid("locomotive", "", copy) if card == L else self.uid("train", card, copy)

    def ticket(self, ticket: str) -> str:
        return self.uid("ticket", ticket_code(self.state.board, ticket))

    def send(self, *items: Input) -> None:
        for item in items:
            self.app.handle(item)

    def press(self, *buttons: str) -> None:
        self.send(*(Press(button) for button in buttons))

    def tap(self, *uids: str) -> None:
        self.send(*(Tap(uid) for uid in uids))

    def title(self) -> str:
        return self.app.screen().title

    def style(self) -> Style:
        return self.app.screen().style

    def wait(self) -> None:
        """Let a notice or a refusal go by itself."""
        self.clock.now += 3

    def refused(self) -> str | None:
        screen = self.app.screen()
        return screen.title if screen.style is Style.REFUSAL else None

    def enter(self, goal: Any) -> int:
        """Enter one move as the demo does; return the inputs it took."""
        refusals: list[str] = []

        def send(item: Input) -> None:
            self.app.handle(item)
            render(self.app.screen())
            if self.refused():
                refusals.append(self.title())

        inputs = enter_move(
            goal,
            lambda g: autopilot.next_input(
                self.flow, self.state, g, lambda kind, value: self.deck.pick(
                kind, value, self.flow.in_play())),
            send,
            lambda: len(self.app.session.history()),
        )
        assert not refusals, (goal, refusals)
        return inputs

    def deal_and_keep(self) -> None:
        """Setup, then every player keeps their first tickets (the first of each map)."""
        while self.state.phase is Phase.DEAL:
            self.press("ok")
        board = self.state.board
        ids = [t.id for t in board.tickets if not t.long]
        while self.state.phase is Phase.START_TICKETS:
            seat = self.state.current
            self.tap(*(self.ticket(ticket) for ticket in ids[2 * seat: 2 * seat + 2]))
            self.press("ok")
        self.wait()


def physical(names: tuple[str, ...], seed: int, map_name: str) -> TicketToRideState:
    options = {"map_name": map_name}
    state = RULES.new_game(names, **options)
    for move in physical_moves(RULES, names, seed, options):
        state = RULES.apply(state, cast(TicketToRideEvent, move))
    return state


def routes(state: TicketToRideState, tracks: tuple[str, ...]) -> list[tuple[str, ...]]:
    board = state.board
    return sorted((*sorted(board.track(t).ends), board.track(t).color) for t in tracks)


def play_whole_game(players: int, seed: int, map_name: str) -> Table:
    table = Table(players, map_name)
    for goal in physical_moves(RULES, table.names, seed, table.options):
        table.enter(goal)
    return table


# --- Whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize("map_name", ["usa", "europe"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_entered_by_taps_and_presses_score_like_the_real_ones(
        players: int, map_name: str) -> None:
    for seed in (1, 2):
        table = play_whole_game(players, seed, map_name)
        assert table.state.phase is Phase.OVER
        real = physical(table.names, seed, map_name)
        assert RULES.result(table.state) == RULES.result(real)
        # What the table saw: every route (of two tracks alike, either), ticket and station.
        for seen, held in zip(table.state.players, real.players):
            assert routes(table.state, seen.tracks) == routes(real, held.tracks)
            assert (seen.tickets, seen.stations) == (held.tickets, held.stations)
        assert table.app.screen().top == "Final count"


def test_a_move_takes_few_inputs() -> None:
    table = Table(2, "usa")
    moves = physical_moves(RULES, table.names, 3, table.options)
    inputs = sum(table.enter(goal) for goal in moves)
    assert inputs / len(moves) < 6
    draws = [goal for goal in moves if isinstance(goal, DrawCard)]
    assert draws and all(goal.card for goal in draws)


# --- Setup and tickets ------------------------------------------------------------------------


def test_setup_pages_then_the_deal_then_each_player_keeps_tickets() -> None:
    table = Table(2, "europe")
    assert table.app.screen().top == "Setup · Europe"
    assert table.title() == "2 players"
    table.press("ok", "ok", "ok")
    assert table.state.phase is Phase.START_TICKETS
    assert table.state.players[0].hand == ("?",) * 4
    table.wait()
    assert table.title() == "Ana: tickets"
    assert "Keep 2 or more of 4" in table.app.screen().body
    table.press("ok")
    assert table.refused() == "Keep at least 2"
    table.wait()
    usa_ticket = table.uid("ticket", "usa-01")
    table.tap(usa_ticket)
    assert table.refused() == "A ticket of another map"
    table.wait()
    paris_wien = table.ticket("Paris-Wien")
    table.tap(paris_wien, paris_wien)           # tapped again: put back
    assert table.title().startswith("Put back")
    table.wait()
    assert table.flow.ui.picks == ()
    long_tickets = [t.id for t in table.state.board.tickets if t.long]
    table.tap(table.ticket(long_tickets[0]), table.ticket(long_tickets[1]))
    assert table.refused() == "1 ticket offered"
    table.wait()
    table.tap(paris_wien)
    table.press("ok")
    kept = table.state.players[0].tickets
    assert kept == (long_tickets[0], "Paris-Wien")
    table.wait()
    assert table.title() == "Ben: tickets"
    table.tap(paris_wien)
    assert table.refused() == "Ana holds Paris–Wien"


def test_tapping_a_ticket_draws_tickets_and_keeps_it() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    assert table.title() == "Tap the cards taken"
    wanted = "Seattle-New York"
    table.tap(table.ticket(wanted))
    assert table.title() == "Tickets drawn"
    table.wait()
    assert table.title() == "Ana: tickets"
    table.press("ok")
    assert table.state.players[0].tickets[-1] == wanted
    assert table.state.current == 1


# --- Train cards -------------------------------------------------------------------------------


def test_drawing_two_cards_and_a_second_tap_of_the_same_card() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    red = table.card("red")
    table.tap(red)
    assert table.title() == "Red taken"
    table.wait()
    assert table.title() == "Ana: 2nd card"
    assert "1st card: Red" in table.app.screen().body
    table.tap(red)
    assert table.refused() == "Red already counted"
    table.wait()
    table.tap(table.card(L))                    # a blind locomotive is a fine second card
    ana = table.state.players[0]
    assert sorted(ana.hand) == ["?"] * 4 + [L, "red"]
    assert table.state.current == 1


def test_a_locomotive_taken_first_asks_where_it_came_from() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    table.tap(table.card(L))
    screen = table.app.screen()
    assert screen.title == "Locomotive from?" and screen.menu is not None
    table.press("ok")                           # face up: two cards' worth, the turn is over
    assert table.state.current == 1
    table.wait()
    table.tap(table.card(L, 1))
    table.press("down", "ok")                   # from the deck: a second card follows
    assert table.state.current == 1 and table.state.drawn == 1


def test_three_locomotives_face_up_and_an_empty_deck() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    deck = len(table.state.deck)
    table.press("up")
    assert table.title() == "3 locos face up?" and table.style() is Style.CONFIRM
    table.press("back")
    assert table.title() == "Tap the cards taken"
    table.press("up", "ok")
    assert len(table.state.deck) == deck - 5 and table.state.discard == ("?",) * 5
    assert table.state.current == 0            # not a turn: Ana still plays
    # The deck runs out: the table shuffles the discards when the screen says so.
    table.session.state = replace(table.state, deck=(), discard=("red", "?"))
    table.wait()
    assert table.title() == "Deck empty" and table.style() is Style.ANNOUNCE
    table.tap(table.card("blue"))
    assert table.refused()
    table.wait()
    table.press("ok")
    assert table.state.deck == ("?", "?") and not table.state.discard


# --- Claiming a route --------------------------------------------------------------------------


def test_claiming_a_route_by_letter_city_neighbour_then_the_cards_paid() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    table.press("ok")
    menu = table.app.screen().menu
    assert menu is not None and menu.items[0] == "Claim a route"
    table.press("ok")
    letters = table.app.screen().menu
    assert letters is not None and letters.items[0].startswith("A: Atlanta")
    # "D", then Denver, then Kansas City.
    table.press(*["down"] * [i for i, item in enumerate(letters.items)
                             if item.startswith("D:")][0], "ok")
    cities = table.app.screen().menu
    assert cities is not None and "Denver" in cities.items
    table.press(*["down"] * cities.items.index("Denver"), "ok")
    assert table.title() == "From Denver"
    tracks = table.app.screen().menu
    assert tracks is not None
    wanted = next(i for i, item in enumerate(tracks.items) if item.startswith("Kansas City")
                  and "Black" in item)
    table.press(*["down"] * wanted, "ok")
    screen = table.app.screen()
    assert screen.title == "Denver – Kansas City"
    assert screen.body[0] == "Black ×4 · 7 pts" and screen.progress == (0, 4)
    table.tap(table.card("red"))
    assert table.refused() == "This route takes black cards"
    table.wait()
    table.tap(table.card("black", 5))
    assert table.refused() is None
    table.press("back")                          # takes the last card back
    assert table.flow.ui.picks == ()
    table.tap(*(table.card("black", copy) for copy in range(4)))
    # Ana holds four unseen cards: they may be the black ones.
    assert table.state.players[0].tracks == ("Denver-Kansas City#1",)
    assert table.state.players[0].route_points == 7
    assert table.title() == "Ana: Denver – Kansas City +7"


def test_cards_the_player_cannot_hold_are_refused() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    ana = replace(table.state.players[0], hand=("red",) * 3 + ("?",))
    table.session.state = replace(table.state, players=(ana, table.state.players[1]))
    table.press("ok", "ok")
    table.flow.ui = replace(table.flow.ui, mode=Mode.PAY, track="Denver-Kansas City#1")
    table.tap(table.card("black", 0))
    assert table.refused() is None              # the unseen card may be black
    table.tap(table.card("black", 1))
    assert table.refused() == "Those cards are not in your hand"


def test_back_leaves_the_route_choice_step_by_step() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    table.press("ok", "ok")
    assert table.flow.current_mode(table.state) is Mode.LETTER
    table.press("ok")                            # A: Atlanta (one city: straight to routes)
    assert table.title() == "From Atlanta"
    table.press("back")
    assert table.flow.current_mode(table.state) is Mode.LETTER
    table.press("back")
    assert table.title() == "Tap the cards taken"


def test_a_tunnel_turns_three_cards_then_asks_for_more_or_gives_up() -> None:
    table = Table(2, "europe")
    table.deal_and_keep()
    goal = ClaimRoute("Sochi-Erzurum", ("red", "red", "red"))
    table.enter(goal)
    assert table.state.tunnel is not None
    screen = table.app.screen()
    assert screen.title == "Turn over 3" and screen.progress == (0, 3)
    table.tap(table.card("red", 5))
    assert table.title() == "Red"
    table.press("down", "ok")                  # entered with the buttons: Blue
    assert table.title() == "Red, Blue"
    table.tap(table.card(L, 1))
    assert table.state.tunnel is not None and table.state.tunnel.revealed == ("red", "blue", L)
    assert table.title() == "Tunnel: 2 more"
    table.wait()
    assert table.app.screen().body[0] == "Red or locomotive"
    table.tap(table.card("blue", 2))
    assert table.refused() == "Pay the tunnel with red cards or locomotives"
    table.wait()
    table.press("ok")
    assert table.title() == "Give the tunnel up?"
    table.press("ok")
    assert table.state.tunnel is None and table.state.current == 1
    assert table.state.players[0].tracks == ()


def test_a_tunnel_with_no_card_left_to_turn_over_is_confirmed_with_ok() -> None:
    table = Table(5, "europe")
    table.deal_and_keep()
    state = table.state
    players = list(state.players)
    players[state.current] = replace(players[state.current], hand=("red",) * 3)
    table.session.state = replace(state, deck=(), discard=(), players=tuple(players))
    table.enter(ClaimRoute("Sochi-Erzurum", ("red", "red", "red")))
    assert table.state.tunnel is not None
    assert table.title() == "No card to turn over"
    assert table.app.screen().hints == "ok:continue"
    table.press("ok")
    assert table.state.tunnel is None
    assert "Sochi-Erzurum" in table.state.players[0].tracks


def test_a_station_is_a_city_and_the_cards_paid() -> None:
    table = Table(2, "europe")
    table.deal_and_keep()
    table.enter(BuildStation("Wien", ("red",)))
    assert table.state.players[0].stations == ("Wien",)
    assert table.title() == "Ana: Station in Wien"
    table.wait()
    table.press("ok")
    items = table.app.screen().menu
    assert items is not None and "Build a station" in items.items


# --- The end ----------------------------------------------------------------------------------


def test_the_last_round_is_announced_and_the_final_count_scrolls() -> None:
    table = Table(3, "usa")
    table.deal_and_keep()
    ana = replace(table.state.players[0], trains=4, hand=("red",) * 4)
    table.session.state = replace(table.state, players=(ana, *table.state.players[1:]))
    table.enter(ClaimRoute("El Paso-Dallas", ("red",) * 4))
    table.wait()
    screen = table.app.screen()
    assert screen.title == "Last round!" and screen.style is Style.ANNOUNCE
    assert screen.body == ("Ana: 0 trains left", "To play: Ben, Cleo, Ana")
    table.tap(table.card("red"))
    assert table.refused()
    table.wait()
    table.press("ok")
    assert table.title() == "Tap the cards taken"
    assert table.app.screen().top == "BEN · USA · last round"
    for _ in range(3):
        table.tap(table.card("green", 2 * _), table.card("green", 2 * _ + 1))
        table.wait()
    assert table.state.phase is Phase.OVER
    final = table.app.screen()
    assert final.top == "Final count" and final.title.startswith("Ana: ")
    assert final.body[0].startswith("Routes 7")
    assert final.body[1].startswith("Tickets ")
    table.press("ok", "ok", "ok")
    ranking = table.app.screen()
    assert ranking.style is Style.ANNOUNCE
    winners = RULES.result(table.state).winners
    assert ranking.title == (f"{winners[0]} wins!" if len(winners) == 1
                             else f"Tie: {', '.join(winners)}")
    table.press("up")
    assert table.title().startswith("Cleo: ")


def test_the_final_count_says_which_tiebreak_decided() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    ana, ben = table.state.players
    # 18 each: Ana 2 + 2 for routes, 4 for her ticket, 10 for the longest route (4 trains);
    # Ben 7 + 1 for routes, 10 for his longest route (4 trains, a tie). Ana completed a ticket.
    ana = replace(ana, tracks=("Denver-Santa Fe", "El Paso-Santa Fe"), tickets=("Denver-El Paso",))
    ben = replace(ben, tracks=("El Paso-Dallas", "Vancouver-Seattle#1"), tickets=())
    state = replace(table.state, players=(ana, ben), phase=Phase.OVER)
    result = RULES.result(state)
    assert [p.total for p in result.players] == [18, 18] and result.winners == ("Ana",)
    table.session.state = state
    table.press("ok", "ok")
    screen = table.app.screen()
    assert screen.title == "Ana wins!"
    assert screen.body == ("1. Ana 18", "2. Ben 18", "Tie broken: tickets")


# --- Undo, restarts, refusals ------------------------------------------------------------------


def test_undo_takes_back_a_draw_and_frees_its_card() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    red = table.card("red")
    table.tap(red)
    table.wait()
    assert red in table.flow.in_play()
    moves = len(table.app.session.history())
    table.send(Hold("back"))
    assert table.style() is Style.CONFIRM
    table.press("ok")
    assert len(table.app.session.history()) == moves - 1
    assert table.state.drawn == 0 and table.state.players[0].hand == ("?",) * 4
    assert red not in table.flow.in_play()
    table.wait()
    table.tap(red)
    assert table.refused() is None


def test_a_move_half_entered_survives_a_restart() -> None:
    table = Table(2, "usa")
    table.deal_and_keep()
    table.press("ok", "ok")
    table.press(*["down"] * 3, "ok")             # a letter, its cities
    before = table.app.screen()
    draft = table.app.session.draft
    assert draft is not None and draft["mode"] == "city"
    # The power comes back: a new flow reads the journal and the draft.
    again = TableApp(session=table.app.session, flow=TicketToRideFlow("en"),
                     registry=table.app.registry, gettext=lambda text: text, explain=str,
                     enrollable=lambda: [], clock=table.clock)
    assert again.screen() == before
    # A draft from another version is ignored, never a crash.
    flow = TicketToRideFlow("en")
    flow.restore({"mode": "pay", "track": "Nowhere#9", "picks": [{"card": "x"}]})
    flow.restore({"mode": "pay", "track": "Nowhere#9", "purpose": "claim"})
    assert flow.current_mode(table.state) is Mode.MAIN
    render(flow.screen(table.state))


def test_each_mode_is_shown_by_one_part_of_the_flow() -> None:
    flow = TicketToRideFlow("en")
    parts = [part for part in vars(flow).values() if isinstance(part, Part)]
    assert set(flow.screens) == set(flow.buttons) == set(Mode)
    def part_of(handler: object) -> object:
        return getattr(handler, "__self__", None)

    for mode in Mode:
        assert part_of(flow.screens[mode]) in parts, mode
        assert part_of(flow.buttons[mode]) is part_of(flow.screens[mode]), mode
    for mode, tapped in flow.taps.items():
        assert part_of(tapped) is part_of(flow.screens[mode]), mode


def test_cards_of_another_game_and_unknown_tags() -> None:
    table = Table(2, "usa")
    table.tap(table.card("red"))                 # during setup
    assert table.refused() == "Not now: finish this first"
    table.app.registry.enroll("ABCD0001", Card("freight-train", "wagon", "coal"))
    table.tap("ABCD0001")
    assert table.refused() == "Not a Ticket to Ride card"
    table.tap("0BADCAFE")
    assert table.style() is Style.CONFIRM       # offered for enrolment
    table.press("back")
    assert table.app.session.history() == []


def test_every_card_can_be_enrolled_and_named() -> None:
    choices = TicketToRideFlow("en").card_choices()
    # Colours, locomotive, specials, the boat cards of the Rails & Sails boards, the tickets.
    assert len(choices) == 8 + 1 + 4 + 2 * 8 + len(ticket_codes())
    assert ("Locomotive", "locomotive", "") in choices
    usa = shipped_map("usa")
    assert ("Denver–El Paso 4", "ticket", ticket_code(usa, "Denver-El Paso")) in choices
    assert ticket_code(usa, "Denver-El Paso").startswith("usa-")
    values = set(card_kinds(GAME)["ticket"] or ())
    assert {value for _, kind, value in choices if kind == "ticket"} == values


def test_texts_fit_the_screen() -> None:
    words = Words("en")
    hints = [getattr(words, name)() for name in dir(words) if name.startswith("hint_")]
    assert all(len(hint) <= LINE for hint in hints), hints
    breakdown = {"routes": 112, "tickets": -104, "longest": 10, "stations": 12}
    assert all(len(line) <= LINE for line in words.final_breakdown(breakdown, 11, 12))
    # Too long for one page: nothing is dropped, the count goes on over a second page.
    lines = words.final_breakdown(breakdown, 11, 12)
    assert len(lines) == 4 and "Stations 12" in lines
    assert paged(lines, words.more()) == [
        ("Routes 112", "Tickets -104 (11/12)", "▼ more"), ("Longest 10", "Stations 12")]


# --- Any input, any time ----------------------------------------------------------------------

_, BOX = full_box()
#: Some tags of the box (locomotives, tickets of both maps, train cards), a Freight Train card
#: and a tag nobody enrolled.
TAGS = st.sampled_from(sorted(BOX)[::7] + ["ABCD0001", "DEADBEEF"])
INPUTS = st.one_of(
    st.sampled_from([Press("up"), Press("down"), Press("ok"), Press("back"), Hold("back")]),
    TAGS.map(Tap),
)
#: A whole game of each map as the table entered it: (players, [(event, uids)]).
RECORDED: dict[str, tuple[tuple[str, ...], list[Any]]] = {}


def replayed(session: MemorySession) -> TicketToRideState:
    state: TicketToRideState = session.start
    for event, _ in session.log:
        state = RULES.apply(state, cast(TicketToRideEvent, event))
    return state


def recorded(map_name: str) -> tuple[tuple[str, ...], list[Any]]:
    if map_name not in RECORDED:
        table = play_whole_game(3, 2, map_name)
        RECORDED[map_name] = (table.names, list(table.app.session.history()))
    return RECORDED[map_name]


@settings(max_examples=60, deadline=None)
@given(map_name=st.sampled_from(["usa", "europe"]), at=st.floats(0, 1),
       inputs=st.lists(INPUTS, max_size=120))
def test_any_inputs_give_screens_and_refusals_never_a_crash(
        map_name: str, at: float, inputs: list[Input]) -> None:
    names, log = recorded(map_name)
    table = Table(len(names), map_name)
    table.app.registry.enroll("ABCD0001", Card("freight-train", "wagon", "coal"))
    # Start anywhere in a real game (setup, tickets, tunnels, the last round, the end)...
    session = table.session
    session.log = log[: round(at * len(log))]
    session.state = replayed(session)
    table.app.flow.rebuild(session.state, session.history())
    # ...then anything at all: only screens, refusals and moves the rules accept.
    for item in inputs:
        moves = len(session.log)
        table.app.handle(item)
        render(table.app.screen())
        table.clock.now += 1
        assert len(session.log) in (moves - 1, moves, moves + 1)
        assert session.state == replayed(session)


def test_the_demo_s_moves_are_what_the_table_can_enter() -> None:
    """The automated players only enter moves the flow offers (face-up replacements and
    reshuffles included)."""
    kinds = set()
    for seed in range(1, 4):
        for goal in physical_moves(RULES, NAMES[:4], seed, {"map_name": "europe"}):
            kinds.add(type(goal))
    assert {ReplaceFaceUp, Reshuffle, KeepTickets, DrawCard} <= kinds
