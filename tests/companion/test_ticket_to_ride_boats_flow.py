"""Rails & Sails at the Ticket to Ride table: two decks, sea routes and exchanges, input by
input, and whole games entered as the demo enters them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.games.ticket_to_ride.view import Mode
from companion.games.ticket_to_ride.words import Words
from companion.screens.render import render
from engine.games.ticket_to_ride.events import (
    ClaimRoute,
    DrawCard,
    ExchangePieces,
    Reshuffle,
)
from engine.games.ticket_to_ride.live_boats import BOAT_PILE

from .test_ticket_to_ride_flow import routes
from .test_ticket_to_ride_live_rules_flow import MapTable, scored_like_the_real_one
from .test_ticket_to_ride_special_flow import example

BOATS = example("boats-example")


class BoatTable(MapTable):
    def boat(self, color: str, double: bool = False, copy: int = 0) -> str:
        return self.uid("transport-boat2" if double else "transport-boat", color, copy)

    def menu(self) -> tuple[str, ...]:
        menu = self.app.screen().menu
        assert menu is not None
        return menu.items


def test_a_short_game_through_the_table_draws_claims_and_exchanges() -> None:
    table = BoatTable(BOATS, 2)
    table.deal_and_keep()
    screen = table.app.screen()
    assert screen.body[0] == "Wagons 10 · Boats 10"
    render(screen)
    boats, wagons = table.state.boat_cards, table.state.deck
    assert boats is not None
    # A boat card tapped: blind from the boat deck, or face up and replaced from either deck.
    table.tap(table.boat("red"))
    assert table.title() == "Red boat from?"
    assert table.menu() == ("From its deck", "Face up, new wagon", "Face up, new boat")
    table.press("ok")
    after = table.state.boat_cards
    assert after is not None and len(after.deck) == len(boats.deck) - 1
    assert table.state.drawn == 1 and table.state.deck == wagons
    table.wait()
    table.tap(table.card("red"))                  # a wagon card, face up, a boat put out
    table.press("down", "down", "ok")
    after = table.state.boat_cards
    assert after is not None and len(after.deck) == len(boats.deck) - 2
    assert table.state.current == 1
    table.wait()
    # Ben exchanges three wagons for boats: the whole turn.
    table.press("ok")
    assert "Exchange pieces" in table.menu() and "3 locos face up" not in table.menu()
    table.enter(ExchangePieces("wagons", 3))
    ben = table.state.players[1]
    assert (ben.trains, ben.boats, ben.box_wagons, ben.box_boats) == (7, 13, 8, 2)
    assert table.state.current == 0
    table.wait()
    # Ana claims a sea route with a double boat card: two boats placed, no wagon.
    table.enter(ClaimRoute("Faro-Isla", ("boat2:yellow",)))
    ana = table.state.players[0]
    assert ana.tracks == ("Faro-Isla",) and (ana.trains, ana.boats) == (10, 8)
    table.wait()
    # Ben claims a sea route with two single boat cards; its screen says it is at sea.
    table.flow.ui = replace(table.flow.ui, mode=Mode.PAY, city="Gaviota",
                            track="Gaviota-Juncal")
    assert "Sea: boat cards" in table.app.screen().body
    table.flow.ui = table.flow.ui.entering(Mode.MAIN)
    table.enter(ClaimRoute("Gaviota-Juncal", ("boat:black", "boat:black")))
    assert table.state.players[1].tracks == ("Gaviota-Juncal",)


def test_a_map_without_face_up_replacement_never_offers_it() -> None:
    # Boat maps have no three-locomotives rule: no line, hint or button for it.
    table = BoatTable(BOATS, 2)
    table.deal_and_keep()
    table.tap(table.boat("red"))
    table.press("ok")                              # blind, from the boat deck
    table.wait()
    second = table.app.screen()
    assert second.progress == (1, 2)
    assert not any("3 locos" in line for line in (*second.body, second.hints))
    assert second.hints == "tap:card"
    table.press("up")
    assert table.app.screen() == second
    table.session.state = replace(table.state, deck=(), discard=("?",) * 5)
    shuffle = table.app.screen()
    assert shuffle.hints == "ok:done" and not any("3 locos" in line for line in shuffle.body)


def test_a_boat_deck_run_out_is_shuffled_from_its_own_discards() -> None:
    table = BoatTable(BOATS, 2)
    table.deal_and_keep()
    boats = table.state.boat_cards
    assert boats is not None
    table.session.state = replace(table.state, boat_cards=replace(
        boats, deck=(), discard=("?",) * 5))
    assert table.title() == "Boat deck empty"
    table.press("ok")
    after = table.state.boat_cards
    assert after is not None and after.deck == ("?",) * 5 and after.discard == ()
    assert table.title() == "New boat deck shuffled"


def test_whole_games_through_the_table_score_like_the_real_ones() -> None:
    entered: Counter[str] = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        table, real = scored_like_the_real_one(BOATS, players, seed, BoatTable)
        for seen, held in zip(table.state.players, real.players):
            assert routes(table.state, seen.tracks) == routes(real, held.tracks)
            assert (seen.trains, seen.boats) == (held.trains, held.boats)
        for event, _ in table.session.history():
            entered[type(event).__name__] += 1
            if isinstance(event, DrawCard):
                entered["face up" if event.index >= 0 else "blind"] += 1
                entered[f"from {event.pile or 'wagon'} deck"] += 1
            if isinstance(event, Reshuffle) and event.pile == BOAT_PILE:
                entered["boat reshuffle"] += 1
            if isinstance(event, ClaimRoute) and BOATS.track(event.track).sea:
                entered["sea"] += 1
    for kind in ("ExchangePieces", "face up", "blind", "from boat deck", "from wagon deck",
                 "sea", "boat reshuffle"):
        assert entered[kind], kind


def test_boat_words_fit_the_screen_in_both_languages() -> None:
    for language in ("en", "fr"):
        words = Words(language)
        for card in ("boat:orange", "boat2:orange", "boat2:yellow"):
            assert len(words.card(card)) <= 21
    french = Words("fr")
    assert french.card("boat2:red") == "Bateau double rouge"
    assert french.say("Wagons {wagons} · Boats {boats}", wagons=20, boats=30) == (
        "Wagons 20, bateaux 30")
