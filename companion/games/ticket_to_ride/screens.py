"""What the Ticket to Ride table shows: one screen per mode of the flow."""

from __future__ import annotations

from collections.abc import Callable

from companion.flows.words import paged
from companion.games.ticket_to_ride.part import TicketToRidePart
from companion.games.ticket_to_ride.view import DEPOT, STATION, TRAIN_CARDS, Mode, replaces_face_up
from companion.games.ticket_to_ride.words import (  # fmt: skip
    BLIND_LOCOMOTIVE,
    CLAIM_TITLE,
    DECK_EMPTY,
    DEPOT_TITLE,
    FACE_UP_LINE,
    FACE_UP_LOCOMOTIVE,
    FACE_UP_QUESTION,
    FINAL_TITLE,
    FINAL_TOP,
    FROM_CITY,
    GIVE_UP_QUESTION,
    HINT_MAIN,
    HINT_NONE_LEFT,
    HINT_PAY,
    HINT_RESHUFFLE,
    HINT_RESHUFFLE_ONLY,
    HINT_SECOND,
    HINT_SECOND_ONLY,
    HINT_TICKETS,
    HINT_TUNNEL_PAY,
    HINT_TURNED,
    JOKER_QUESTION,
    LAST_ROUND,
    LOCOMOTIVE_QUESTION,
    MERCHANDISE_LINE,
    RANK,
    SECOND_CARD,
    SHARED_CARDS,
    STATION_AT,
    STATION_COST,
    STATION_TITLE,
    TAP_CARDS,
    TAP_CARDS_TAKEN,
    TAP_SECOND,
    TAP_TICKETS,
    TEAM_CARDS_AND_GOODS,
    TEAM_CONTEXT,
    TEAM_LAST_ROUND,
    TEAM_MEMBERS,
    TEAMS_TITLE,
    TICKETS_AND_POINTS,
    TICKETS_TITLE,
    TOLLS_AND_LOANS,
    TRAINS_AND_CARDS,
    TRAINS_LEFT,
    TUNNEL_EXTRA,
    TUNNEL_REVEAL,
    Words,
)
from companion.screens.model import Menu, Screen, Style
from engine.games.ticket_to_ride.board import Track
from engine.games.ticket_to_ride.live_boats import row_split
from engine.games.ticket_to_ride.live_countries import cards_won
from engine.games.ticket_to_ride.live_teams import team_of
from engine.games.ticket_to_ride.live_tolls import toll_for
from engine.games.ticket_to_ride.payment import JOKER
from engine.games.ticket_to_ride.rules import cards_to_reveal, no_second_card
from engine.games.ticket_to_ride.state import Phase, TicketToRideState

#: Ranking lines per final page.
RANKING_LINES = 3


