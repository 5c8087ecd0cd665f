"""How the companion reads Ticket to Ride where the rules text is silent or open.

Players read these with `companion games --rules ticket-to-ride`, followed by what the table
plays turn by turn and what goes to the tally (`table_notes`, from the engine's own table).
"""

from collections.abc import Callable

from ...errors import N_

RULE_NOTES: tuple[str, ...] = (
    N_("Route points by length: 1:1, 2:2, 3:4, 4:7, 5:10, 6:15, 7:18, 8:21, 9:27; a map file "
       "may give its own table."),
    N_("A gray route takes cards of any one colour; locomotives stand in for any card. The "
       "cards given must be exactly what the route needs: no card to spare."),
    N_("Double and triple routes: nobody holds two tracks of one route. With fewer players than "
       "the map says (4 on USA and Europe), once one track of a route is claimed the others are "
       "closed. The tally hands out the tracks of each route together: a table is accepted "
       "whenever some assignment of tracks holds, whatever order it is written in."),
    N_("The last round starts when a player ends a turn with 0, 1 or 2 trains (or the map's own "
       "number); then every player, that one included, plays one more turn."),
    N_("A face-up locomotive taken first counts as two cards and ends the turn; it cannot be the "
       "second card. With three locomotives face up, all five face-up cards are discarded and "
       "five new ones laid out, again if needed, unless the cards left could never do better."),
    N_("When the deck runs out the discards are shuffled into a new deck. If no card can be "
       "drawn for a second card, the turn ends after the first."),
    N_("Tickets not kept go under the pile. Europe: each player is offered three tickets and one "
       "long ticket at the start and keeps at least two of the four; long tickets not kept leave "
       "the game. USA: keep at least two of three at the start; later draws keep at least one."),
    N_("Tunnels: three cards are turned over from the deck; each of the colour played, or a "
       "locomotive, asks one more card of that colour or a locomotive. A tunnel paid with "
       "locomotives only asks one more locomotive per locomotive turned over. The player may "
       "give up: the cards go back to the hand and the turn is over. If the deck runs out "
       "during the reveal, the discards are shuffled and the reveal goes on."),
    N_("Ferries need one locomotive per locomotive symbol; the other spaces follow the route's "
       "colour (gray: any one colour)."),
    N_("Italy: a ferry card covers one or two wave spaces, a locomotive one; ferry cards pay for "
       "nothing else. Locomotives +4 (Märklin) are jokers on routes of 4 spaces or more only, "
       "and not on locomotive symbols. Rails & Sails: jokers pay for land and sea; a double boat "
       "card covers one or two spaces; a harbour takes two wagon and two boat cards of one "
       "colour. Passenger cards never pay for a route."),
    N_("Stations (Europe): up to three, costing 1, 2 then 3 cards of one colour (locomotives "
       "stand in). Each borrows one opponent route into its city, the same one for all of the "
       "owner's tickets; the companion picks, for every station, the route that gives the most "
       "ticket points, then the most completed tickets (the first tie-break), whatever order "
       "the table is written in. A station may borrow a route parallel to one of the owner's "
       "when an itinerary must pass the same two cities twice. Stations do not count for the "
       "longest route; each unused station scores 4. Two stations never stand in one city."),
    N_("Longest continuous route: the longest trail over the player's own routes, each route "
       "used once (cities may be passed again). Every tied player scores the bonus; nobody "
       "scores it with no route at all."),
    N_("Tickets: completed, the value is added; not completed, it is taken away. An itinerary "
       "scores its first value when a trail (no route twice) goes from its first city through "
       "the others in order, its second value when its cities are all connected otherwise, and "
       "its negative value (the map file's 'failed', by default minus the second value) when a "
       "city is missing."),
    N_("Neighbouring countries are dead ends: a route into a country connects nothing to the "
       "other routes into that country, for tickets and for the longest route alike."),
    N_("Winner: the best total; ties are broken by the map's tie-breaks in order. USA: most "
       "completed tickets, then the longest-route bonus. Europe: most completed tickets, then "
       "fewest stations used, then the European Express. Players still tied share the win."),
    N_("Globetrotter (most completed tickets), most depots left (Europe 1912): every tied "
       "player scores the bonus; nobody does when the most is zero."),
    N_("Depots (Europe 1912) can be added to any map, USA and Europe included: 5 depots each, "
       "and 10 points for the most depots left. Once one player's depots are given, every "
       "player's are needed."),
    N_("Shares (Pennsylvania): the payouts of each company go by number of shares, first value "
       "to the most; equal numbers are ranked by the lowest-numbered share held. With two "
       "players, the shares of the neutral holder (the tally's 'dummy_shares') take their rank "
       "and payout, which nobody scores. A player names one of the route's companies; when its "
       "shares are all taken, another company on the route."),
    N_("Passenger meeples (Germany): per colour, 20 to every player tied for the most; with a tie "
       "for first nobody scores 10; otherwise 10 to every player tied for second."),
    N_("Tolls (Netherlands): the only or first track of a route pays its toll to the bank, the "
       "second track pays the first track's owner. A player who cannot pay in full takes a loan "
       "and pays nothing for that route (the bank pays the first track's owner). Each loan "
       "costs its points at the end. The toll bonus goes by tokens left, from the map file's "
       "table for the player count (the companion never guesses one); players with a loan get "
       "none and take no rank; tied players all get the best bonus of the ranks they share and "
       "the ranks they fill are skipped."),
    N_("Old West: a route scores when it is claimed. A route into a city where a Cité already "
       "stands scores for the Cité's owner instead of the route's owner; a route between two "
       "Cités scores for each owner (twice for one owner); a Cité placed later changes nothing. "
       "A Cité is placed right after its owner claims a route, on one of that route's cities: "
       "the tally takes each route's claim number and the claim each Cité followed (a route "
       "given with \"claim\": n, a Cité with \"city\" and \"claim\"; claim 0 is the "
       "player's starting city, a Cité from the start). At most "
       "three Cités each, one per city, never in Alvin's starting city. Alvin: 10 points per "
       "capture, 10 more for holding him at the end, which needs a capture; the tally takes the "
       "captures counted at the table."),
    N_("Mountains (Legendary Asia): each cross costs one extra train and scores 2 points, shown "
       "apart as 'mountains'."),
    N_("Märklin: a passenger moves along claimed routes, never the same route twice, one "
       "passenger card per opponent route, taking the most valuable token in each city reached "
       "after its start; merchandise tokens score their values."),
    N_("Poland: claiming a route into a country that links, through the player's network, two "
       "countries or more takes the top card of each linked country's pile, one card per "
       "country however many routes reach it, while the pile lasts; the tally checks that the "
       "cards taken of each country are the top of its pile. At the table the companion hands "
       "the cards out itself. Only a route into a country takes cards: a route between two "
       "cities that joins two networks takes none. A country is a dead end here too: a network "
       "does not go on through it."),
    N_("Team play (Asia): a team is scored as one player with its members' routes and tickets "
       "together, and the trains of all its members; a team holds one track of a route at most. "
       "The players of the map count teams; the players from whom both tracks of double routes "
       "are used count people, a team of two counting two: the six players in three teams of "
       "the rules use both tracks. Nobody plays in two teams."),
    N_("Tolls at the table: the tokens move by themselves (each player starts with the map's "
       "tokens); the claim's screen says what is paid to whom, or 'Loan'. The second track of "
       "a route pays the owner of the route's track claimed first."),
    N_("Pass is allowed only when nothing else is possible; when every player in turn can only "
       "pass, the game ends."),
)


