"""Every word of the Ticket to Ride screens, through gettext; city names as on the board.

Tickets are tagged cards whose value is a short code (`usa-07`, `europe-31`): a ticket's own
name ("Sault Ste. Marie-Oklahoma City") does not fit the 48 bytes of a tag's text. The codes
number each map's tickets in alphabetical order of their ids, after the map's tag (its name in
lower-case letters, digits and dashes), for the shipped maps and map files alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from companion.flows.words import LINE, TableWords, packed, wrapped
from companion.games.names import card_name, category_name
from companion.games.ticket_to_ride import BOAT_KINDS, SPECIAL_KINDS, TABLE
from companion.games.ticket_to_ride.ticket_names import place_names, ticket_line, title_fitting
from companion.i18n.translate import fill
from engine.errors import N_, NP_, IllegalEvent
from engine.games.ticket_to_ride.board import GRAY, LOCOMOTIVE, Map, Ticket, Track, differences
from engine.games.ticket_to_ride.names import fold
from engine.games.ticket_to_ride.payment import FERRY_CARD, boat_color
from engine.games.ticket_to_ride.state import TollPaid

GAME = TABLE.id
#: A special card's tag kind, by the engine's card.
KIND_OF_SPECIAL = {card: kind for kind, card in SPECIAL_KINDS.items()}
#: A boat card's tag kind, by whether it is double.
KIND_OF_BOAT = {double: kind for kind, double in BOAT_KINDS.items()}

# The words said as they are (filled in with their values): `Words.say`.
TRAINS_AND_CARDS = N_("Trains {trains} · Cards {cards}")
TICKETS_AND_POINTS = N_("Tickets {tickets} · {points} pts")
TAP_CARDS_TAKEN = N_("Tap the cards taken")
SECOND_CARD = N_("{name}: 2nd card")
TAP_SECOND = N_("Tap the second card")
LOCOMOTIVE_QUESTION = N_("Locomotive from?")
JOKER_QUESTION = N_("Joker from?")
FERRY_CARD_TAKEN = N_("Ferry card taken")
NOT_ON_THIS_MAP = N_("Not a card of this map")
FERRY_CARD_NOW = N_("Ferry card: a turn")
DEPOT_FIRST_TITLE = N_("{name}: first depot")
DEPOT_FIRST_BODY = N_("Put a depot on a city")
HINT_DEPOT = N_("ok:choose a city")
DEPOT_TITLE = N_("Depot: city")
DEPOT_PLACED = N_("Depot in {city}")
NO_DEPOT_LEFT = N_("No depot left")
STORE_FIRST = N_("Warehouse card first")
NO_SECOND_CARD = N_("No second card")
HINT_NONE_LEFT = N_("tap:card ok:none left")
STORE_TITLE = N_("Top card: warehouse")
STORED_IN = N_("Card to {name}")
WAREHOUSE_ITEM = NP_("{name}: {count} card", "{name}: {count} cards")
TAKE_TITLE = N_("Take a warehouse?")
KEEP_DEPOTS = N_("No, keep my depots")
WAREHOUSE_TAKEN = NP_("{count} card taken", "{count} cards taken")
WAREHOUSES_LEFT = N_("Warehouses left as is")
FACE_UP_LOCOMOTIVE = N_("Face up: ends turn")
BLIND_LOCOMOTIVE = N_("From the deck")
FACE_UP_QUESTION = N_("3 locos face up?")
FACE_UP_REPLACED = N_("{count} new face-up cards")
FACE_UP_LINE = N_("3 locos face up? up")
DECK_EMPTY = N_("Deck empty")
RESHUFFLED = N_("New deck shuffled")
TICKETS_TITLE = N_("{name}: tickets")
TAP_TICKETS = N_("Keep {least} or more of {offered}")
TICKETS_DRAWN = N_("Tickets drawn")
TICKET_PUT_BACK = N_("Put back: {ticket}")
TICKET_HELD = N_("{name} holds {ticket}")
CLAIM_TITLE = N_("Claim: city")
STATION_TITLE = N_("Station: city")
FROM_CITY = N_("From {city}")
TAP_CARDS = NP_("Pay: tap {count} card", "Pay: tap {count} cards")
STATION_AT = N_("Station: {city}")
STATION_COST = NP_("{count} card, one colour", "{count} cards, one colour")
STATION_BUILT = N_("Station in {city}")
TUNNEL_REVEAL = N_("Turn over {count}")
TUNNEL_NOTHING = N_("No card to turn over")
TUNNEL_EXTRA = N_("Tunnel: {count} more")
TUNNEL_FREE = N_("Tunnel: no extra card")
GIVE_UP_QUESTION = N_("Give the tunnel up?")
TUNNEL_GIVEN_UP = N_("Tunnel given up")
LAST_ROUND = N_("Last round!")
TRAINS_LEFT = NP_("{name}: {trains} train left", "{name}: {trains} trains left", "trains")
PASSED = N_("Passed")
DEALT = N_("Cards dealt")
FINAL_TOP = N_("Final count")
FINAL_TITLE = N_("{name}: {total}")
RANK = N_("{place}. {name} {total}")
HINT_MAIN = N_("tap ok:menu hold:undo")
HINT_SECOND = N_("tap:card up:3 locos")
HINT_PAY = N_("tap:card back:cancel")
HINT_TICKETS = N_("tap:ticket ok:done")
HINT_TURNED = N_("tap or ok:card")
HINT_TUNNEL_PAY = N_("tap:card ok:give up")
HINT_RESHUFFLE = N_("ok:done  up:3 locos")
#: The same where the map has no face-up cards replaced.
HINT_SECOND_ONLY = N_("tap:card")
HINT_RESHUFFLE_ONLY = N_("ok:done")
NOT_THIS_GAME = N_("Not a Ticket to Ride card")
ALREADY_COUNTED = N_("{card} already counted")
NOT_A_TRAIN_CARD = N_("Tap train cards here")
NOT_A_TICKET = N_("Tap the tickets kept")
DRAW_SECOND_FIRST = N_("Draw your second card")
CHOOSE_ROUTE_FIRST = N_("Choose the route first")
NO_CARD_TO_DRAW = N_("No card left to draw")
NO_TICKETS_LEFT = N_("No tickets left to draw")
OTHER_MAP_TICKET = N_("A ticket of another map")
KEEP_AT_LEAST = N_("Keep at least {count}")
NOTHING_TO_CLAIM = N_("No route to claim")
NO_STATION_LEFT = N_("No station left")
FACE_UP_SECOND = N_("A face-up locomotive cannot be your second card")
TOLLS_AND_LOANS = N_("Tolls {tokens} · Loans {loans}")
SHARED_CARDS = N_("Team's cards: {cards}")
#: Team play: where a card drawn or a ticket kept goes (the second card of a turn, a face-up
#: locomotive and the first ticket kept go to the team's holder).
CARD_TO_HAND = N_("{card}: your hand")
CARD_TO_TEAM = N_("{card}: team's cards")
SECOND_TO_TEAM = N_("To the team's cards")
TICKET_TO_TEAM = N_("1st kept: to the team")
#: Team play: the team's points (its members' together, as its one score marker shows them).
TEAM_SCORE = N_("Team score: {points}")
#: Team play: which cards of a payment came from the team's holder ("None" for the hand's).
HOLDER_QUESTION = N_("Team's cards used?")
NONE_FROM_HOLDER = N_("None: all from hand")
TEAM_CONTEXT = N_("{team} · {map}")
TEAM_LAST_ROUND = N_("{team} · last round")
TEAMS_TITLE = N_("{count} teams side by side")
TEAM_MEMBERS = N_("{team}: {members}")
PASSENGER_QUESTION = N_("Place a passenger?")
NO_PASSENGER = N_("No passenger")
PASSENGER_IN = N_("Passenger in {city}")
MOVE_TITLE = N_("Move a passenger")
STOP_HERE = N_("Stop here")
TRIP_FARE = NP_("Fare: {count} card", "Fare: {count} cards")
TAP_PASSENGER_CARDS = NP_("Tap {count} passenger card", "Tap {count} passenger cards")
NO_PASSENGER_TO_MOVE = N_("No passenger can move")
MERCHANDISE_LINE = N_("Merchandise: {points}")
#: A team's shared cards and merchandise on one line: three lines fit under the title.
TEAM_CARDS_AND_GOODS = N_("Team {cards} · Goods {points}")

#: Rails & Sails: which deck a card came from, and the exchange of pieces.
WAGONS_AND_BOATS = N_("Wagons {wagons} · Boats {boats}")
CARD_FROM = N_("{card} from?")
FROM_ITS_DECK = N_("From its deck")
FACE_UP_NEW_WAGON = N_("Face up, new wagon")
FACE_UP_NEW_BOAT = N_("Face up, new boat")
NO_CARD_FROM_THERE = N_("No card to take there")
EXCHANGE_TITLE = N_("Exchange pieces")
GIVE_WAGONS = N_("{count} wagons > boats")
GIVE_BOATS = N_("{count} boats > wagons")
EXCHANGED = N_("Pieces exchanged")
WAGON_DECK_EMPTY = N_("Wagon deck empty")
BOAT_DECK_EMPTY = N_("Boat deck empty")
NEW_BOAT_DECK = N_("New boat deck shuffled")

#: What a claim takes once paid: a share, meeples, the starting city, a Cité, Alvin.
WHICH_COMPANY = N_("Which company?")
SHARE_ITEM = N_("{company} · share {number}")
SHARE_TAKEN = N_("Share {number} of {company}")
MEEPLE_AT = N_("Meeple in {place}?")
NO_MEEPLE = N_("None")
MEEPLES_TAKEN = N_("Meeples: {colors}")
STARTING_CITY = N_("Starting city?")
STARTING_CITY_TAKEN = N_("Start: {city}")
PLACE_CITE = N_("Place a Cité?")
NO_CITE = N_("No")
CITE_AT = N_("Cité in {city}")
CITE_COST = N_("{count} cards, one colour")
CITE_PLACED = N_("Cité in {city}")
ALVIN_TO = N_("Alvin goes to?")
ALVIN_CAPTURED = N_("Alvin captured: +{points}")


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
        if card in KIND_OF_SPECIAL:
            return card_name(GAME, KIND_OF_SPECIAL[card], "", self.language)
        color = boat_color(card)
        if color is not None:
            kind = KIND_OF_BOAT[card.startswith("boat2:")]
            return card_name(GAME, kind, color, self.language)
        return card_name(GAME, "train", card, self.language)

    def color(self, color: str) -> str:
        """A route's colour (gray included)."""
        if color == GRAY:
            return card_name(GAME, "route", GRAY, self.language)
        return card_name(GAME, "train", color, self.language)

    def explain(self, error: IllegalEvent) -> str:
        """An engine refusal in words, a colour by its name."""
        params = dict(error.params)
        color = params.get("color")
        if isinstance(color, str):
            params["color"] = self.color(color).lower()
        return fill(error.reason, self.language, **params)

    def cards(self, cards: Sequence[str]) -> str:
        """"Red ×2, Locomotive": a few cards in a line."""
        counts: dict[str, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        parts = [self.card(card) + (f" ×{count}" if count > 1 else "")
                 for card, count in counts.items()]
        return ", ".join(parts)

    def ticket(self, ticket: Ticket, lines: int = 2) -> str:
        """A ticket and its points in at most `lines` lines when it can be (see
        `ticket_names`): "Denver–El Paso 4", "Bern → Fra 5 · Deu 6 · Öst 11 · Ita 8"."""
        return ticket_line(self, ticket, lines)

    def category(self, key: str) -> str:
        return category_name(GAME, key, self.language)

    # Context and the main screen
    def context(self, board: Map, players: int, turns_left: int | None) -> str:
        if turns_left is not None:
            return self._("{map} · last round").format(map=board.title)
        return self._("{map} · {players} players").format(map=board.title, players=players)

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
            "store": self._("Top card: warehouse"),
            "depot": self._("Place a depot"),
            "move": self._("Move a passenger"),
            "exchange": self._("Exchange pieces"),
            "face-up": self._("3 locos face up"),
            "pass": self._("Pass"),
        }[value]

    # Drawing train cards
    def first_was(self, card: str) -> str:
        return self._("1st card: {card}").format(card=self.card(card))

    def taken(self, card: str) -> str:
        return self._("{card} taken").format(card=self.card(card))

    # Three locomotives face up, the deck runs out
    def face_up_body(self, count: int, split: tuple[int, int] | None = None
                     ) -> tuple[str, ...]:
        """What replacing the face-up cards is; `split`, on a map with boats, the wagon and
        boat cards of the new row."""
        if split is None:
            return wrapped(self._("Discard the {count} face-up cards and lay out {count} new "
                                  "ones.").format(count=count))
        wagons, boats = split
        return wrapped(self._("Discard the {count}, each to its deck; lay {wagons} wagon + "
                              "{boats} boat cards.").format(count=count, wagons=wagons,
                                                            boats=boats))

    def reshuffle_body(self) -> tuple[str, ...]:
        return wrapped(self._("Shuffle the discards into a new deck."), 2)

    # Tickets
    def ticket_put_back(self, ticket: Ticket) -> str:
        return title_fitting([self.say(TICKET_PUT_BACK, ticket=name)
                              for name in place_names(self, ticket)])

    # Claiming a route, building a station
    def letter_item(self, letter: str, cities: Sequence[str]) -> str:
        """ "D: Dallas, Denver, Duluth"; the first and last only when all would take more
        than two lines ("S: Saint Louis … Seattle")."""
        item = f"{letter}: {', '.join(cities)}"
        return item if len(item) <= 2 * LINE else f"{letter}: {cities[0]} … {cities[-1]}"

    def track_item(self, track: Track, city: str, board: Map) -> str:
        """ "Dallas 2 Gray": the other end, length and colour, then what else tells separate
        routes between the same places apart ("Bergen 2 Gray tunnel", "Bern 1 Red Thun")."""
        keys = differences(route[0] for route in board.routes_between(*track.ends))
        marks = [track.other_end(city), str(track.length), self.color(track.color)]
        if "tunnel" in keys and track.tunnel:
            marks.append(self._("tunnel"))
        if "ferries" in keys and track.ferries:
            marks.append(self._("ferry") if track.ferries == 1 else
                         self._("ferry ×{count}").format(count=track.ferries))
        if "sea" in keys and track.sea:
            marks.append(self._("boat"))
        if track.arrow:
            marks.append(track.arrow)
        return " ".join(marks)

    def route_title(self, track: Track) -> str:
        """ "Little Rock – Dallas": spaced, so a long name breaks between the cities; a route
        to a country's border arrow names it ("Kreuzlingen – Deutschland (Konstanz)")."""
        title = " – ".join(track.ends)
        return f"{title} ({track.arrow})" if track.arrow else title

    def route_line(self, track: Track, points: int) -> str:
        return self._("{color} ×{length} · {points} pts").format(
            length=track.length, color=self.color(track.color), points=points)

    def route_special(self, track: Track) -> str | None:
        if track.tunnel:
            return self._("Tunnel (turn over 3)")
        if track.ferries:
            return self._("Ferry: {count} × loco").format(count=track.ferries)
        if track.waves:
            return self._("Waves: {count}").format(count=track.waves)
        if track.sea:
            return self._("Sea: boat cards")
        return None

    def claimed(self, track: Track, points: int, *extras: str) -> str:
        """ "Aven – Dijk +4", then what the claim paid or won ("· 2 to the bank")."""
        said = self._("{route} +{points}").format(route=self.route_title(track), points=points)
        return " · ".join((said, *extras))

    def toll_paid(self, paid: TollPaid, owner: str | None) -> str:
        """A claim's toll in a few words: "2 to Yellow", "2 to the bank", "Loan"; a loan on a
        second track says what the bank pays the first track's owner."""
        if paid.loan and owner is not None and paid.amount:
            return self.bank_pays(paid.amount, owner)
        if paid.loan:
            return self._("Loan")
        if owner is None:
            return self._("{count} to the bank").format(count=paid.amount)
        return self._("{count} to {name}").format(count=paid.amount, name=owner)

    def toll_line(self, paid: TollPaid, owner: str | None) -> str:
        if paid.loan and owner is not None and paid.amount:
            return self.bank_pays(paid.amount, owner)
        return self._("Toll: {paid}").format(paid=self.toll_paid(paid, owner))

    def bank_pays(self, count: int, owner: str) -> str:
        """A loan on a second track: the bank pays the first track's owner its toll."""
        return self._("Loan: the bank pays {count} to {name}").format(count=count, name=owner)

    def mountains_lost(self, count: int) -> str:
        return self._("Trains lost: {count}").format(count=count)

    def country_cards(self, cards: Sequence[tuple[str, int]]) -> str:
        """The country cards a claim takes, by their points ("Country cards +14")."""
        return self._("Country cards +{points}").format(points=sum(v for _, v in cards))

    def trip_stop(self, city: str, token: int) -> str:
        """A city a passenger may go to, with the token it would take ("Ulm +2")."""
        return self._("{city} +{token}").format(city=city, token=token) if token else city

    def tokens_taken(self, tokens: Sequence[int]) -> str:
        """A passenger's trip: "Tokens: 4, 3, 2 = 9"."""
        if not tokens:
            return self._("No token taken")
        return self._("Tokens: {values} = {total}").format(
            values=", ".join(map(str, tokens)), total=sum(tokens))

    # Tunnels
    def tunnel_color(self, color: str | None) -> str:
        if color is None:
            return self._("Locomotives only")
        return self._("{color} or locomotive").format(color=self.card(color))

    def give_up_body(self) -> tuple[str, ...]:
        return wrapped(self._("The cards go back to the hand; the turn is over."))

    # The last round
    # Setup guidance
    def setup_top(self, board: Map) -> str:
        return self._("Setup · {map}").format(map=board.title)

    def setup_players(self, board: Map, players: int, first: str) -> tuple[str, tuple[str, ...]]:
        rules = board.rules
        trains = rules.team_trains if rules.team_size else rules.trains
        body = [self._("{count} trains each").format(count=trains)]
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

    def setup_extras(self, board: Map) -> list[tuple[str, tuple[str, ...]]]:
        """Pages for the ferry cards' pile and the depots, on maps that have them."""
        pages = []
        ferries = board.rules.cards.copies_of(FERRY_CARD)
        if ferries:
            pages.append((self._("Ferry cards"), wrapped(self._(
                "Put the {count} ferry cards in a pile beside the deck.").format(count=ferries))))
        if board.rules.depots:
            # In team play the team holds the warehouse and the depots (the engine's reading).
            text = (self._("Give each team a warehouse and {count} depots.")
                    if board.rules.team_size else
                    self._("Give each player a warehouse and {count} depots."))
            pages.append((self._("Depots"), wrapped(text.format(count=board.rules.depots))))
        return pages

    # The final count
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

    def tiebreak(self, key: str) -> str:
        return {
            "tickets": self._("Tie broken: tickets"),
            "fewest-stations": self._("Tie broken: stations"),
            "longest": self._("Tie broken: longest"),
        }.get(key, key)

    # Hints
    # Refusals
    def ticket_held(self, ticket: Ticket, name: str) -> str:
        return title_fitting([self.say(TICKET_HELD, name=name, ticket=places)
                              for places in place_names(self, ticket)])
