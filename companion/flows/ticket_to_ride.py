"""Ticket to Ride at the table: taps and presses become moves; the screen says what is next.

The companion knows a train card once it is tapped: the deck, the face-up cards and the four
cards dealt to each player stay unseen ("?"). A card paid is tapped as it goes to the
discards, so the companion never needs to know a hand: it only refuses cards that a player
cannot hold (more of a colour than seen plus unseen). What the players tap or press:

- setup: `ok` through the guidance pages; the last one records the deal. Each player then taps
  the destination tickets they keep and presses `ok`.
- drawing train cards: tap each card taken, face up or from the deck. Only a locomotive taken
  first asks where it came from (face up, it ends the turn).
- drawing tickets: tap a ticket kept (or `ok`, "Draw tickets"), tap the others kept, `ok`.
- claiming a route: `ok`, "Claim a route", then a letter, a city, one of its routes (a list
  with one entry is skipped); the screen shows the route's colour, length and points; tap the
  cards paid: the last one claims the route. A tunnel then asks for the cards turned over
  (tapped, or chosen from the list with the buttons), then for the extra cards (or `ok` to
  give it up).
- a station (Europe): `ok`, "Build a station", a letter, a city, tap the cards paid.
- three locomotives face up: `up` (or the menu) and `ok`; the deck runs out: `ok` once the
  discards are shuffled into a new deck.
- `back` steps back; holding `back` undoes the last move (the appliance asks first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import Enum
from functools import cache
from typing import Any, cast

from engine.errors import IllegalEvent
from engine.events import Event
from engine.game import TallyResult
from engine.games.ticket_to_ride.board import COLORS, LOCOMOTIVE, Map, Track
from engine.games.ticket_to_ride.events import (
    BuildStation,
    ClaimRoute,
    Deal,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    ReplaceFaceUp,
    Reshuffle,
    RevealTunnel,
)
from engine.games.ticket_to_ride.library import shipped_map
from engine.games.ticket_to_ride.names import fold
from engine.games.ticket_to_ride.payment import (
    UNKNOWN,
    Payment,
    surcharge_cards_problem,
    tunnel_surcharge,
)
from engine.games.ticket_to_ride.payment import hand_problem as _hand_problem
from engine.games.ticket_to_ride.payment import route_payment_problem as _route_problem
from engine.games.ticket_to_ride.payment import set_payment_problem as _set_problem
from engine.games.ticket_to_ride.rules import (
    DECK,
    can_act,
    cards_to_reveal,
    claim_problem,
    face_up_problem,
    holdings,
    long_tickets,
    needs_reshuffle,
    regular_tickets,
    result,
    station_cities,
    station_cost,
    train_deck,
)
from engine.games.ticket_to_ride.scoring import PlayerCount, count_player
from engine.games.ticket_to_ride.state import Phase, TicketToRideState

from ..i18n import fill
from ..inputs import Input, Press, Tap
from ..screens.model import Menu, Screen, Style
from .base import NOTHING, CardLike, Reaction
from .menus import moved, toward
from .ticket_to_ride_text import GAME, Words, city_letter, ticket_code, ticket_codes
from .words import paged


class Mode(Enum):
    MAIN = "main"
    MENU = "menu"
    #: A locomotive taken first: face up or from the deck?
    SOURCE = "source"
    LETTER = "letter"
    CITY = "city"
    TRACK = "track"
    #: The cards paid for the chosen route or station.
    PAY = "pay"
    #: "Three locomotives face up?"
    FACE_UP = "face-up"
    GIVE_UP = "give-up"
    LAST_ROUND = "last-round"
    # Derived from the game itself, never stored:
    SETUP = "setup"
    TICKETS = "tickets"
    SECOND = "second"
    RESHUFFLE = "reshuffle"
    REVEAL = "reveal"
    TUNNEL_PAY = "tunnel-pay"
    FINAL = "final"


#: Modes the flow keeps between inputs (the others follow from the game).
STORED = (Mode.MAIN, Mode.MENU, Mode.SOURCE, Mode.LETTER, Mode.CITY, Mode.TRACK, Mode.PAY,
          Mode.FACE_UP, Mode.GIVE_UP, Mode.LAST_ROUND)


class Action(Enum):
    """The menu of a player's turn."""

    CLAIM = "claim"
    TICKETS = "tickets"
    STATION = "station"
    FACE_UP = "face-up"
    PASS = "pass"


CLAIM = "claim"
STATION = "station"
#: The train cards, for the cards turned over for a tunnel entered with the buttons.
TRAIN_CARDS = (*COLORS, LOCOMOTIVE)


@dataclass
class Pick:
    """One card of the entry in progress: a train card ("red", "locomotive") or a ticket id."""

    card: str
    uid: str


