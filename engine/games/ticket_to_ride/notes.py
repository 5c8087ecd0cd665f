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
    N_("Separate routes between the same two places (Nordic Countries, United Kingdom, Great "
       "Lakes, Switzerland's border arrows) are separate routes, not one double route: a player "
       "may hold both, and the rule above applies to the tracks of each on its own. The table "
       "lists each with its length (and tunnel, ferry, boat or arrow where that differs); the "
       "tally asks for its length, or what else tells them apart."),
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
    N_("A ticket to one of several destinations (Switzerland) scores the points of the best "
       "destination connected to its origin: several may be connected, only the best counts. "
       "With none connected it costs only its lowest value. It counts as completed (most "
       "completed tickets, tie-breaks) when one destination is connected."),
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
    N_("Shares played turn by turn: a share is numbered by its place in its company's pile (1 "
       "for the first taken). The text says a player \"may\" take one; taking one never costs "
       "anything, so the table takes it: at once when one company of the route has shares "
       "left, after asking which when several have. The count is the tally's, without the "
       "neutral holder of the two-player game (the text does not have one)."),
    N_("Passenger meeples played turn by turn: the two places a claim connects are the route's "
       "two ends; at each, the player takes one meeple of the colour of their choice, or none. "
       "The meeples lie at random on the board and the companion does not see them: the players "
       "say each colour taken, and no colour is taken more often than the map's meeple_supply "
       "holds."),
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
       "passenger card per opponent route, taking the most valuable token in each city it "
       "reaches: one token per city, the first time it reaches it, and none in its departure "
       "city, even when the trip comes back to it. Merchandise tokens score their values."),
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
    N_("Team play at the table: the players are seated team by team, team mates one after the "
       "other, each with the map's trains per player (team_trains). Each keeps a hand and "
       "tickets of their own; the first ticket a player keeps, at the start and at each draw, "
       "goes to the team's holder; of the two cards drawn in a turn, the first goes to the "
       "hand and the second to the team's holder, and a face-up locomotive to the holder; the "
       "draw screens say so. A payment (a route with its Cité, a tunnel's extra cards, a "
       "station) comes from the hand and the holder as the player chooses: when it could come "
       "from either, the table asks which cards the holder gave ('Team's cards used?'), so its "
       "count of the holder stays true. A passenger's fare is taken from the holder first. "
       "The turn screen shows the team's score, as its one marker does. The last round starts "
       "when one player's own trains run low. A team scores its members' routes and every "
       "ticket of its members and its holder."),
    N_("Team play with other rules at the table: the team is the owner and is scored as one "
       "player, as the tally reads it, while each player plays their own turn with their own "
       "trains. The shares (Pennsylvania), meeples (Germany) and merchandise (Märklin) its "
       "members take are the team's together. Stations are the team's too: the map's number "
       "for the team. Old West: one starting city per team, placed with the team's first "
       "claim, and the map's Cités for the team, paid from the holder and the hand; a route "
       "into a team mate's Cité scores for the team; the team holds Alvin, moves him to one of "
       "its Cités, and a team mate never captures him from it."),
    N_("Europe 1912 in teams: one warehouse and the map's depots per team. Each team places "
       "one first depot, by its member met first counter-clockwise from the last player; a "
       "team's depots are placed and given up by either member; the deck's top card goes into "
       "a team's warehouse, and a warehouse taken goes into the claiming player's hand. The "
       "bonus goes to the team with the most depots left. Märklin in teams: each player places "
       "and moves their own passengers; a team mate's route is the team's own (no passenger "
       "card to pay) and fares are paid from the holder and the hand."),
    N_("Märklin at the table: after a claim the player may place a passenger on a free city at "
       "either end of the route (one passenger per city). Moving a passenger is a turn's action "
       "of its own, like drawing cards or claiming a route. Its trip never uses a route twice, "
       "the two tracks of a double route being one route; on a double route it takes the "
       "player's own track when there is one. Its tokens count at once. The map file names the "
       "cities of each token colour, one stack on each. Opponents' routes need passenger cards, "
       "one each, on maps whose deck has them."),
    N_("Tolls at the table: the tokens move by themselves (each player starts with the map's "
       "tokens); the claim's screen says what is paid to whom, or 'Loan'. The second track of "
       "a route pays the owner of the route's track claimed first; on a loan the bank pays "
       "them, and the screen says so ('Loan: the bank pays 2 to Ana'). The end bonus by "
       "tokens left is called 'Toll bonus', apart from the tokens held."),
    N_("Old West played turn by turn: a player's starting city (\"ville de départ\") is a "
       "Cité placed free on one end of their first route, before that route scores: a city "
       "no claimed route reaches yet, never Alvin's (a first route with no such end gives "
       "none); it counts among the three Cités. After a "
       "claim, a Cité may be placed on one of its ends for two cards of one colour "
       "(locomotives stand in). A route scores at once, for the owners of the Cités at its "
       "ends, else for its claimer. A route into Alvin's city captures him, unless its claimer "
       "already holds him; the captor moves him to one of their Cités (the one placed with "
       "that claim included), or leaves him there with none."),
    N_("Special cards turn by turn: the map file says how many of each the game has. A joker "
       "taken face up counts as two cards (never the second card; the turn ends), drawn blind as "
       "one. Locomotives +4 and passenger cards are drawn like colour cards, two a turn. Three "
       "passenger cards face up: the five face-up cards are replaced, as with three "
       "locomotives; three jokers face up change nothing (the text does not say so). A tunnel's "
       "extra cards are of the colour played or locomotives, as the text says: jokers and "
       "locomotives +4 do not pay them."),
    N_("Depots and warehouses (Europe 1912) turn by turn: once the starting tickets are kept, "
       "from the last player counter-clockwise, each places a depot on a city. A player who "
       "draws train cards first puts the deck's top card, unseen, in any player's warehouse "
       "(not when the deck is empty). After claiming a route into a city with a depot, a player "
       "who still has a depot in front of them may give one up to take all the cards of that "
       "depot owner's warehouse (one warehouse per claim; an empty one is not offered). Depots "
       "are placed free before the turn's move, on cities with neither a depot nor a station; "
       "no station is built on a depot's city."),
    N_("When neither the deck nor the discards hold a card and no face-up card may be the "
       "second card, the player says so (at the table: ok on the second card's screen) and the "
       "turn ends after the first card; the companion, which does not see the face-up cards, "
       "takes the players' word."),
    N_("Italy's ferry cards: \"prendre une carte Ferry à la place\" is read as instead of the "
       "turn's action. A player takes one ferry card from its own pile (never from the train "
       "deck, never as a second card), and that is the whole turn. A ferry card paid goes back "
       "to its pile, not to the train discards."),
    N_("Pass is allowed only when nothing else is possible; when every player in turn can only "
       "pass, the game ends."),
    N_("Rails & Sails turn by turn: the text does not say how many wagons and boats each player "
       "takes, how many of each kind stay in the box, how many boat cards are dealt, or how many "
       "single and double boat cards each colour has: the map file gives them all (rules.boats; "
       "the wagon cards dealt are rules.cards.hand). The six face-up cards are laid out half "
       "from each deck, the wagon deck giving the odd one. A face-up card taken is replaced "
       "from the top of the deck the taker names (from the other when that deck is empty); "
       "each deck's discards are shuffled into that deck. Tunnels turn over wagon cards, as the "
       "text says. Land routes take wagons, sea routes boats. The last round starts when a "
       "player's wagons and boats together are the map's end_trains or fewer."),
    N_("Exchanging pieces (Rails & Sails) is the whole turn: the player puts back in their box "
       "any number of wagons and takes as many boats from it, or the other way, never more "
       "than the box holds. It costs nothing, as the text says nothing of a cost. A player who "
       "could only exchange may still pass."),
    N_("Harbours (Rails & Sails): the text says what pays for one but not where one may stand "
       "or what it scores; the companion neither plays nor scores them."),
    N_("Depots with Märklin passengers (no printed map has both): a depot, a passenger and a "
       "stack of merchandise may share a city. After a claim, the warehouse of a depot the "
       "route reaches is offered first, then the passenger."),
    N_("Rails & Sails with depots: the card put in a warehouse is the wagon deck's top card "
       "(none when the wagon deck is empty, even with boat cards left); a sea route into a "
       "depot's city offers its warehouse as a land route does. In teams: each player has the "
       "map's boats and box beside team_trains wagons, boat cards go to the hand and the "
       "team's holder as wagon cards do, and a team's routes may use all its members' wagons "
       "and boats."),
    N_("Rails & Sails with locomotives or passenger cards in the wagon deck: three locomotives "
       "(the map's face_up_locomotives), or three passenger cards, among all six face-up cards "
       "have the six replaced. Each goes to its own deck's discards and six new ones are laid "
       "out as at the start, half from each deck (the wagon deck giving the odd one, a deck too "
       "short leaving its places to the other); the six stay when the wagon cards left could "
       "not give fewer. The companion does not see the face-up cards: it counts those laid "
       "from the boat deck to send each to its discards."),
)


#: Every special rule a map may switch on, with the words players know it by.
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
    "special cards": N_("jokers, locomotives +4, passenger and ferry cards (Italy, Märklin, "
                        "Rails & Sails)"),
    "itineraries": N_("itinerary tickets"),
    "any_of": N_("tickets to one of several destinations (Switzerland)"),
    "boat": N_("boat cards, boats and exchanges (Rails & Sails)"),
}


def table_notes(gettext: Callable[[str], str]) -> tuple[str, ...]:
    """What the table plays turn by turn, in the reader's language: every special rule, alone
    or together; and the data a map must give for some of them."""
    live = [gettext(words) for words in SPECIAL_RULES.values()]
    return (
        gettext(N_("Played turn by turn at the table: USA, Europe, any map without special "
                   "rules, and the maps whose special rules are among these, alone or "
                   "together: {rules}.")).format(rules="; ".join(live)),
        gettext(N_("Scored with the tally only: a map with boat cards but no rules.boats, or "
                   "with meeples but no rules.meeple_supply (the table refuses it, naming the "
                   "field).")),
    )
