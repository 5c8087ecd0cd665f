"""Every word of the Ticket to Ride screens, through gettext; city names as on the board.

Tickets are tagged cards whose value is a short code (`usa-07`, `europe-31`): a ticket's own
name ("Sault Ste. Marie-Oklahoma City") does not fit the 48 bytes of a tag's text. The codes
number each map's tickets in alphabetical order of their ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from engine.games.ticket_to_ride.board import GRAY, LOCOMOTIVE, Map, Ticket, Track
from engine.games.ticket_to_ride.library import SHIPPED, shipped_map
from engine.games.ticket_to_ride.names import fold

from ..games.ticket_to_ride import TABLE
from ..names import card_name, category_name
from .words import LINE, TableWords, packed, wrapped

GAME = TABLE.id




@cache
def ticket_codes() -> dict[str, tuple[str, str]]:
    """Tag value -> (map name, ticket id), for the tickets of every shipped map."""
    codes: dict[str, tuple[str, str]] = {}
    for name in SHIPPED:
        board = shipped_map(name)
        ids = sorted((t.id for t in board.tickets), key=lambda ticket: (fold(ticket), ticket))
        for number, ticket in enumerate(ids, start=1):
            codes[f"{board.name}-{number:02d}"] = (board.name, ticket)
    return codes


def ticket_code(board: Map, ticket: str) -> str:
    """The tag value of one of a map's tickets."""
    for code, (map_name, ticket_id) in ticket_codes().items():
        if map_name == board.name and ticket_id == ticket:
            return code
    raise KeyError(ticket)


@cache
def city_letter(city: str) -> str:
    """The letter a city is listed under: its first letter without accent (Á -> A)."""
    folded = fold(city)
    return folded[:1].upper() or "?"


