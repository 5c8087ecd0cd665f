"""Tolls, mountains and country cards at the Ticket to Ride table, on the example maps."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.flows.automaton import physical_moves
from companion.flows.inputs import Hold
from companion.games import autopilot
from companion.games.ticket_to_ride.flow import TicketToRideFlow
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes
from companion.games.ticket_to_ride.view import Mode
from companion.games.ticket_to_ride.words import TOLLS_AND_LOANS, Words
from companion.screens.model import Screen, Style
from companion.screens.render import cuts, render
from engine.games.ticket_to_ride import RULES, Map
from engine.games.ticket_to_ride.card_draws import DECK
from engine.games.ticket_to_ride.events import ClaimRoute, DrawCard
from engine.games.ticket_to_ride.final_table import final_table
from engine.games.ticket_to_ride.state import Phase, Takings, TicketToRideState, TollPaid
from engine.games.ticket_to_ride.tally import tally

from ..engine.ticket_to_ride_live import example_map
from .fakes import Card, MemoryRegistry
from .test_ticket_to_ride_flow import GAME, L, Table, physical

TOLLS = example_map("tolls-example")
MOUNTAINS = example_map("mountains-example")
COUNTRIES = example_map("countries-example")


class MapTable(Table):
    """A table on a map given as itself, with a tag for each of its tickets (the tags any map's
    tickets get)."""

    def __init__(self, board: Map, players: int = 2) -> None:
        super().__init__(players, board)  # type: ignore[arg-type]
        registry = self.app.registry
        assert isinstance(registry, MemoryRegistry)
        for number, code in enumerate(map_ticket_codes(board)):
            uid = f"7E{number:02X}0000"
            self.deck.uids[("ticket", code)] = [uid]
            registry.cards[uid] = Card(GAME, "ticket", code)

    def screens_through_game(self, seed: int) -> list[Screen]:
        """Every screen shown while the demo's players enter a whole game, each move's and the
        one after its notice."""
        seen = []
        for goal in physical_moves(RULES, self.names, seed, self.options):
            self.enter(goal)
            seen.append(self.app.screen())
            self.wait()
            seen.append(self.app.screen())
        return seen


def play_through_the_table(board: Map, players: int, seed: int,
                           kind: type[MapTable] = MapTable) -> MapTable:
    table = kind(board, players)
    for goal in physical_moves(RULES, table.names, seed, table.options):
        table.enter(goal)
    return table


def scored_like_the_real_one(board: Map, players: int, seed: int,
                             kind: type[MapTable] = MapTable
                             ) -> tuple[MapTable, TicketToRideState]:
    """A whole game entered at the table as the demo enters it, and the game the simulated
    players played: the same result, which the tally of the final table gives too."""
    table = play_through_the_table(board, players, seed, kind)
    assert table.state.phase is Phase.OVER
    real = physical(table.names, seed, board)  # type: ignore[arg-type]
    result = RULES.result(table.state)
    assert result == RULES.result(real)
    assert tally(final_table(table.state)).to_json() == result.to_json()
    return table, real


@pytest.mark.parametrize("board", [TOLLS, MOUNTAINS, COUNTRIES], ids=lambda b: b.name)
def test_whole_games_on_the_example_maps_score_like_the_real_ones(board: Map) -> None:
    for players, seed in ((2, 1), (4, 2)):
        table, real = scored_like_the_real_one(board, players, seed)
        for seen, held in zip(table.state.players, real.players):
            assert (seen.toll_tokens, seen.loans) == (held.toll_tokens, held.loans)
            assert seen.country_cards == held.country_cards
        # The final count's pages name the variant's lines.
        text = " ".join(line for page in table.flow.pages.final_pages(table.state)
                        for line in page[1])
        if board is TOLLS:
            assert "Toll bonus" in text and "Loans" in text
        if board is COUNTRIES:
            assert "Countries" in text


def claim(table: Table, track: str) -> None:
    length = table.state.board.track(track).length
    table.enter(ClaimRoute(track, (L,) * length))


def test_a_claim_says_what_it_paid_to_whom_and_undo_takes_it_back() -> None:
    table = MapTable(TOLLS, 2)
    table.deal_and_keep()
    assert TOLLS.rules.tolls is not None
    tokens, price = TOLLS.rules.tolls.tokens, TOLLS.track("Brug-Haven#1").toll
    assert f"Tolls {tokens} · Loans 0" in table.app.screen().body
    claim(table, "Brug-Haven#1")
    assert table.title() == f"Ana: Brug – Haven +7 · {price} to the bank"
    table.wait()
    assert table.state.players[0].toll_tokens == tokens - price
    # Ben's claim of the second track: the pay screen says it before the last card.
    goal = ClaimRoute("Brug-Haven#2", (L,) * 4)
    while table.flow.ui.track != goal.track or len(table.flow.ui.picks) < 3:
        table.send(autopilot.next_input(table.flow, table.state, goal, lambda kind, value:
                                        table.deck.pick(kind, value, table.flow.in_play())))
    assert f"Toll: {price} to Ana" in table.app.screen().body
    assert not cuts(table.app.screen())
    table.tap(table.card(L, 3))
    assert table.title() == f"Ben: Brug – Haven +7 · {price} to Ana"  # Ben paid Ana
    assert [p.toll_tokens for p in table.state.players] == [tokens, tokens - price]
    assert table.state.last_toll == TollPaid(price, 0)
    table.wait()
    table.send(Hold("back"))
    assert table.style() is Style.CONFIRM
    table.press("ok")
    assert [p.toll_tokens for p in table.state.players] == [tokens - price, tokens]
    assert table.state.last_toll == TollPaid(price, None)


def test_a_loan_says_what_the_bank_pays_the_first_owner_in_each_language() -> None:
    for language, name, loan, bank_pays, bank, owner in (
            ("en", "Yellow", "Loan", "Loan: the bank pays 3 to Yellow", "2 to the bank",
             "2 to Yellow"),
            ("fr", "Jaune", "Emprunt", "Emprunt : la banque paie 3 à Jaune", "2 à la banque",
             "2 à Jaune")):
        words = Words(language)
        assert words.toll_paid(TollPaid(0, None, loan=True), None) == loan
        assert words.toll_paid(TollPaid(3, 1, loan=True), name) == bank_pays
        assert words.toll_line(TollPaid(3, 1, loan=True), name) == bank_pays
        assert words.toll_paid(TollPaid(2), None) == bank
        assert words.toll_paid(TollPaid(2, 1), name) == owner


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_loan_on_a_second_track_says_on_the_screen_that_the_bank_pays(language: str) -> None:
    """With physical tokens nobody pays the first track's owner unless the screen says so."""
    state = RULES.new_game(("Ana", "Ben"), TOLLS)
    while state.phase is not Phase.PLAY:
        state = RULES.apply(state, RULES.random_event(state, random.Random(0)))
    price = TOLLS.track("Brug-Haven#2").toll
    players = (state.players[0],) + (replace(state.players[1], toll_tokens=price - 1),)
    state = replace(state, players=players, owners={"Brug-Haven#1": 0}, current=1)
    flow = TicketToRideFlow(language)
    flow.ui = replace(flow.ui, mode=Mode.PAY, track="Brug-Haven#2")
    said = {"en": f"Loan: the bank pays {price} to Ana",
            "fr": f"Emprunt : la banque paie {price} à Ana"}[language]
    screen = flow.screens[Mode.PAY](state)
    assert said in screen.body
    assert not cuts(screen)
    notice = flow.takings.claim_notice(state, TOLLS.track("Brug-Haven#2"), Takings())
    assert notice.endswith(said)