class TicketToRideFlow:
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.language = language
        self.mode = Mode.MAIN
        #: What the city is chosen for: a route (CLAIM) or a station.
        self.purpose = CLAIM
        self.letter: str | None = None
        self.city: str | None = None
        self.track: str | None = None
        self.choice = 0
        self.picks: list[Pick] = []
        #: The locomotive waiting for its answer in SOURCE.
        self.pending: Pick | None = None
        #: A ticket tapped to draw tickets: kept once the tickets are drawn.
        self.carry: Pick | None = None
        #: Where "3 locos face up?" returns.
        self.back_to = Mode.MAIN
        self.page = 0
        #: Ticket tags kept by the players.
        self.kept: set[str] = set()
        #: This turn's first train card and its tag, while the second is still to draw.
        self.first: tuple[str, str] | None = None
        #: Lists worked out for the last state seen (every screen and press reads them).
        self._cache: dict[str, tuple[Any, Any]] = {}
        #: The final count of the last state asked for (the final screens read it often).
        self._count: tuple[TicketToRideState, TallyResult, list[PlayerCount]] | None = None

    # --- What the screen shows ----------------------------------------------------------------

    def current_mode(self, state: TicketToRideState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.DEAL:
            return Mode.SETUP
        if self.mode in (Mode.LAST_ROUND, Mode.FACE_UP):
            return self.mode
        if needs_reshuffle(state):
            return Mode.RESHUFFLE
        tunnel = state.tunnel
        if tunnel is not None:
            if tunnel.surcharge is None:
                return Mode.REVEAL
            return Mode.GIVE_UP if self.mode is Mode.GIVE_UP else Mode.TUNNEL_PAY
        if state.phase is Phase.START_TICKETS or state.player().offered:
            return Mode.TICKETS
        if state.drawn:
            return Mode.SECOND
        if self.mode is Mode.GIVE_UP or not self._route_valid(state):
            return Mode.MAIN
        return self.mode

    def _route_valid(self, state: TicketToRideState) -> bool:
        """Whether the route or station being chosen still makes sense (a draft restored after
        a restart may come from another version, or from before an undo)."""
        mode = self.mode
        if mode not in (Mode.LETTER, Mode.CITY, Mode.TRACK, Mode.PAY):
            return True
        if self.purpose == STATION and station_cost(state) is None:
            return False
        if mode is Mode.LETTER:
            return bool(self._letters(state))
        if mode is Mode.CITY:
            return bool(self._cities(state, self.letter or ""))
        city = self.city or ""
        if self.purpose == STATION:
            return mode is Mode.PAY and city in self._cities(state, city_letter(city))
        if mode is Mode.TRACK:
            return bool(self._tracks(state, city))
        board = state.board
        return (self.track is not None and board.has_track(self.track)
                and claim_problem(state, board.track(self.track)) is None)

    def screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        mode = self.current_mode(state)
        board = state.board
        if mode is Mode.SETUP:
            pages = self._setup_pages(state)
            title, body = pages[min(self.page, len(pages) - 1)]
            return Screen(top=w.setup_top(board), title=title, body=body, hints=w.hint_pages(),
                          progress=(self.page + 1, len(pages)))
        if mode is Mode.FINAL:
            return self._final_screen(state)
        player = state.player()
        top = w.turn_top(player.name, w.context(board, len(state.players), state.turns_left))
        if mode is Mode.LAST_ROUND:
            return Screen(top=top, title=w.last_round(), body=self._last_round_lines(state),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.FACE_UP:
            return Screen(top=top, title=w.face_up_question(), body=w.face_up_body(),
                          hints=w.hint_confirm(), style=Style.CONFIRM)
        if mode is Mode.RESHUFFLE:
            return Screen(top=top, title=w.deck_empty(),
                          body=(*w.reshuffle_body(), w.face_up_line()),
                          hints=w.hint_reshuffle(), style=Style.ANNOUNCE)
        if mode is Mode.REVEAL:
            count = cards_to_reveal(state)
            cards = tuple(w.card(card) for card in TRAIN_CARDS)
            return Screen(top=top, title=w.tunnel_reveal(count),
                          menu=Menu(cards, self.choice % len(cards)),
                          hints=w.hint_turned(), progress=(len(self.picks), count))
        if mode in (Mode.TUNNEL_PAY, Mode.GIVE_UP):
            return self._tunnel_pay_screen(state, top, mode)
        if mode is Mode.TICKETS:
            return self._tickets_screen(state, top)
        if mode is Mode.SECOND:
            first = self._first_card(state)
            body = (w.first_was(first) if first else w.tap_second(), w.face_up_line())
            return Screen(top=top, title=w.second_card(player.name), body=body,
                          hints=w.hint_second(), progress=(1, 2))
        if mode is Mode.SOURCE:
            return Screen(top=top, title=w.locomotive_question(),
                          menu=Menu((w.face_up_locomotive(), w.blind_locomotive()), self.choice),
                          hints=w.hint_choose())
        if mode is Mode.MENU:
            actions = self._actions(state)
            return Screen(top=top, title=w.menu_title(player.name),
                          menu=Menu(tuple(w.action(a) for a in actions), self.choice),
                          hints=w.hint_choose())
        if mode in (Mode.LETTER, Mode.CITY, Mode.TRACK, Mode.PAY):
            return self._route_screen(state, top, mode)
        body = (w.trains_and_cards(player.trains, len(player.hand)),
                w.tickets_and_points(len(player.tickets), player.route_points))
        if state.turns_left is not None:
            body += (w.still_to_play(self._still_to_play(state)),)
        return Screen(top=top, title=w.tap_cards_taken(), body=body, hints=w.hint_main())

    def _picked_line(self) -> tuple[str, ...]:
        if not self.picks:
            return ()
        return (self.words.cards([pick.card for pick in self.picks]),)

    def _tunnel_pay_screen(self, state: TicketToRideState, top: str, mode: Mode) -> Screen:
        w = self.words
        tunnel = state.tunnel
        assert tunnel is not None
        if mode is Mode.GIVE_UP:
            return Screen(top=top, title=w.give_up_question(), body=w.give_up_body(),
                          hints=w.hint_confirm(), style=Style.CONFIRM)
        surcharge = tunnel.surcharge or 0
        body = (w.tunnel_color(tunnel.color), *self._picked_line())
        return Screen(top=top, title=w.tunnel_extra(surcharge), body=body,
                      hints=w.hint_tunnel_pay(), progress=(len(self.picks), surcharge))

    def _tickets_screen(self, state: TicketToRideState, top: str) -> Screen:
        w = self.words
        player = state.player()
        offered = len(player.offered) + len(player.offered_long)
        least = min(self._least_kept(state), offered)
        body = [w.tap_tickets(least, offered)]
        board = state.board
        body += [w.ticket(board.ticket(pick.card)) for pick in self.picks
                 if board.has_ticket(pick.card)][-1:]  # the last kept: room to wrap
        if state.phase is Phase.START_TICKETS and not self.picks:
            body.append(w.face_up_line())
        return Screen(top=top, title=w.tickets_title(player.name), body=tuple(body),
                      hints=w.hint_tickets(), progress=(len(self.picks), offered))

    def _route_screen(self, state: TicketToRideState, top: str, mode: Mode) -> Screen:
        w = self.words
        station = self.purpose == STATION
        if mode is Mode.LETTER:
            letters = self._letters(state)
            items = tuple(w.letter_item(letter, self._cities(state, letter))
                          for letter in letters)
            title = w.station_title() if station else w.claim_title()
            return Screen(top=top, title=title, menu=Menu(items, self.choice),
                          hints=w.hint_choose())
        if mode is Mode.CITY:
            cities = self._cities(state, self.letter or "")
            title = w.station_title() if station else w.claim_title()
            return Screen(top=top, title=title, menu=Menu(tuple(cities), self.choice),
                          hints=w.hint_choose())
        if mode is Mode.TRACK:
            city = self.city or ""
            tracks = self._tracks(state, city)
            return Screen(top=top, title=w.from_city(city),
                          menu=Menu(tuple(w.track_item(t, city) for t in tracks), self.choice),
                          hints=w.hint_choose())
        if station:
            cost = station_cost(state) or 0
            body = (w.station_cost(cost), *(self._picked_line() or (w.tap_cards(cost),)))
            return Screen(top=top, title=w.station_at(self.city or ""), body=body,
                          hints=w.hint_pay(), progress=(len(self.picks), cost))
        track = state.board.track(self.track or "")
        lines = [w.route_line(track, state.board.rules.points_for(track.length))]
        special = w.route_special(track)
        if special:
            lines.append(special)
        lines.extend(self._picked_line() or (w.tap_cards(track.length),))
        return Screen(top=top, title=w.route_title(track), body=tuple(lines),
                      hints=w.hint_pay(), progress=(len(self.picks), track.length))

    def _final_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        final, _counts = self._final_count(state)
        ranking_lines = self._ranking_lines(state)
        pages = self._final_pages(state)
        page = min(self.page, len(pages) - 1)
        top = w.final_top()
        seat, body = pages[page]
        if seat is not None:
            score = final.players[seat]
            return Screen(top=top, title=w.final_title(score.name, score.total), body=body,
                          hints=w.hint_pages(), progress=(page + 1, len(pages)))
        first = (page - len(pages) + _pages_of(len(ranking_lines))) * RANKING_LINES
        return Screen(top=top, title=w.winners(final.winners),
                      body=tuple(ranking_lines[first : first + RANKING_LINES]),
                      hints=w.hint_pages(), style=Style.ANNOUNCE)

    def _ranking_lines(self, state: TicketToRideState) -> list[str]:
        w = self.words
        final, counts = self._final_count(state)
        scores = final.players
        order = sorted(range(len(scores)),
                       key=lambda seat: (scores[seat].name not in final.winners,
                                         -scores[seat].total))
        lines = [w.rank(place + 1, scores[seat].name, scores[seat].total)
                 for place, seat in enumerate(order)]
        if final.deciding:
            lines.append(w.tiebreak(final.deciding))
        return lines

    def _setup_pages(self, state: TicketToRideState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        board = state.board
        rules = board.rules
        return [
            w.setup_players(board, len(state.players), state.players[state.first].name),
            w.setup_cards(rules.cards.hand, rules.cards.face_up),
            w.setup_tickets(rules.tickets.start, rules.tickets.start_long),
        ]

    def _last_round_lines(self, state: TicketToRideState) -> tuple[str, ...]:
        w = self.words
        trigger = min(state.players, key=lambda p: p.trains)
        return (w.trains_left(trigger.name, trigger.trains),
                w.still_to_play(self._still_to_play(state), lines=2))

    @staticmethod
    def _still_to_play(state: TicketToRideState) -> list[str]:
        turns = state.turns_left or 0
        seats = [state.order.next_seat(state.current, step) for step in range(turns)]
        return list(dict.fromkeys(state.players[seat].name for seat in seats))

    # --- Buttons ------------------------------------------------------------------------------

    def on_button(self, state: TicketToRideState, button: str) -> Reaction:
        mode = self.current_mode(state)
        handler = {
            Mode.SETUP: self._setup_button,
            Mode.FINAL: self._final_button,
            Mode.LAST_ROUND: self._ack_button,
            Mode.FACE_UP: self._face_up_button,
            Mode.RESHUFFLE: self._reshuffle_button,
            Mode.REVEAL: self._reveal_button,
            Mode.TUNNEL_PAY: self._tunnel_pay_button,
            Mode.GIVE_UP: self._give_up_button,
            Mode.TICKETS: self._tickets_button,
            Mode.SECOND: self._second_button,
            Mode.SOURCE: self._source_button,
            Mode.MAIN: self._main_button,
            Mode.MENU: self._menu_button,
            Mode.LETTER: self._route_button,
            Mode.CITY: self._route_button,
            Mode.TRACK: self._route_button,
            Mode.PAY: self._route_button,
        }[mode]
        return handler(state, button)

    def _setup_button(self, state: TicketToRideState, button: str) -> Reaction:
        pages = len(self._setup_pages(state))
        if button in ("up", "down"):
            self.page = moved(self.page, button, pages)
        elif button == "ok":
            if self.page < pages - 1:
                self.page += 1
            else:
                return Reaction(_unseen_deal(state.board), notice=self.words.dealt())
        elif button == "back":
            self.page = max(0, self.page - 1)
        return NOTHING

    def _final_button(self, state: TicketToRideState, button: str) -> Reaction:
        pages = len(self._final_pages(state))
        if button in ("up", "down", "ok"):
            self.page = moved(self.page, "down" if button == "ok" else button, pages)
        return NOTHING

    def _final_pages(self, state: TicketToRideState) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each player's count on one page or more (seat, lines), then the ranking's pages
        (None)."""
        final, counts = self._final_count(state)
        w = self.words
        players = [
            (seat, lines) for seat, score in enumerate(final.players)
            for lines in paged(w.final_breakdown(score.breakdown, counts[seat].completed,
                                                 len(state.players[seat].tickets)), w.more())]
        ranking: list[tuple[int | None, tuple[str, ...]]] = [
            (None, ())] * _pages_of(len(self._ranking_lines(state)))
        return [*players, *ranking]

    def _ack_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _ask_face_up(self, mode: Mode) -> Reaction:
        self.back_to = mode if mode in STORED else Mode.MAIN
        self.mode = Mode.FACE_UP
        return NOTHING

    def _face_up_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "ok":
            return Reaction(ReplaceFaceUp(), notice=self.words.face_up_replaced())
        if button == "back":
            self.mode = self.back_to
        return NOTHING

    def _reshuffle_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "ok":
            return Reaction(Reshuffle((UNKNOWN,) * len(state.discard)),
                            notice=self.words.reshuffled())
        if button in ("up", "down"):
            return self._ask_face_up(Mode.MAIN)
        return NOTHING

    def _reveal_button(self, state: TicketToRideState, button: str) -> Reaction:
        """The cards turned over may be entered with the buttons too: a card from the list."""
        if button == "back" and self.picks:
            self.picks.pop()
        elif button in ("up", "down"):
            self.choice = moved(self.choice, button, len(TRAIN_CARDS))
        elif button == "ok":
            return self._reveal_tapped(state, Pick(TRAIN_CARDS[self.choice % len(TRAIN_CARDS)],
                                                   ""))
        return NOTHING

    def _tunnel_pay_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "back" and self.picks:
            self.picks.pop()
        elif button == "ok":
            self.picks = []
            self.mode = Mode.GIVE_UP
        return NOTHING

    def _give_up_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "ok":
            return Reaction(PayTunnel(()), notice=self.words.tunnel_given_up())
        if button == "back":
            self.mode = Mode.MAIN
        return NOTHING

    def _tickets_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "ok":
            least = min(self._least_kept(state), len(state.player().offered) +
                        len(state.player().offered_long))
            if len(self.picks) < least:
                return Reaction(refusal=self.words.keep_at_least(least))
            event = KeepTickets(tuple(pick.card for pick in self.picks))
            return Reaction(event, notice=self.words.tickets_kept(len(self.picks)),
                            uids=tuple(pick.uid for pick in self.picks))
        if button == "back" and self.picks:
            self.picks.pop()
        elif button in ("up", "down") and state.phase is Phase.START_TICKETS:
            return self._ask_face_up(Mode.MAIN)
        return NOTHING

    def _second_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button in ("up", "down"):
            return self._ask_face_up(Mode.MAIN)
        return NOTHING

    def _source_button(self, state: TicketToRideState, button: str) -> Reaction:
        pending = self.pending
        if button == "back" or pending is None:
            self._enter(Mode.MAIN)
        elif button in ("up", "down"):
            self.choice = moved(self.choice, button, 2)
        elif button == "ok":
            index = 0 if self.choice == 0 else DECK
            return self._draw(state, pending, index)
        return NOTHING

    def _main_button(self, state: TicketToRideState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MENU)
        elif button in ("up", "down"):
            return self._ask_face_up(Mode.MAIN)
        return NOTHING

    def _menu_button(self, state: TicketToRideState, button: str) -> Reaction:
        actions = self._actions(state)
        if button == "back":
            self._enter(Mode.MAIN)
        elif button in ("up", "down"):
            self.choice = moved(self.choice, button, len(actions))
        elif button == "ok":
            action = actions[min(self.choice, len(actions) - 1)]
            if action is Action.CLAIM:
                return self._start_route(state, CLAIM)
            if action is Action.STATION:
                return self._start_route(state, STATION)
            if action is Action.TICKETS:
                if not state.tickets:
                    return Reaction(refusal=self.words.no_tickets_left())
                return Reaction(DrawTickets(), notice=self.words.tickets_drawn())
            if action is Action.FACE_UP:
                return Reaction(ReplaceFaceUp(), notice=self.words.face_up_replaced())
            return Reaction(Pass(), notice=self.words.passed())
        return NOTHING

    def _start_route(self, state: TicketToRideState, purpose: str) -> Reaction:
        self._enter(Mode.LETTER)
        self.purpose = purpose
        if purpose == STATION and station_cost(state) is None:
            self._enter(Mode.MAIN)
            return Reaction(refusal=self.words.no_station_left())
        letters = self._letters(state)
        if not letters:
            self._enter(Mode.MAIN)
            return Reaction(refusal=self.words.nothing_to_claim())
        if len(letters) == 1:
            return self._choose_letter(state, letters[0])
        return NOTHING

    def _route_button(self, state: TicketToRideState, button: str) -> Reaction:
        mode = self.mode
        if button == "back":
            return self._route_back(state)
        if mode is Mode.PAY:
            return NOTHING  # the cards are tapped; the last one claims the route
        options: list[str]
        if mode is Mode.LETTER:
            options = self._letters(state)
        elif mode is Mode.CITY:
            options = self._cities(state, self.letter or "")
        else:
            options = [track.id for track in self._tracks(state, self.city or "")]
        if not options:
            self._enter(Mode.MAIN)
            return NOTHING
        if button in ("up", "down"):
            self.choice = moved(self.choice, button, len(options))
            return NOTHING
        if button != "ok":
            return NOTHING
        chosen = options[min(self.choice, len(options) - 1)]
        if mode is Mode.LETTER:
            return self._choose_letter(state, chosen)
        if mode is Mode.CITY:
            return self._choose_city(state, chosen)
        return self._choose_track(chosen)

    def _choose_letter(self, state: TicketToRideState, letter: str) -> Reaction:
        self.letter = letter
        self.mode = Mode.CITY
        self.choice = 0
        cities = self._cities(state, letter)
        if len(cities) == 1:
            return self._choose_city(state, cities[0])
        return NOTHING

    def _choose_city(self, state: TicketToRideState, city: str) -> Reaction:
        self.city = city
        self.choice = 0
        if self.purpose == STATION:
            self.mode = Mode.PAY
            self.picks = []
            return NOTHING
        self.mode = Mode.TRACK
        tracks = self._tracks(state, city)
        if len(tracks) == 1:
            return self._choose_track(tracks[0].id)
        return NOTHING

    def _choose_track(self, track: str) -> Reaction:
        self.track = track
        self.mode = Mode.PAY
        self.picks = []
        self.choice = 0
        return NOTHING

    def _route_back(self, state: TicketToRideState) -> Reaction:
        """One step back, over the steps that had a single choice."""
        if self.mode is Mode.PAY and self.picks:
            self.picks.pop()
            return NOTHING
        steps = [Mode.LETTER, Mode.CITY] + ([] if self.purpose == STATION else [Mode.TRACK])
        position = steps.index(self.mode) if self.mode in steps else len(steps)
        for step in reversed(steps[:position]):
            count = {
                Mode.LETTER: lambda: len(self._letters(state)),
                Mode.CITY: lambda: len(self._cities(state, self.letter or "")),
                Mode.TRACK: lambda: len(self._tracks(state, self.city or "")),
            }[step]()
            if count > 1:
                self.mode = step
                self.picks = []
                self.choice = 0
                return NOTHING
        self._enter(Mode.MAIN)
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: TicketToRideState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        if card.game != GAME:
            return Reaction(refusal=w.not_this_game())
        mode = self.current_mode(state)
        if card.kind == "ticket":
            return self._ticket_tapped(state, mode, card.value, uid)
        if card.kind == "locomotive":
            value = LOCOMOTIVE
        elif card.kind == "train" and card.value in COLORS:
            value = card.value
        else:
            return Reaction(refusal=w.not_a_train_card())
        if any(pick.uid == uid for pick in self.picks) or uid == self._first_uid(state):
            return Reaction(refusal=w.already_counted(w.card(value)))
        pick = Pick(value, uid)
        if mode in (Mode.MAIN, Mode.MENU):
            return self._first_card_tapped(state, pick)
        if mode is Mode.SECOND:
            index = DECK if state.deck else 0
            problem = face_up_problem(value, second=True) if index != DECK else None
            if problem is not None:
                return Reaction(refusal=self._explain(problem))
            return self._draw(state, pick, index)
        if mode is Mode.PAY:
            return self._pay_tapped(state, pick)
        if mode is Mode.REVEAL:
            return self._reveal_tapped(state, pick)
        if mode is Mode.TUNNEL_PAY:
            return self._extra_tapped(state, pick)
        if mode is Mode.TICKETS:
            return Reaction(refusal=w.not_a_ticket())
        if mode in (Mode.LETTER, Mode.CITY, Mode.TRACK):
            return Reaction(refusal=w.choose_route_first())
        return Reaction(refusal=w.not_now())

    def _first_card_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        if not state.deck and not state.display:
            return Reaction(refusal=self.words.no_card_to_draw())
        if pick.card == LOCOMOTIVE and state.deck and state.display:
            self._enter(Mode.SOURCE)
            self.pending = pick
            return NOTHING
        return self._draw(state, pick, DECK if state.deck else 0)

    def _draw(self, state: TicketToRideState, pick: Pick, index: int) -> Reaction:
        return Reaction(DrawCard(index, pick.card), notice=self.words.taken(pick.card),
                        uids=(pick.uid,))

    def _ticket_tapped(self, state: TicketToRideState, mode: Mode, value: str,
                       uid: str) -> Reaction:
        w = self.words
        if mode not in (Mode.MAIN, Mode.MENU, Mode.TICKETS):
            if mode is Mode.SECOND:
                return Reaction(refusal=w.draw_second_first())
            return Reaction(refusal=w.not_now())
        found = ticket_codes().get(value)
        board = state.board
        if found is None or found[0] != board.name or not board.has_ticket(found[1]):
            return Reaction(refusal=w.other_map_ticket())
        ticket = board.ticket(found[1])
        for pick in self.picks:
            if pick.card == ticket.id:
                self.picks.remove(pick)
                return Reaction(notice=w.ticket_put_back(ticket))
        for player in state.players:
            if ticket.id in player.tickets:
                return Reaction(refusal=w.ticket_held(ticket, player.name))
        if mode is not Mode.TICKETS:
            if not state.tickets:
                return Reaction(refusal=w.no_tickets_left())
            self.carry = Pick(ticket.id, uid)
            return Reaction(DrawTickets(), notice=w.tickets_drawn())
        player = state.player()
        pile = player.offered_long if ticket.long else player.offered
        if sum(1 for pick in self.picks if board.ticket(pick.card).long == ticket.long) >= len(
                pile):
            return Reaction(refusal=w.too_many_tickets(len(pile)))
        self.picks.append(Pick(ticket.id, uid))
        return NOTHING

    def _pay_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        cards = tuple(p.card for p in self.picks) + (pick.card,)
        board = state.board
        hand = state.player().hand
        if self.purpose == STATION:
            cost = station_cost(state) or 0
            problem = _set_problem(cards, cost) or _hand_problem(hand, cards)
            if problem:
                return Reaction(refusal=self._explain(problem))
            self.picks.append(pick)
            if len(cards) < cost:
                return NOTHING
            event: Event = BuildStation(self.city or "", cards)
            notice = self.words.station_built(self.city or "")
        else:
            track = board.track(self.track or "")
            problem = _route_problem(track, cards) or _hand_problem(hand, cards)
            if problem:
                return Reaction(refusal=self._explain(problem))
            self.picks.append(pick)
            if len(cards) < track.length:
                return NOTHING
            event = ClaimRoute(track.id, cards)
            notice = self.words.claimed(track, board.rules.points_for(track.length))
            if track.tunnel:
                notice = None
        return Reaction(event, notice=notice, uids=tuple(p.uid for p in self.picks))

    def _reveal_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        self.picks.append(pick)
        count = cards_to_reveal(state)
        if len(self.picks) < count:
            return Reaction(notice=self.words.cards([p.card for p in self.picks]))
        tunnel = state.tunnel
        assert tunnel is not None
        cards = tuple(p.card for p in self.picks)
        revealed = tunnel.revealed + cards
        notice = None
        if len(revealed) >= state.board.rules.tunnel_reveal or not state.discard:
            extra = tunnel_surcharge(revealed, Payment(tunnel.color, 0))
            notice = self.words.tunnel_extra(extra) if extra else self.words.tunnel_free()
        return Reaction(RevealTunnel(cards), notice=notice,
                        uids=tuple(p.uid for p in self.picks if p.uid))

    def _extra_tapped(self, state: TicketToRideState, pick: Pick) -> Reaction:
        tunnel = state.tunnel
        assert tunnel is not None and tunnel.surcharge is not None
        cards = tuple(p.card for p in self.picks) + (pick.card,)
        problem = (surcharge_cards_problem(cards, tunnel.color)
                   or _hand_problem(state.player().hand, tunnel.cards + cards))
        if problem:
            return Reaction(refusal=self._explain(problem))
        self.picks.append(pick)
        if len(cards) < tunnel.surcharge:
            return NOTHING
        track = state.board.track(tunnel.track)
        notice = self.words.claimed(track, state.board.rules.points_for(track.length))
        return Reaction(PayTunnel(cards), notice=notice, uids=tuple(p.uid for p in self.picks))

    def _explain(self, error: IllegalEvent) -> str:
        """An engine refusal in words, a colour by its name."""
        params = dict(error.params)
        color = params.get("color")
        if isinstance(color, str):
            params["color"] = self.words.color(color).lower()
        return fill(error.reason, self.language, **params)

    # --- Questions about the move being entered -----------------------------------------------

    def _actions(self, state: TicketToRideState) -> list[Action]:
        actions = [Action.CLAIM]
        if state.tickets:
            actions.append(Action.TICKETS)
        if station_cost(state) is not None:
            actions.append(Action.STATION)
        actions.append(Action.FACE_UP)
        if not can_act(state):
            actions.append(Action.PASS)
        return actions

    def _letters(self, state: TicketToRideState) -> list[str]:
        return list(self._index(state))

    def _cities(self, state: TicketToRideState, letter: str) -> list[str]:
        return self._index(state).get(letter, [])

    def _index(self, state: TicketToRideState) -> dict[str, list[str]]:
        """The cities a player may choose now, by letter: with a free route, or without a
        station. Worked out once per state (every screen and every press reads it)."""
        key = (state, self.purpose)
        cached = self._cache.get("index")
        if cached is not None and cached[0][0] is state and cached[0][1] == self.purpose:
            return cast(dict[str, list[str]], cached[1])
        board = state.board
        if self.purpose == STATION:
            taken = station_cities(state)
            places = [city for city in board.cities if city not in taken]
        else:
            places = [city for city in board.cities if self._tracks(state, city)]
        index: dict[str, list[str]] = {}
        for city in sorted(places, key=_folded):
            index.setdefault(city_letter(city), []).append(city)
        index = dict(sorted(index.items()))
        self._cache["index"] = (key, index)
        return index

    def _tracks(self, state: TicketToRideState, city: str) -> list[Track]:
        """The tracks from `city` the current player may claim, one per kind of track."""
        cached = self._cache.get("tracks")
        if cached is None or cached[0] is not state:
            cached = (state, {})
            self._cache["tracks"] = cached
        known = cast(dict[str, list[Track]], cached[1])
        if city not in known:
            seen: set[tuple[Any, ...]] = set()
            found = []
            for track in state.board.tracks_at(city):
                kind = _track_kind(track, city)
                if kind in seen or claim_problem(state, track) is not None:
                    continue
                seen.add(kind)
                found.append(track)
            known[city] = sorted(found, key=lambda t: (_folded(t.other_end(city)), t.color))
        return known[city]

    def _least_kept(self, state: TicketToRideState) -> int:
        tickets = state.board.rules.tickets
        return tickets.start_keep if state.phase is Phase.START_TICKETS else tickets.draw_keep

    def _first_card(self, state: TicketToRideState) -> str | None:
        """The card of this turn's first draw, when the second is still to come."""
        return self.first[0] if self.first and state.drawn else None

    def _first_uid(self, state: TicketToRideState) -> str | None:
        return self.first[1] if self.first and state.drawn else None

    def _final_count(self, state: TicketToRideState) -> tuple[TallyResult, list[PlayerCount]]:
        if self._count is None or self._count[0] is not state:
            held = holdings(state)
            counts = [count_player(state.board, held, seat) for seat in range(len(held))]
            self._count = (state, result(state), counts)
        return self._count[1], self._count[2]

    def _enter(self, mode: Mode) -> None:
        self.mode = mode
        self.picks = []
        self.choice = 0
        self.pending = None
        self.letter = self.city = self.track = None

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: TicketToRideState, after: TicketToRideState, event: Event,
                 uids: tuple[str, ...]) -> None:
        if isinstance(event, KeepTickets):
            self.kept |= set(uids)
        if isinstance(event, DrawCard):
            self.first = (event.card, uids[0] if uids else "") if after.drawn else None
        # Tickets tapped before the face-up cards were replaced stay tapped; a ticket tapped
        # to draw tickets is the first one kept.
        keep = self.picks if isinstance(event, ReplaceFaceUp) else []
        if isinstance(event, DrawTickets) and self.carry is not None:
            keep = [self.carry]
        self.carry = None
        self._enter(Mode.MAIN)
        self.picks = keep
        self.page = 0
        if (before.turns_left is None and after.turns_left is not None
                and after.phase is not Phase.OVER):
            self.mode = Mode.LAST_ROUND

    def rebuild(self, state: TicketToRideState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.kept = set()
        self.first = None
        for event, uids in history:
            if isinstance(event, KeepTickets):
                self.kept |= set(uids)
        if state.drawn:
            for event, uids in reversed(history):
                if isinstance(event, DrawCard):
                    self.first = (event.card, uids[0] if uids else "")
                    break
        self._enter(Mode.MAIN)
        self.carry = None
        self.page = 0

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        w = self.words
        choices = [(w.card(color), "train", color) for color in COLORS]
        choices.append((w.card(LOCOMOTIVE), "locomotive", ""))
        for code, (map_name, ticket_id) in ticket_codes().items():
            ticket = shipped_map(map_name).ticket(ticket_id)
            choices.append((w.ticket(ticket), "ticket", code))
        return choices

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        busy = self.kept | {pick.uid for pick in self.picks}
        if self.first:
            busy.add(self.first[1])
        if self.carry:
            busy.add(self.carry.uid)
        return busy

    def draft(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "purpose": self.purpose,
            "letter": self.letter,
            "city": self.city,
            "track": self.track,
            "choice": self.choice,
            "picks": [asdict(pick) for pick in self.picks],
            "pending": asdict(self.pending) if self.pending else None,
            "back_to": self.back_to.value,
            "page": self.page,
        }

    def restore(self, draft: dict[str, Any]) -> None:
        try:
            mode = Mode(draft.get("mode", "main"))
            back_to = Mode(draft.get("back_to", "main"))
            picks = [Pick(**pick) for pick in draft.get("picks", [])]
            pending = Pick(**draft["pending"]) if draft.get("pending") else None
        except (TypeError, ValueError):
            return  # a draft from another version: start the turn afresh
        self.mode = mode if mode in STORED else Mode.MAIN
        self.back_to = back_to if back_to in STORED else Mode.MAIN
        self.purpose = STATION if draft.get("purpose") == STATION else CLAIM
        self.letter = _text_or_none(draft.get("letter"))
        self.city = _text_or_none(draft.get("city"))
        self.track = _text_or_none(draft.get("track"))
        self.choice = int(draft.get("choice", 0))
        self.picks = picks
        self.pending = pending
        self.page = int(draft.get("page", 0))

    # --- The automated player of the demo -----------------------------------------------------

    def next_input(self, state: TicketToRideState, goal: Event,
                   uid_for: Callable[[str, str], str]) -> Input:
        mode = self.current_mode(state)
        if mode in (Mode.SETUP, Mode.FINAL, Mode.LAST_ROUND):
            return Press("ok")
        if isinstance(goal, ReplaceFaceUp):
            if mode is Mode.FACE_UP:
                return Press("ok")
            if mode in (Mode.MAIN, Mode.SECOND, Mode.RESHUFFLE, Mode.TICKETS):
                return Press("up")
            return Press("back")
        if mode is Mode.FACE_UP:
            return Press("back")
        if isinstance(goal, Reshuffle):
            return Press("ok") if mode is Mode.RESHUFFLE else Press("back")
        if isinstance(goal, KeepTickets):
            return self._toward_tickets(state, goal, mode, uid_for)
        if isinstance(goal, RevealTunnel):
            if mode is not Mode.REVEAL:
                return Press("back")
            return _tap(uid_for, goal.cards[len(self.picks)])
        if isinstance(goal, PayTunnel):
            if mode is Mode.GIVE_UP:
                return Press("ok" if not goal.cards else "back")
            if mode is not Mode.TUNNEL_PAY:
                return Press("back")
            if not goal.cards:
                return Press("ok")
            return _tap(uid_for, goal.cards[len(self.picks)])
        if isinstance(goal, DrawCard):
            return self._toward_draw(state, goal, mode, uid_for)
        wanted = {
            DrawTickets: Action.TICKETS,
            ClaimRoute: Action.CLAIM,
            BuildStation: Action.STATION,
            Pass: Action.PASS,
        }.get(type(goal))
        if wanted is None:
            raise IllegalEvent("no table input enters this move")
        if mode is Mode.MAIN:
            return Press("ok")
        if mode is Mode.MENU:
            return toward(self.choice, self._actions(state).index(wanted),
                           len(self._actions(state)))
        if isinstance(goal, ClaimRoute) and self.purpose == CLAIM:
            return self._toward_claim(state, goal, mode, uid_for)
        if isinstance(goal, BuildStation) and self.purpose == STATION:
            return self._toward_station(state, goal, mode, uid_for)
        return Press("back")

    def _toward_tickets(self, state: TicketToRideState, goal: KeepTickets, mode: Mode,
                        uid_for: Callable[[str, str], str]) -> Input:
        if mode is not Mode.TICKETS:
            return Press("back")
        picked = [pick.card for pick in self.picks]
        for pick in self.picks:
            if pick.card not in goal.tickets:
                return Tap(pick.uid)  # tapped again: put back
        for ticket in goal.tickets:
            if ticket not in picked:
                return Tap(uid_for("ticket", ticket_code(state.board, ticket)))
        return Press("ok")

    def _toward_draw(self, state: TicketToRideState, goal: DrawCard, mode: Mode,
                     uid_for: Callable[[str, str], str]) -> Input:
        if mode is Mode.SOURCE:
            return toward(self.choice, 1 if goal.index == DECK else 0, 2)
        if mode not in (Mode.MAIN, Mode.MENU, Mode.SECOND):
            return Press("back")
        return _tap(uid_for, goal.card)

    def _toward_claim(self, state: TicketToRideState, goal: ClaimRoute, mode: Mode,
                      uid_for: Callable[[str, str], str]) -> Input:
        board = state.board
        wanted = board.track(goal.track)
        city = self.city if self.city in wanted.ends else wanted.ends[0]
        if mode is Mode.LETTER:
            letters = self._letters(state)
            return toward(self.choice, letters.index(city_letter(city)), len(letters))
        if mode is Mode.CITY:
            if self.letter != city_letter(city):
                return Press("back")
            cities = self._cities(state, self.letter)
            return toward(self.choice, cities.index(city), len(cities))
        if mode is Mode.TRACK:
            if self.city not in wanted.ends:
                return Press("back")
            kinds = [_track_kind(t, city) for t in self._tracks(state, city)]
            return toward(self.choice, kinds.index(_track_kind(wanted, city)), len(kinds))
        if mode is Mode.PAY:
            chosen = board.track(self.track or "")
            if _track_kind(chosen, city) != _track_kind(wanted, city):
                return Press("back")
            return _tap(uid_for, goal.cards[len(self.picks)])
        return Press("back")

    def _toward_station(self, state: TicketToRideState, goal: BuildStation, mode: Mode,
                        uid_for: Callable[[str, str], str]) -> Input:
        city = state.board.place(goal.city) or goal.city
        if mode is Mode.LETTER:
            letters = self._letters(state)
            return toward(self.choice, letters.index(city_letter(city)), len(letters))
        if mode is Mode.CITY:
            if self.letter != city_letter(city):
                return Press("back")
            cities = self._cities(state, self.letter)
            return toward(self.choice, cities.index(city), len(cities))
        if mode is Mode.PAY:
            if self.city != city:
                return Press("back")
            return _tap(uid_for, goal.cards[len(self.picks)])
        return Press("back")


#: Ranking lines per final page.
RANKING_LINES = 3


def _pages_of(lines: int) -> int:
    return max(1, -(-lines // RANKING_LINES))


def _unseen_deal(board: Map) -> Deal:
    """The deal as the table makes it: the companion sees none of the cards."""
    return Deal((UNKNOWN,) * len(train_deck(board)), (UNKNOWN,) * len(regular_tickets(board)),
                (UNKNOWN,) * len(long_tickets(board)))


@cache
def _folded(name: str) -> str:
    return fold(name)


def _track_kind(track: Track, city: str) -> tuple[Any, ...]:
    """Tracks a player cannot tell apart when claiming (the two gray tracks of a double)."""
    return (track.route, track.other_end(city), track.color, track.length, track.tunnel,
            track.ferries)


def _tap(uid_for: Callable[[str, str], str], card: str) -> Tap:
    if card == LOCOMOTIVE:
        return Tap(uid_for("locomotive", ""))
    return Tap(uid_for("train", card))




def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


__all__ = ["GAME", "TicketToRideFlow"]