class TicketToRideScreens(TicketToRidePart):
    """The screens of the Ticket to Ride flow, read from its `ui` and the turn's view."""

    #: This turn's first train card and its tag, while the second is still to draw.
    first: tuple[str, str] | None

    def screen_table(self) -> dict[Mode, Callable[[TicketToRideState], Screen]]:
        return {
            Mode.SETUP: self._setup_screen,
            Mode.FINAL: self._final_screen,
            Mode.LAST_ROUND: self._last_round_screen,
            Mode.FACE_UP: self._face_up_screen,
            Mode.RESHUFFLE: self._reshuffle_screen,
            Mode.REVEAL: self._reveal_screen,
            Mode.TUNNEL_PAY: self._tunnel_pay_screen,
            Mode.GIVE_UP: self._give_up_screen,
            Mode.TICKETS: self._tickets_screen,
            Mode.SECOND: self._second_screen,
            Mode.SOURCE: self._source_screen,
            Mode.MENU: self._menu_screen,
            Mode.LETTER: self._letter_screen,
            Mode.CITY: self._city_screen,
            Mode.TRACK: self._track_screen,
            Mode.PAY: self._pay_screen,
            Mode.MAIN: self._main_screen,
        }

    def _top(self, state: TicketToRideState) -> str:
        w = self.words
        team = team_of(state)
        if team is not None:
            # In teams the player's team comes right after their name.
            name = state.teams[team].name
            context = (w.say(TEAM_CONTEXT, team=name, map=state.board.title)
                       if state.turns_left is None else w.say(TEAM_LAST_ROUND, team=name))
        else:
            context = w.context(state.board, len(state.players), state.turns_left)
        return w.turn_top(state.player().name, context)

    def _setup_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        return w.setup_screen(w.setup_top(state.board), self._setup_pages(state), self.ui.page)

    def _last_round_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        # On a map with boats the last round starts on wagons and boats together.
        trigger = min(state.players, key=lambda p: p.trains + p.boats)
        body = (w.say(TRAINS_LEFT, name=trigger.name, trains=trigger.trains + trigger.boats),
                w.still_to_play(still_to_play(state), lines=2))
        return Screen(top=self._top(state), title=w.say(LAST_ROUND), body=body,
                      hints=w.hint_ack(), style=Style.ANNOUNCE)

    def _question(self, state: TicketToRideState, title: str, body: tuple[str, ...]) -> Screen:
        """A yes-or-no question: ok says yes, back says no."""
        return Screen(top=self._top(state), title=title, body=body,
                      hints=self.words.hint_confirm(), style=Style.CONFIRM)

    def _face_up_line(self, state: TicketToRideState) -> tuple[str, ...]:
        """"3 locos face up? up", on a map that has face-up cards replaced."""
        return (self.words.say(FACE_UP_LINE),) if replaces_face_up(state) else ()

    def _face_up_screen(self, state: TicketToRideState) -> Screen:
        # On a map with boats the new row comes from both decks: the body says how many each.
        split = row_split(state) if state.boat_cards is not None else None
        return self._question(state, self.words.say(FACE_UP_QUESTION), self.words.face_up_body(
            state.board.rules.cards.face_up, split))

    def _reshuffle_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        title = self.deck_empty_title(state) if state.boat_cards is not None else w.say(DECK_EMPTY)
        replaced = replaces_face_up(state)
        return Screen(top=self._top(state), title=title,
                      body=(*w.reshuffle_body(), *self._face_up_line(state)),
                      hints=w.say(HINT_RESHUFFLE if replaced else HINT_RESHUFFLE_ONLY),
                      style=Style.ANNOUNCE)

    def _reveal_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        count = cards_to_reveal(state)
        cards = tuple(w.card(card) for card in TRAIN_CARDS)
        return Screen(top=self._top(state), title=w.say(TUNNEL_REVEAL, count=count),
                      menu=Menu(cards, self.ui.choice % len(cards)),
                      hints=w.say(HINT_TURNED), progress=(len(self.ui.picks), count))

    def _picked_line(self) -> tuple[str, ...]:
        if not self.ui.picks:
            return ()
        return (self.words.cards(self.ui.cards),)

    def _tunnel_pay_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        tunnel = state.tunnel
        assert tunnel is not None
        surcharge = tunnel.surcharge or 0
        body = (w.tunnel_color(tunnel.color), *self._picked_line())
        return Screen(top=self._top(state), title=w.say(TUNNEL_EXTRA, count=surcharge), body=body,
                      hints=w.say(HINT_TUNNEL_PAY), progress=(len(self.ui.picks), surcharge))

    def _give_up_screen(self, state: TicketToRideState) -> Screen:
        return self._question(state, self.words.say(GIVE_UP_QUESTION), self.words.give_up_body())

    def _tickets_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        player = state.player()
        offered = len(player.offered) + len(player.offered_long)
        least = min(least_kept(state), offered)
        body = [w.say(TAP_TICKETS, least=least, offered=offered)]
        board = state.board
        body += [w.ticket(board.ticket(pick.card)) for pick in self.ui.picks
                 if board.has_ticket(pick.card)][-1:]  # the last kept: room to wrap
        if state.phase is Phase.START_TICKETS and not self.ui.picks:
            body += self._face_up_line(state)
        return Screen(top=self._top(state), title=w.say(TICKETS_TITLE, name=player.name),
                      body=tuple(body), hints=w.say(HINT_TICKETS),
                      progress=(len(self.ui.picks), offered))

    def _second_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        first = self.first[0] if self.first and state.drawn else None
        body = (w.first_was(first) if first else w.say(TAP_SECOND), *self._face_up_line(state))
        hints = (w.say(HINT_NONE_LEFT) if no_second_card(state)
                 else w.say(HINT_SECOND if replaces_face_up(state) else HINT_SECOND_ONLY))
        return Screen(top=self._top(state), title=w.say(SECOND_CARD, name=state.player().name),
                      body=body, progress=(1, 2), hints=hints)

    def _source_screen(self, state: TicketToRideState) -> Screen:
        if state.boat_cards is not None:
            return self._boat_source_screen(state)
        w = self.words
        pending = self.ui.pending
        joker = pending is not None and pending.card == JOKER
        return Screen(top=self._top(state),
                      title=w.say(JOKER_QUESTION if joker else LOCOMOTIVE_QUESTION),
                      menu=Menu((w.say(FACE_UP_LOCOMOTIVE), w.say(BLIND_LOCOMOTIVE)),
                                self.ui.choice),
                      hints=w.hint_choose())

    def _menu_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        actions = self.view(state).actions
        return Screen(top=self._top(state), title=w.menu_title(state.player().name),
                      menu=Menu(tuple(w.action(a) for a in actions), self.ui.choice),
                      hints=w.hint_choose())

    def _route_title(self) -> str:
        w = self.words
        if self.ui.purpose == DEPOT:
            return w.say(DEPOT_TITLE)
        return w.say(STATION_TITLE) if self.ui.purpose == STATION else w.say(CLAIM_TITLE)

    def _letter_screen(self, state: TicketToRideState) -> Screen:
        view, purpose = self.view(state), self.ui.purpose
        items = tuple(self.words.letter_item(letter, view.cities(purpose, letter))
                      for letter in view.letters(purpose))
        return Screen(top=self._top(state), title=self._route_title(),
                      menu=Menu(items, self.ui.choice), hints=self.words.hint_choose())

    def _city_screen(self, state: TicketToRideState) -> Screen:
        cities = self.view(state).cities(self.ui.purpose, self.ui.letter or "")
        return Screen(top=self._top(state), title=self._route_title(),
                      menu=Menu(tuple(cities), self.ui.choice), hints=self.words.hint_choose())

    def _track_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        city = self.ui.city or ""
        tracks = self.view(state).tracks(city)
        return Screen(top=self._top(state), title=w.say(FROM_CITY, city=city),
                      menu=Menu(tuple(w.track_item(t, city) for t in tracks), self.ui.choice),
                      hints=w.hint_choose())

    def _pay_screen(self, state: TicketToRideState) -> Screen:
        w, ui = self.words, self.ui
        if ui.purpose == STATION:
            cost = self.view(state).station_cost or 0
            body = (w.say(STATION_COST, count=cost),
                    *(self._picked_line() or (w.say(TAP_CARDS, count=cost),)))
            return Screen(top=self._top(state), title=w.say(STATION_AT, city=ui.city or ""),
                          body=body, hints=w.say(HINT_PAY), progress=(len(ui.picks), cost))
        track = state.board.track(ui.track or "")
        lines = [w.route_line(track, state.board.rules.points_for(track.length))]
        special = w.route_special(track)
        if special:
            lines.append(special)
        lines.extend(claim_news(w, state, track, short=False))
        lines.extend(self._picked_line() or (w.say(TAP_CARDS, count=track.length),))
        return Screen(top=self._top(state), title=w.route_title(track), body=tuple(lines),
                      hints=w.say(HINT_PAY), progress=(len(ui.picks), track.length))

    def _main_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        player = state.player()
        body: tuple[str, ...] = (
            w.say(TRAINS_AND_CARDS, trains=player.trains, cards=len(player.hand))
            if state.boat_cards is None else self.pieces_line(state),
            w.say(TICKETS_AND_POINTS, tickets=len(player.tickets), points=player.route_points))
        if state.board.rules.tolls is not None:
            tolls = w.say(TOLLS_AND_LOANS, tokens=player.toll_tokens, loans=player.loans)
            # Three lines fit under the title: in the last round, who is still to play
            # takes the tickets' line.
            body = (body[0], tolls) if state.turns_left is not None else (*body, tolls)
        team = team_of(state)
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
        return Screen(top=self._top(state), title=w.say(TAP_CARDS_TAKEN), body=body,
                      hints=w.say(HINT_MAIN))

    def _setup_pages(self, state: TicketToRideState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        board = state.board
        rules = board.rules
        teams = [self._teams_page(state)] if state.teams else []
        return [
            w.setup_players(board, len(state.players), state.players[state.first].name),
            *teams,
            w.setup_cards(rules.cards.hand, rules.cards.face_up),
            w.setup_tickets(rules.tickets.start, rules.tickets.start_long),
            *w.setup_extras(board),
        ]

    def _teams_page(self, state: TicketToRideState) -> tuple[str, tuple[str, ...]]:
        """Who plays with whom, in the order they sit and play."""
        w = self.words
        lines = [w.say(TEAM_MEMBERS, team=team.name,
                       members=", ".join(state.players[seat].name for seat in team.seats))
                 for team in state.teams]
        return (w.say(TEAMS_TITLE, count=len(state.teams)), tuple(lines))

    # --- The final result ---------------------------------------------------------------------

    def _final_screen(self, state: TicketToRideState) -> Screen:
        w = self.words
        final = self.view(state).final
        ranking_lines = self._ranking_lines(state)
        pages = self._final_pages(state)
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

    def _final_pages(self, state: TicketToRideState) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each player's count on one page or more (seat, lines), then the ranking's pages
        (None)."""
        # Imported here: the final table brings the scoring of every map's variants,
        # which the screens of a game in play do not need.
        from engine.games.ticket_to_ride.final_table import holdings

        view = self.view(state)
        w = self.words
        held = holdings(state)  # a player's, or a team's
        players = [
            (seat, lines) for seat, score in enumerate(view.final.players)
            for lines in paged(w.final_breakdown(score.breakdown, view.counts[seat].completed,
                                                 len(held[seat].tickets)), w.more())]
        ranking: list[tuple[int | None, tuple[str, ...]]] = [
            (None, ())] * _pages_of(len(self._ranking_lines(state)))
        return [*players, *ranking]

    def _ranking_lines(self, state: TicketToRideState) -> list[str]:
        w = self.words
        view = self.view(state)
        final = view.final
        scores = final.players
        order = sorted(range(len(scores)),
                       key=lambda seat: (scores[seat].name not in final.winners,
                                         -scores[seat].total))
        lines = [w.say(RANK, place=place + 1, name=scores[seat].name, total=scores[seat].total)
                 for place, seat in enumerate(order)]
        if final.deciding:
            lines.append(w.tiebreak(final.deciding))
        return lines


def claim_news(w: Words, state: TicketToRideState, track: Track, short: bool
               ) -> tuple[str, ...]:
    """What claiming `track` now pays or wins beyond its points, as the engine says: the toll
    (`short`: "2 to Yellow", else "Toll: 2 to Yellow"), the trains lost to mountains, the
    country cards."""
    news = []
    paid = toll_for(state, track)
    if paid is not None:
        owner = None if paid.to_seat is None else state.players[paid.to_seat].name
        news.append(w.toll_paid(paid, owner) if short else w.toll_line(paid, owner))
    if track.mountains:
        news.append(w.mountains_lost(track.mountains))
    won = cards_won(state, track)
    if won:
        news.append(w.country_cards(won))
    return tuple(news)


def still_to_play(state: TicketToRideState) -> list[str]:
    """The players with a turn left in the last round, in the order they play."""
    turns = state.turns_left or 0
    seats = [state.order.next_seat(state.current, step) for step in range(turns)]
    return list(dict.fromkeys(state.players[seat].name for seat in seats))


def least_kept(state: TicketToRideState) -> int:
    """The fewest tickets a player keeps of those offered now."""
    tickets = state.board.rules.tickets
    return tickets.start_keep if state.phase is Phase.START_TICKETS else tickets.draw_keep


def _pages_of(lines: int) -> int:
    return max(1, -(-lines // RANKING_LINES))