def test_the_end_bonus_has_a_word_of_its_own_apart_from_the_tokens_held() -> None:
    for language, bonus in (("en", "Toll bonus"), ("fr", "Bonus péages")):
        words = Words(language)
        held = words.say(TOLLS_AND_LOANS, tokens=5, loans=0)
        assert words.category("tolls") == bonus
        assert held.split()[0] not in bonus.split(), (held, bonus)


def test_a_mountain_claim_says_the_trains_lost() -> None:
    table = MapTable(MOUNTAINS, 2)
    table.deal_and_keep()
    claim(table, "Alp-Col")
    assert table.title() == "Ana: Alp – Col +4 · Trains lost: 1"
    assert table.state.players[0].trains == MOUNTAINS.rules.trains - 4


def test_a_claim_linking_two_countries_says_the_cards_taken() -> None:
    table = MapTable(COUNTRIES, 2)
    table.deal_and_keep()
    draw = DrawCard(DECK, "red")
    moves = [ClaimRoute("Kolo-Eastland", (L,) * 2), draw, draw,
             ClaimRoute("Chelm-Kolo", (L,) * 2), draw, draw,
             DrawCard(DECK, L), DrawCard(DECK, L), draw, draw,
             DrawCard(DECK, L), DrawCard(DECK, L), draw, draw]
    for move in moves:
        table.enter(move)
        table.wait()
    assert table.state.players[0].country_cards == ()
    claim(table, "Chelm-Northmark")
    # Eastland - Kolo - Chelm - Northmark: the top card of each of the two countries.
    assert table.title() == "Ana: Chelm – Northmark +4 · Country cards +15"
    assert table.state.players[0].country_cards == (("Northmark", 8), ("Eastland", 7))
    render(table.app.screen())


@pytest.mark.parametrize("board", [TOLLS, MOUNTAINS, COUNTRIES], ids=lambda b: b.name)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_example_games_screens_show_every_word(board: Map, language: str) -> None:
    table = MapTable(board, 3)
    table.app.flow = TicketToRideFlow(language)
    seen = table.screens_through_game(1)
    problems = [(screen.title, cut) for screen in seen for cut in cuts(screen)]
    assert not problems, problems[:5]
    news = {"tolls-example": ("to the bank", "à la banque"),
            "mountains-example": ("Trains lost", "Wagons perdus"),
            "countries-example": ("Country cards", "Cartes pays")}[board.name]
    assert any(word in (screen.title or "") for screen in seen for word in news)
