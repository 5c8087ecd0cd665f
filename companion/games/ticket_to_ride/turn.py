"""A player's turn at the Ticket to Ride table: the main screen and the menu of actions, the
train cards drawn, the face-up row replaced and the deck reshuffled.

Only a locomotive taken first asks where it came from (face up, it ends the turn); three
locomotives face up are replaced with `up` (or from the menu) and `ok`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, chosen, moved, refused
from companion.games.ticket_to_ride.pages import still_to_play
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.view import (  # fmt: skip
    CLAIM,
    DEPOT,
    STATION,
    STORED,
    Action,
    Mode,
    Pick,
    replaces_face_up,
)
from companion.games.ticket_to_ride.words import (  # fmt: skip
    BLIND_LOCOMOTIVE,
    CARD_TO_HAND,
    CARD_TO_TEAM,
    DECK_EMPTY,
    FACE_UP_LINE,
    FACE_UP_LOCOMOTIVE,
    FACE_UP_QUESTION,
    FACE_UP_REPLACED,
    HINT_MAIN,
    HINT_NONE_LEFT,
    HINT_RESHUFFLE,
    HINT_RESHUFFLE_ONLY,
    HINT_SECOND,
    HINT_SECOND_ONLY,
    JOKER_QUESTION,
    LOCOMOTIVE_QUESTION,
    MERCHANDISE_LINE,
    NO_CARD_TO_DRAW,
    NO_SECOND_CARD,
    NO_TICKETS_LEFT,
    PASSED,
    RESHUFFLED,
    SECOND_CARD,
    SECOND_TO_TEAM,
    SHARED_CARDS,
    STORE_FIRST,
    TAP_CARDS_TAKEN,
    TAP_SECOND,
    TEAM_CARDS_AND_GOODS,
    TEAM_SCORE,
    TICKETS_AND_POINTS,
    TICKETS_DRAWN,
    TOLLS_AND_LOANS,
    TRAINS_AND_CARDS,
)
from companion.screens.model import Menu, Screen, Style
from engine.games.ticket_to_ride.card_draws import DECK, face_up_problem
from engine.games.ticket_to_ride.events import DrawCard, DrawTickets, Pass, ReplaceFaceUp, Reshuffle
from engine.games.ticket_to_ride.live_boats import row_split
from engine.games.ticket_to_ride.live_depots import must_store
from engine.games.ticket_to_ride.live_old_west import capture_points
from engine.games.ticket_to_ride.live_teams import goes_to_holder, team_of
from engine.games.ticket_to_ride.passing import no_second_card
from engine.games.ticket_to_ride.payment import JOKER, UNKNOWN
from engine.games.ticket_to_ride.special_cards import counts_double
from engine.games.ticket_to_ride.state import TicketToRideState


class Turn(Part):
    """The turn's own screens: what a player may do, and the train cards they draw."""

    # --- What a player may do ---------------------------------------------------------------

    def main_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        player = state.player()
        team = team_of(state)
        body: tuple[str, ...] = (
            w.say(TRAINS_AND_CARDS, trains=player.trains, cards=len(player.hand))
            if state.boat_cards is None else self.flow.boats.pieces_line(state),
            # A team scores together, with one marker: its points, not the member's.
            w.say(TICKETS_AND_POINTS, tickets=len(player.tickets),
                  points=player.route_points + capture_points(state, state.current))
            if team is None else w.say(TEAM_SCORE, points=sum(
                state.players[seat].route_points + capture_points(state, seat)
                for seat in state.teams[team].seats)))
        if state.board.rules.tolls is not None:
            tolls = w.say(TOLLS_AND_LOANS, tokens=player.toll_tokens, loans=player.loans)
            # Three lines fit under the title: in the last round, who is still to play
            # takes the tickets' line.
            body = (body[0], tolls) if state.turns_left is not None else (*body, tolls)
        merchandise = state.board.rules.merchandise is not None
        if team is not None and merchandise:  # the team's cards and its members' tokens
            shared = state.teams[team]
            line = w.say(TEAM_CARDS_AND_GOODS, cards=len(shared.hand), points=sum(
                token for seat in shared.seats for token in state.players[seat].merchandise))
            body = (body[0], line) if state.turns_left is not None else (*body, line)
        elif team is not None and state.turns_left is None:
            body += (w.say(SHARED_CARDS, cards=len(state.teams[team].hand)),)
        elif merchandise:
            goods = w.say(MERCHANDISE_LINE, points=sum(player.merchandise))
            body = (body[0], goods) if state.turns_left is not None else (*body, goods)
        if state.turns_left is not None:
            body += (w.still_to_play(still_to_play(state)),)
        return Screen(top=self.top(state), title=w.say(TAP_CARDS_TAKEN), body=body,
                      hints=w.say(HINT_MAIN))

    def main_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            self.ui = self.ui.entering(Mode.MENU)
        elif button in ("up", "down"):
            return self.ask_face_up(state, Mode.MAIN)
        return NOTHING

    def menu_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        actions = self.flow.view(state).actions
        return Screen(top=self.top(state), title=w.menu_title(state.player().name),
                      menu=Menu(tuple(w.action(a) for a in actions), self.ui.choice),
                      hints=w.hint_choose())

    def menu_button(self, state: TicketToRideState, button: Button) -> Reaction:
        actions = self.flow.view(state).actions
        if button == "back":
            self.ui = self.ui.entering(Mode.MAIN)
            return NOTHING
        choice, action = chosen(self.ui.choice, button, actions)
        self.ui = replace(self.ui, choice=choice)
        return NOTHING if action is None else self._act(state, action)

    def _act(self, state: TicketToRideState, action: Action) -> Reaction:
        w, flow = self.words, self.flow
        if action is Action.CLAIM:
            return flow.routes.start(state, CLAIM)
        if action is Action.STATION:
            return flow.routes.start(state, STATION)
        if action is Action.DEPOT:
            return flow.routes.start(state, DEPOT)
        if action is Action.STORE:
            self.ui = self.ui.entering(Mode.STORE)
            return NOTHING
        if action is Action.TICKETS:
            if not state.tickets:
                return refused(w.say(NO_TICKETS_LEFT))
            return Reaction(DrawTickets(), notice=w.say(TICKETS_DRAWN))
        if action is Action.FACE_UP:
            return self._replace_face_up(state)
        if action is Action.MOVE:
            return flow.passengers.start_trip(state)
        if action is Action.EXCHANGE:
            self.ui = self.ui.entering(Mode.EXCHANGE)
            return NOTHING
        return Reaction(Pass(), notice=w.say(PASSED))

    # --- Drawing train cards ------------------------------------------------------------------

    def first_card(self, state: TicketToRideState, pick: Pick) -> Reaction:
        """The turn's first train card: drawn, or asked where from."""
        if must_store(state):
            return refused(self.words.say(STORE_FIRST))
        if state.boat_cards is not None:
            return self.flow.boats.draw(state, pick, second=False)
        if not state.deck and not state.display:
            return refused(self.words.say(NO_CARD_TO_DRAW))
        if counts_double(pick.card) and state.deck and state.display:
            self.ui = replace(self.ui.entering(Mode.SOURCE), pending=pick)
            return NOTHING
        return self._draw(state, pick, DECK if state.deck else 0)

    def second_card(self, state: TicketToRideState, pick: Pick) -> Reaction:
        if state.boat_cards is not None:
            return self.flow.boats.draw(state, pick, second=bool(state.drawn))
        index = DECK if state.deck else 0
        problem = face_up_problem(pick.card, second=True) if index != DECK else None
        if problem is not None:
            return refused(self.words.explain(problem))
        return self._draw(state, pick, index)

    def source_card(self, state: TicketToRideState, pick: Pick) -> Reaction:
        """A card tapped while a locomotive waits for where it came from: on a map with boats
        the new card's own source is asked instead."""
        if state.boat_cards is not None:
            return self.flow.boats.draw(state, pick, second=bool(state.drawn))
        return refused(self.words.not_now())

    def _draw(self, state: TicketToRideState, pick: Pick, index: int) -> Reaction:
        """The card drawn; in team play its notice says whether it goes to the player's hand
        or the team's holder."""
        w = self.words
        notice = w.taken(pick.card)
        if state.teams:
            weight = 2 if index != DECK and counts_double(pick.card) else 1
            notice = w.say(CARD_TO_TEAM if goes_to_holder(state, weight) else CARD_TO_HAND,
                           card=w.card(pick.card))
        return Reaction(DrawCard(index, pick.card), notice=notice, uids=(pick.uid,))

    def second_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        first = self.flow.first[0] if self.flow.first and state.drawn else None
        # In team play where the card goes takes the face-up line (the hints still say "up").
        last = (w.say(SECOND_TO_TEAM),) if state.teams else self.face_up_line(state)
        body = (w.first_was(first) if first else w.say(TAP_SECOND), *last)
        hints = (w.say(HINT_NONE_LEFT) if no_second_card(state)
                 else w.say(HINT_SECOND if replaces_face_up(state) else HINT_SECOND_ONLY))
        return Screen(top=self.top(state), title=w.say(SECOND_CARD, name=state.player().name),
                      body=body, progress=(1, 2), hints=hints)

    def second_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button in ("up", "down"):
            return self.ask_face_up(state, Mode.MAIN)
        if button == "ok" and no_second_card(state):
            return Reaction(Pass(), notice=self.words.say(NO_SECOND_CARD))
        return NOTHING

    def source_screen(self, state: TicketToRideState) -> Screen:
        if state.boat_cards is not None:
            return self.flow.boats.source_screen(state)
        w = self.words
        pending = self.ui.pending
        joker = pending is not None and pending.card == JOKER
        return Screen(top=self.top(state),
                      title=w.say(JOKER_QUESTION if joker else LOCOMOTIVE_QUESTION),
                      menu=Menu((w.say(FACE_UP_LOCOMOTIVE), w.say(BLIND_LOCOMOTIVE)),
                                self.ui.choice),
                      hints=w.hint_choose())

    def source_button(self, state: TicketToRideState, button: Button) -> Reaction:
        pending = self.ui.pending
        if state.boat_cards is not None:
            return self.flow.boats.source_button(state, button)
        if button == "back" or pending is None:
            self.ui = self.ui.entering(Mode.MAIN)
        elif button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, 2))
        elif button == "ok":
            return self._draw(state, pending, 0 if self.ui.choice == 0 else DECK)
        return NOTHING

    # --- The face-up row and the deck ---------------------------------------------------------

    def face_up_line(self, state: TicketToRideState) -> tuple[str, ...]:
        """"3 locos face up? up", on a map that has face-up cards replaced."""
        return (self.words.say(FACE_UP_LINE),) if replaces_face_up(state) else ()

    def ask_face_up(self, state: TicketToRideState, mode: Mode) -> Reaction:
        """"Three locomotives face up?", on a map that has them replaced; `back` returns to
        `mode`."""
        if not replaces_face_up(state):
            return NOTHING
        self.ui = replace(self.ui, back_to=mode if mode in STORED else Mode.MAIN,
                          mode=Mode.FACE_UP)
        return NOTHING

    def _replace_face_up(self, state: TicketToRideState) -> Reaction:
        return Reaction(ReplaceFaceUp(), notice=self.words.say(
            FACE_UP_REPLACED, count=state.board.rules.cards.face_up))

    def face_up_screen(self, state: TicketToRideState) -> Screen:
        # On a map with boats the new row comes from both decks: the body says how many each.
        split = row_split(state) if state.boat_cards is not None else None
        return self.question(state, self.words.say(FACE_UP_QUESTION), self.words.face_up_body(
            state.board.rules.cards.face_up, split))

    def face_up_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            return self._replace_face_up(state)
        if button == "back":
            self.ui = replace(self.ui, mode=self.ui.back_to)
        return NOTHING

    def reshuffle_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        title = (self.flow.boats.deck_empty_title(state) if state.boat_cards is not None
                 else w.say(DECK_EMPTY))
        replaced = replaces_face_up(state)
        return Screen(top=self.top(state), title=title,
                      body=(*w.reshuffle_body(), *self.face_up_line(state)),
                      hints=w.say(HINT_RESHUFFLE if replaced else HINT_RESHUFFLE_ONLY),
                      style=Style.ANNOUNCE)

    def reshuffle_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok" and state.boat_cards is not None:
            return self.flow.boats.reshuffle(state)
        if button == "ok":
            return Reaction(Reshuffle((UNKNOWN,) * len(state.discard)),
                            notice=self.words.say(RESHUFFLED))
        if button in ("up", "down"):
            return self.ask_face_up(state, Mode.MAIN)
        return NOTHING
