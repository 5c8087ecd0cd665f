"""The pages the Ticket to Ride table reads out rather than plays: the setup's guidance before
the deal, the last round's announcement and the final result."""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, Reaction
from companion.flows.kit import Button, leafed, turned
from companion.flows.words import paged
from companion.games.ticket_to_ride.material import card_pages, holders_pages, material_pages
from companion.games.ticket_to_ride.part import Part
from companion.games.ticket_to_ride.ticket_names import destination_scored
from companion.games.ticket_to_ride.view import Mode
from companion.games.ticket_to_ride.words import (  # fmt: skip
    DEALT,
    FINAL_TITLE,
    FINAL_TOP,
    LAST_ROUND,
    RANK,
    TEAM_MEMBERS,
    TEAMS_TITLE,
    TRAINS_LEFT,
)
from companion.screens.model import Screen, Style
from engine.games.ticket_to_ride.board import Map
from engine.games.ticket_to_ride.deal import long_tickets, regular_tickets, train_deck
from engine.games.ticket_to_ride.events import Deal
from engine.games.ticket_to_ride.live_boats import boat_deck
from engine.games.ticket_to_ride.payment import UNKNOWN
from engine.games.ticket_to_ride.state import TicketToRideState

#: Ranking lines per final page.
RANKING_LINES = 3


class Pages(Part):
    """The setup's pages (the last one records the deal), the last round's announcement and
    the final result's pages."""

    # --- Setting up ---------------------------------------------------------------------------

    def setup_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        return w.setup_screen(w.setup_top(state.board), self.setup_pages(state), self.ui.page)

    def setup_button(self, state: TicketToRideState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, len(self.setup_pages(state)))
        if page is None:
            return Reaction(_unseen_deal(state.board), notice=self.words.say(DEALT))
        if button == "back":
            page = max(0, page - 1)
        self.ui = replace(self.ui, page=page)
        return NOTHING

    def setup_pages(self, state: TicketToRideState) -> list[tuple[str, tuple[str, ...]]]:
        """The setup's guidance, a page each (title, lines): the players, the teams and their
        holders, the cards, the tickets, then what the map adds."""
        w = self.words
        board = state.board
        rules = board.rules
        teams = [self._teams_page(state)] if state.teams else []
        return [
            w.setup_players(board, len(state.players), state.players[state.first].name),
            *teams,
            *holders_pages(w, state),
            *card_pages(w, board),
            w.setup_tickets(rules.tickets.start, rules.tickets.start_long),
            *w.setup_extras(board),
            *material_pages(w, board),
        ]

    def _teams_page(self, state: TicketToRideState) -> tuple[str, tuple[str, ...]]:
        """Who plays with whom, in the order they sit and play."""
        w = self.words
        lines = [w.say(TEAM_MEMBERS, team=team.name,
                       members=", ".join(state.players[seat].name for seat in team.seats))
                 for team in state.teams]
        return (w.say(TEAMS_TITLE, count=len(state.teams)), tuple(lines))

    # --- The last round -----------------------------------------------------------------------

    def last_round_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        # On a map with boats the last round starts on wagons and boats together.
        trigger = min(state.players, key=lambda p: p.trains + p.boats)
        body = (w.say(TRAINS_LEFT, name=trigger.name, trains=trigger.trains + trigger.boats),
                w.still_to_play(still_to_play(state), lines=2))
        return Screen(top=self.top(state), title=w.say(LAST_ROUND), body=body,
                      hints=w.hint_ack(), style=Style.ANNOUNCE)

    def ack_button(self, state: TicketToRideState, button: Button) -> Reaction:
        if button == "ok":
            self.ui = self.ui.entering(Mode.MAIN)
        return NOTHING

    # --- The final result ---------------------------------------------------------------------

    def final_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        final = self.flow.view(state).final
        ranking_lines = self._ranking_lines(state)
        pages = self.final_pages(state)
        page = min(self.ui.page, len(pages) - 1)
        top = w.say(FINAL_TOP)
        seat, body = pages[page]
        if seat is not None:
            score = final.players[seat]
            return Screen(top=top, title=w.say(FINAL_TITLE, name=score.name, total=score.total),
                          body=body, hints=w.hint_pages(), progress=(page + 1, len(pages)))
        first = (page - len(pages) + _pages_of(len(ranking_lines))) * RANKING_LINES
        return Screen(top=top, title=w.winners(final.winners),
                      body=tuple(ranking_lines[first : first + RANKING_LINES]),
                      hints=w.hint_pages(), style=Style.ANNOUNCE)

    def final_button(self, state: TicketToRideState, button: Button) -> Reaction:
        self.ui = replace(self.ui, page=turned(self.ui.page, button,
                                               len(self.final_pages(state))))
        return NOTHING

    def final_pages(self, state: TicketToRideState) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each player's count on one page or more (seat, lines), then the ranking's pages
        (None)."""
        # Imported here: the final table brings the scoring of every map's variants,
        # which the screens of a game in play do not need.
        from engine.games.ticket_to_ride.final_table import holdings

        view = self.flow.view(state)
        w = self.words
        held = holdings(state)  # a player's, or a team's
        players: list[tuple[int | None, tuple[str, ...]]] = []
        for seat, score in enumerate(view.final.players):
            count = view.counts[seat]
            lines = w.final_breakdown(score.breakdown, count.completed, len(held[seat].tickets))
            # Which destination each ticket to one of several scored ("Bern → Italia +8").
            lines += tuple(destination_scored(w, ticket, result)
                           for ticket, result in zip(held[seat].tickets, count.scored)
                           if ticket.any_of)
            players += [(seat, page) for page in paged(lines, w.more())]
        ranking: list[tuple[int | None, tuple[str, ...]]] = [
            (None, ())] * _pages_of(len(self._ranking_lines(state)))
        return [*players, *ranking]

    def _ranking_lines(self, state: TicketToRideState) -> list[str]:
        w = self.words
        final = self.flow.view(state).final
        scores = final.players
        order = sorted(range(len(scores)),
                       key=lambda seat: (scores[seat].name not in final.winners,
                                         -scores[seat].total))
        lines = [w.say(RANK, place=place + 1, name=scores[seat].name, total=scores[seat].total)
                 for place, seat in enumerate(order)]
        if final.deciding:
            lines.append(w.tiebreak(final.deciding))
        return lines


def still_to_play(state: TicketToRideState) -> list[str]:
    """The players with a turn left in the last round, in the order they play."""
    turns = state.turns_left or 0
    seats = [state.order.next_seat(state.current, step) for step in range(turns)]
    return list(dict.fromkeys(state.players[seat].name for seat in seats))


def _unseen_deal(board: Map) -> Deal:
    """The deal as the table makes it: the companion sees none of the cards."""
    return Deal((UNKNOWN,) * len(train_deck(board)), (UNKNOWN,) * len(regular_tickets(board)),
                (UNKNOWN,) * len(long_tickets(board)), (UNKNOWN,) * len(boat_deck(board)))


def _pages_of(lines: int) -> int:
    return max(1, -(-lines // RANKING_LINES))