#: Every special rule a map may switch on, by the name the engine gives it (`NOT_YET_LIVE`),
#: with the words players know it by.
SPECIAL_RULES: dict[str, str] = {
    "tolls": N_("tolls and loans (Netherlands)"),
    "mountains": N_("mountains (Legendary Asia)"),
    "country_cards": N_("country cards (Poland)"),
    "stocks": N_("shares (Pennsylvania)"),
    "old_west": N_("Cités and Alvin (Old West)"),
    "depots": N_("depots (Europe 1912)"),
    "team_size": N_("team play (Asia)"),
    "meeples": N_("passenger meeples (Germany)"),
    "merchandise": N_("merchandise (Märklin)"),
    "passengers": N_("passengers (Märklin)"),
    "special cards": N_("special train cards (Italy, Märklin, Rails & Sails)"),
    "itineraries": N_("itinerary tickets"),
}


def table_notes(gettext: Callable[[str], str]) -> tuple[str, ...]:
    """What the table plays turn by turn and what only the tally scores, in the reader's
    language: read from the rules the engine does not play live yet."""
    from .rules import NOT_YET_LIVE  # the rules import the maps; the notes stay light

    waiting = [name for _, name in NOT_YET_LIVE]
    live = [gettext(words) for name, words in SPECIAL_RULES.items() if name not in waiting]
    tally = [gettext(SPECIAL_RULES.get(name, name)) for name in waiting]
    notes = [gettext(N_("Played turn by turn at the table: USA, Europe, any map without "
                        "special rules, and the maps whose special rules are among these: "
                        "{rules}.")).format(rules="; ".join(live))]
    if tally:
        notes.append(gettext(N_("Scored with the tally only (the table refuses such a map): "
                                "{rules}.")).format(rules="; ".join(tally)))
    return tuple(notes)