class Words(TableWords):
    """The texts of the screens in the table's language."""

    # Cards, colours, tickets
    def card(self, card: str) -> str:
        """A train card: its colour, or "Locomotive"."""
        if card == LOCOMOTIVE:
            return card_name(GAME, "locomotive", "", self.language)
        return card_name(GAME, "train", card, self.language)

    def color(self, color: str) -> str:
        """A route's colour (gray included)."""
        if color == GRAY:
            return card_name(GAME, "route", GRAY, self.language)
        return card_name(GAME, "train", color, self.language)

    def cards(self, cards: Sequence[str]) -> str:
        """"Red ×2, Locomotive": a few cards in a line."""
        counts: dict[str, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        parts = [self.card(card) + (f" ×{count}" if count > 1 else "")
                 for card, count in counts.items()]
        return ", ".join(parts)

    def ticket(self, ticket: Ticket) -> str:
        return f"{'–'.join(ticket.places)} {ticket.points}"

    def category(self, key: str) -> str:
        return category_name(GAME, key, self.language)

    # Context and the main screen
    def context(self, board: Map, players: int, turns_left: int | None) -> str:
        if turns_left is not None:
            return self._("{map} · last round").format(map=board.title)
        return self._("{map} · {players} players").format(map=board.title, players=players)

    def trains_and_cards(self, trains: int, cards: int) -> str:
        return self._("Trains {trains} · Cards {cards}").format(trains=trains, cards=cards)

    def tickets_and_points(self, tickets: int, points: int) -> str:
        return self._("Tickets {tickets} · {points} pts").format(tickets=tickets, points=points)

    def tap_cards_taken(self) -> str:
        return self._("Tap the cards taken")

    def still_to_play(self, names: Sequence[str], lines: int = 1) -> str:
        if not names:
            return self._("Last turn of the game")
        return self.names_to_play(names, lines)

    def action(self, action: object) -> str:
        value = getattr(action, "value", "")
        return {
            "claim": self._("Claim a route"),
            "tickets": self._("Draw tickets"),
            "station": self._("Build a station"),
            "face-up": self._("3 locos face up"),
            "pass": self._("Pass"),
        }[value]

    # Drawing train cards
    def second_card(self, name: str) -> str:
        return self._("{name}: 2nd card").format(name=name)

    def first_was(self, card: str) -> str:
        return self._("1st card: {card}").format(card=self.card(card))

    def tap_second(self) -> str:
        return self._("Tap the second card")

    def taken(self, card: str) -> str:
        return self._("{card} taken").format(card=self.card(card))

    def locomotive_question(self) -> str:
        return self._("Locomotive from?")

    def face_up_locomotive(self) -> str:
        return self._("Face up: ends turn")

    def blind_locomotive(self) -> str:
        return self._("From the deck")

    # Three locomotives face up, the deck runs out
    def face_up_question(self) -> str:
        return self._("3 locos face up?")

    def face_up_body(self) -> tuple[str, ...]:
        return wrapped(self._("Discard the 5 face-up cards and lay out 5 new ones."))

    def face_up_replaced(self) -> str:
        return self._("5 new face-up cards")

    def face_up_line(self) -> str:
        return self._("3 locos face up? up")

    def deck_empty(self) -> str:
        return self._("Deck empty")

    def reshuffle_body(self) -> tuple[str, ...]:
        return wrapped(self._("Shuffle the discards into a new deck."), 2)

    def reshuffled(self) -> str:
        return self._("New deck shuffled")

    # Tickets
    def tickets_title(self, name: str) -> str:
        return self._("{name}: tickets").format(name=name)

    def tap_tickets(self, least: int, offered: int) -> str:
        return self._("Keep {least} or more of {offered}").format(least=least,
                                                                  offered=offered)

    def tickets_drawn(self) -> str:
        return self._("Tickets drawn")

    def tickets_kept(self, count: int) -> str:
        return self._("Tickets kept: {count}").format(count=count)

    def ticket_put_back(self, ticket: Ticket) -> str:
        return self._("Put back: {ticket}").format(ticket="–".join(ticket.places))

    # Claiming a route, building a station
    def claim_title(self) -> str:
        return self._("Claim: city")

    def station_title(self) -> str:
        return self._("Station: city")

    def letter_item(self, letter: str, cities: Sequence[str]) -> str:
        """ "D: Dallas, Denver, Duluth"; the first and last only when all would take more
        than two lines ("S: Saint Louis … Seattle")."""
        item = f"{letter}: {', '.join(cities)}"
        return item if len(item) <= 2 * LINE else f"{letter}: {cities[0]} … {cities[-1]}"

    def from_city(self, city: str) -> str:
        return self._("From {city}").format(city=city)

    def track_item(self, track: Track, city: str) -> str:
        other = track.other_end(city)
        return f"{other} {track.length} {self.color(track.color)}"

    def route_title(self, track: Track) -> str:
        """ "Little Rock – Dallas": spaced, so a long name breaks between the cities."""
        return " – ".join(track.ends)

    def route_line(self, track: Track, points: int) -> str:
        return self._("{color} ×{length} · {points} pts").format(
            length=track.length, color=self.color(track.color), points=points)

    def route_special(self, track: Track) -> str | None:
        if track.tunnel:
            return self._("Tunnel (turn over 3)")
        if track.ferries:
            return self._("Ferry: {count} × loco").format(count=track.ferries)
        return None

    def tap_cards(self, count: int) -> str:
        return self._("Pay: tap {count} card(s)").format(count=count)

    def station_at(self, city: str) -> str:
        return self._("Station: {city}").format(city=city)

    def station_cost(self, count: int) -> str:
        return self._("{count} card(s), one colour").format(count=count)

    def claimed(self, track: Track, points: int) -> str:
        return self._("{route} +{points}").format(route=self.route_title(track), points=points)

    def station_built(self, city: str) -> str:
        return self._("Station in {city}").format(city=city)

    # Tunnels
    def tunnel_reveal(self, count: int) -> str:
        return self._("Turn over {count}").format(count=count)

    def tunnel_extra(self, count: int) -> str:
        return self._("Tunnel: {count} more").format(count=count)

    def tunnel_color(self, color: str | None) -> str:
        if color is None:
            return self._("Locomotives only")
        return self._("{color} or locomotive").format(color=self.card(color))

    def tunnel_free(self) -> str:
        return self._("Tunnel: no extra card")

    def give_up_question(self) -> str:
        return self._("Give the tunnel up?")

    def give_up_body(self) -> tuple[str, ...]:
        return wrapped(self._("The cards go back to the hand; the turn is over."))

    def tunnel_given_up(self) -> str:
        return self._("Tunnel given up")

    # The last round
    def last_round(self) -> str:
        return self._("Last round!")

    def trains_left(self, name: str, trains: int) -> str:
        return self._("{name}: {trains} trains left").format(name=name, trains=trains)

    def passed(self) -> str:
        return self._("Passed")

    # Setup guidance
    def setup_top(self, board: Map) -> str:
        return self._("Setup · {map}").format(map=board.title)

    def setup_players(self, board: Map, players: int, first: str) -> tuple[str, tuple[str, ...]]:
        body = [self._("{count} trains each").format(count=board.rules.trains)]
        if board.rules.stations:
            body.append(self._("{count} stations each").format(count=board.rules.stations))
        body.append(self._("First player: {name}").format(name=first))
        return (self._("{count} players").format(count=players), tuple(body))

    def setup_cards(self, hand: int, face_up: int) -> tuple[str, tuple[str, ...]]:
        return (self._("Train cards"), wrapped(self._(
            "Shuffle. Deal {hand} to each player, lay {face_up} face up.").format(
            hand=hand, face_up=face_up)))

    def setup_tickets(self, start: int, long: int) -> tuple[str, tuple[str, ...]]:
        if long:
            text = self._("Deal {count} tickets and {long} long one to each player.").format(
                count=start, long=long)
        else:
            text = self._("Deal {count} tickets to each player.").format(count=start)
        return (self._("Tickets"), wrapped(text))

    def dealt(self) -> str:
        return self._("Cards dealt")

    # The final count
    def final_top(self) -> str:
        return self._("Final count")

    def final_title(self, name: str, total: int) -> str:
        return self._("{name}: {total}").format(name=name, total=total)

    def final_breakdown(self, breakdown: Mapping[str, int], done: int,
                        held: int) -> tuple[str, ...]:
        """A player's points by category, in three lines when they fit (else on more pages,
        see `paged`); the tickets with how many of them were completed ("Tickets 21 (3/4)")."""
        parts = []
        for key, amount in breakdown.items():
            part = f"{self.category(key)} {amount}"
            if key == "tickets":
                part += f" ({done}/{held})"
            parts.append(part)
        for separator in (" · ", "  ", " "):
            lines = packed(parts, lines=None, separator=separator)
            if len(lines) <= 3:
                return lines
        return packed(parts, lines=None)

    def rank(self, place: int, name: str, total: int) -> str:
        return self._("{place}. {name} {total}").format(place=place, name=name, total=total)

    def tiebreak(self, key: str) -> str:
        return {
            "tickets": self._("Tie broken: tickets"),
            "fewest-stations": self._("Tie broken: stations"),
            "longest": self._("Tie broken: longest"),
        }.get(key, key)

    # Hints
    def hint_main(self) -> str:
        return self._("tap:card ok:menu")

    def hint_second(self) -> str:
        return self._("tap:card up:3 locos")

    def hint_pay(self) -> str:
        return self._("tap:card back:cancel")

    def hint_tickets(self) -> str:
        return self._("tap:ticket ok:done")

    def hint_turned(self) -> str:
        return self._("tap or ok:card")

    def hint_tunnel_pay(self) -> str:
        return self._("tap:card ok:give up")

    def hint_reshuffle(self) -> str:
        return self._("ok:done  up:3 locos")

    # Refusals
    def not_this_game(self) -> str:
        return self._("Not a Ticket to Ride card")

    def already_counted(self, card: str) -> str:
        return self._("{card} already counted").format(card=card)

    def not_a_train_card(self) -> str:
        return self._("Tap train cards here")

    def not_a_ticket(self) -> str:
        return self._("Tap the tickets kept")

    def draw_second_first(self) -> str:
        return self._("Draw your second card")

    def choose_route_first(self) -> str:
        return self._("Choose the route first")

    def no_card_to_draw(self) -> str:
        return self._("No card left to draw")

    def no_tickets_left(self) -> str:
        return self._("No tickets left to draw")

    def other_map_ticket(self) -> str:
        return self._("A ticket of another map")

    def ticket_held(self, ticket: Ticket, name: str) -> str:
        return self._("{name} holds {ticket}").format(name=name, ticket="–".join(ticket.places))

    def too_many_tickets(self, count: int) -> str:
        return self._("{count} tickets offered").format(count=count)

    def keep_at_least(self, count: int) -> str:
        return self._("Keep at least {count}").format(count=count)

    def nothing_to_claim(self) -> str:
        return self._("No route to claim")

    def no_station_left(self) -> str:
        return self._("No station left")
