"""Destination tickets at the Ticket to Ride table: each player's first tickets after the deal,
and those drawn in a turn, from the menu or by tapping a ticket kept; the tickets kept are
tapped (again to put one back), then `ok`."""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, refused
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.secret_tickets import TicketWords
from companion.games.ticket_to_ride.ticket_tags import map_ticket_codes
from companion.games.ticket_to_ride.view import Mode, Pick
from companion.games.ticket_to_ride.words import (  # fmt: skip
    DRAW_SECOND_FIRST,
    HINT_TICKETS,
    KEEP_AT_LEAST,
    NO_TICKETS_LEFT,
    OTHER_MAP_TICKET,
    TAP_TICKETS,
    TICKET_TO_TEAM,
    TICKETS_DRAWN,
    TICKETS_TITLE,
)
from companion.screens.model import Screen
from engine.games.ticket_to_ride.events import DrawTickets, KeepTickets
from engine.games.ticket_to_ride.state import Phase, TicketToRideState


class Tickets(Part):
    """The tickets offered and those kept of them, counted or named as the table chose."""

    @property
    def secret(self) -> TicketWords:
        return TicketWords(self.words, self.flow.show_tickets)

    def screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        player = state.player()
        offered = len(player.offered) + len(player.offered_long)
        least = min(least_kept(state), offered)
        body = [w.say(TAP_TICKETS, least=least, offered=offered)]
        body += self.secret.picked(state.board, self.ui.cards)
        if state.teams and not self.ui.picks:  # the first ticket kept is the team's
            body.append(w.say(TICKET_TO_TEAM))
        if state.phase is Phase.START_TICKETS and not self.ui.picks:
            body += self.flow.turn.face_up_line(state)
        return Screen(top=self.top(state), title=w.say(TICKETS_TITLE, name=player.name),
                      body=tuple(body), hints=w.say(HINT_TICKETS),
                      progress=(len(self.ui.picks), offered))

    def button(self, state: TicketToRideState, button: Button) -> Reaction:
        ui = self.ui
        if button == "ok":
            player = state.player()
            least = min(least_kept(state), len(player.offered) + len(player.offered_long))
            if len(ui.picks) < least:
                return refused(self.words.say(KEEP_AT_LEAST, count=least))
            notice = self.secret.kept(len(ui.picks), team=bool(state.teams))
            return Reaction(KeepTickets(ui.cards), notice=notice, uids=ui.uids)
        if button == "back" and ui.picks:
            self.ui = ui.unpicking()
        elif button in ("up", "down") and state.phase is Phase.START_TICKETS:
            return self.flow.turn.ask_face_up(state, Mode.MAIN)
        return NOTHING

    def tapped(self, state: TicketToRideState, mode: Mode, value: str, uid: str) -> Reaction:
        """A ticket tapped (its code, `value`): kept or put back while tickets are offered;
        else it draws tickets, and is the first one kept."""
        w = self.words
        if mode not in (Mode.MAIN, Mode.MENU, Mode.TICKETS):
            return refused(w.say(DRAW_SECOND_FIRST) if mode is Mode.SECOND else w.not_now())
        board = state.board
        found = map_ticket_codes(board).get(value)
        if found is None:
            return refused(w.say(OTHER_MAP_TICKET))
        ticket = board.ticket(found)
        picks = self.ui.picks
        for index, pick in enumerate(picks):
            if pick.card == ticket.id:
                self.ui = replace(self.ui, picks=picks[:index] + picks[index + 1:])
                return Reaction(notice=self.secret.put_back(ticket))
        for player in state.players:
            if ticket.id in player.tickets:
                return refused(self.secret.held(ticket, player.name))
        for team in state.teams:
            if ticket.id in team.tickets:
                return refused(self.secret.held(ticket, team.name))
        if mode is not Mode.TICKETS:
            if not state.tickets:
                return refused(w.say(NO_TICKETS_LEFT))
            self.flow.carry = Pick(ticket.id, uid)
            return Reaction(DrawTickets(), notice=w.say(TICKETS_DRAWN))
        player = state.player()
        pile = player.offered_long if ticket.long else player.offered
        if sum(1 for pick in picks if board.ticket(pick.card).long == ticket.long) >= len(pile):
            return refused(self.secret.offered(len(pile)))
        self.ui = self.ui.picking(Pick(ticket.id, uid))
        return NOTHING


def least_kept(state: TicketToRideState) -> int:
    """The fewest tickets a player keeps of those offered now."""
    tickets = state.board.rules.tickets
    return tickets.start_keep if state.phase is Phase.START_TICKETS else tickets.draw_keep
