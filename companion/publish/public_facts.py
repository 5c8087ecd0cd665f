"""What each game lets every player see before its end: the one declaration the live view
(the scoreboard's pages, its JSON interface and the MQTT `live` topic) is filtered through.

Everything is hidden unless declared here: a score category, an event kind or an event field
that a game adds later stays off the scoreboard until it is listed. Once the game is over,
the result is shown whole.

What the rules texts keep hidden, game by game:

- Ticket to Ride: the destination tickets a player keeps and what they score (the
  Globetrotter bonus counts completed tickets, so it is hidden too); a train card drawn blind
  from a deck, and a card put unseen in a warehouse (Europe 1912); the order of the decks.
  The board, the face-up cards, the cards paid and the bonuses of pieces on the table (shares,
  meeples, tokens, country cards, loans, depots, stations, Alvin) are in plain view.
- Freight Train: the order of the deck (where the departure card lies); yards, trains and
  tokens are face up.
- The Game of Trains: the order of the deck and the cards discarded face down at the
  opening ("Les cartes dans la pile de défausse restent face cachée"); the lines of wagons
  and the face-up ability cards are in plain view.
- Off the Rails: the stones a player has stored behind their screen ("ne sont plus visibles
  des autres joueurs"), so the gem points, the ruby bonus and the missions scored at the end;
  the deposit cards left out or set aside, and the order of the deck. Carts and the missions
  taken are in plain view.
- Whistle Stop: nothing the companion follows is hidden (tokens, shares, upgrades, fame and
  resources are on the table; the hand of tiles is not followed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.unseen import UNSEEN

#: A test on a move's JSON form: whether one of its fields is shown.
Condition = Callable[[Mapping[str, Any]], bool]


@dataclass(frozen=True)
class Shown:
    """What one game shows everyone before its end."""

    #: The score categories in plain view; the running totals count only these.
    categories: frozenset[str]
    #: Each move's kind and the fields of it that are in plain view.
    moves: Mapping[str, frozenset[str]]
    #: Fields shown only when the move's JSON form passes the test: (kind, field) -> test.
    shown_if: Mapping[tuple[str, str], Condition] = field(default_factory=dict)
    #: What the game writes for a card nobody has seen: a hidden value is written as that.
    unseen: Any = UNSEEN


def _moves(**kinds: Sequence[str]) -> dict[str, frozenset[str]]:
    """Event kinds (underscores for dashes) and their public fields."""
    return {kind.rstrip("_").replace("_", "-"): frozenset(fields)
            for kind, fields in kinds.items()}


def _ticket_to_ride() -> Shown:
    return Shown(
        categories=frozenset({
            "routes", "longest", "mountains", "stations", "stocks", "meeples", "merchandise",
            "tolls", "loans", "depots", "countries", "alvin"}),
        moves=_moves(
            deal=(), reshuffle=("pile",), replace_face_up=(),
            draw_card=("index", "card", "pile"), take_ferry_card=(), place_depot=("city",),
            store_card=("owner",), take_warehouse=("owner",), draw_tickets=(),
            keep_tickets=(),
            claim_route=("track", "cards", "company", "meeples", "start", "cite",
                         "cite_cards", "alvin_to", "shared"),
            reveal_tunnel=("cards",), pay_tunnel=("cards", "shared"),
            build_station=("city", "cards", "shared"), place_passenger=("city",),
            move_passenger=("start", "stops", "cards"), exchange_pieces=("give", "count"),
            pass_=()),
        # A face-up card taken is seen by all; one drawn blind (index -1) is not.
        shown_if={("draw-card", "card"): lambda move: int(move.get("index", -1)) >= 0})


def _freight_train() -> Shown:
    from engine.games.freight_train.cards import MIXED, WAGON_TYPES

    return Shown(
        categories=frozenset({"start", "yard", "rearranging", MIXED, *WAGON_TYPES}),
        moves=_moves(
            start_day=("main_yard", "yards"), refill_lane=("lane", "drawn", "checked"),
            take_from_main_yard=("lanes", "wagons", "targets", "entry_order"),
            move_from_yard=("tracks", "wagons", "targets"), rearrange=("yard",),
            bring_locomotive=()))


def _game_of_trains() -> Shown:
    from engine.games.game_of_trains.cards import UNSEEN as UNSEEN_WAGON

    return Shown(
        categories=frozenset({"ascending"}),
        moves=_moves(
            deal=("lines",), opening_draw=("seat",), opening_keep=("seat", "card", "position"),
            draw_card=("card", "position"), use_ability=("card", "position"),
            draw_replacement=("card",), reshuffle=(), learn_ability=("card", "ability")),
        unseen=UNSEEN_WAGON)


def _off_the_rails() -> Shown:
    return Shown(
        categories=frozenset({"carts", "missions"}),
        moves=_moves(
            setup=("opening",), draw_deposit=("card", "stones"), refill=(),
            take_actions=("actions",), move_carts=("home", "derailed"), validate_mission=(),
            reveal_cave_in=("card",), draw_cave_in_token=("mine", "roll"),
            place_cave_in=("crushed",)))


def _whistle_stop() -> Shown:
    return Shown(
        categories=frozenset({
            "fame", "shares", "upgrades", "gold", "resources", "tokens", "special_tiles"}),
        moves=_moves(
            place_train=("station",), hand_out=(), move=("token", "arrived"),
            take_share=("company", "number"), gain_tokens=("coal", "whistles"),
            gain_fame=("points",), buy_upgrade=("stars", "from_seat"), end_turn=()))


#: Each game's declaration, built when that game is first shown (a game's modules load only
#: when it is played).
DECLARED: dict[str, Callable[[], Shown]] = {
    "ticket-to-ride": _ticket_to_ride,
    "freight-train": _freight_train,
    "game-of-trains": _game_of_trains,
    "off-the-rails": _off_the_rails,
    "whistle-stop": _whistle_stop,
}
#: A game with no declaration shows no score category and no field of any move.
NOTHING = Shown(categories=frozenset(), moves={})


@cache
def shown(game: str) -> Shown:
    declared = DECLARED.get(game)
    return declared() if declared is not None else NOTHING


def masked(value: Any, unseen: Any) -> Any:
    """`value` with everything in it unseen, its shape kept: a list keeps its length (how
    many cards were kept is seen by all), a mapping becomes empty (its keys say too much).

    >>> masked(["Paris-Wien", "Roma-Kyiv"], "?"), masked({"ruby": 2}, "?"), masked(7, 0)
    (['?', '?'], {}, 0)
    """
    if isinstance(value, list | tuple):
        return [masked(item, unseen) for item in value]
    if isinstance(value, dict):
        return {}
    return unseen


def public_move(game: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """A move's JSON form as everyone at the table saw it: each hidden field written as
    unseen, and named in "hidden" (absent when nothing is)."""
    rules = shown(game)
    kind = str(event.get("kind", ""))
    public = rules.moves.get(kind, frozenset())
    move: dict[str, Any] = {"kind": kind}
    hidden = []
    for name, value in event.items():
        if name == "kind":
            continue
        condition = rules.shown_if.get((kind, name))
        if name in public and (condition is None or condition(event)):
            move[name] = value
        else:
            move[name] = masked(value, rules.unseen)
            hidden.append(name)
    if hidden:
        move["hidden"] = hidden
    return move


def public_result(game: str, result: Mapping[str, Any],
                  seats: Sequence[str] = ()) -> dict[str, Any]:
    """A running result as everyone can count it: the public categories only, each total
    less the hidden points, the players in the order of `seats` (an order by the whole
    totals would tell who is ahead), and the `leaders` on those totals (none while all are
    level) instead of the `winners`, who are only known at the end."""
    categories = shown(game).categories
    order = {name: seat for seat, name in enumerate(seats)}
    players = []
    for player in sorted(result.get("players", ()),
                         key=lambda player: order.get(player["name"], len(order))):
        breakdown = dict(player.get("breakdown", {}))
        secret = sum(int(points) for name, points in breakdown.items()
                     if name not in categories)
        players.append({"name": player["name"], "total": int(player["total"]) - secret,
                        "breakdown": {name: points for name, points in breakdown.items()
                                      if name in categories}})
    totals = {player["total"] for player in players}
    best = max(totals, default=0)
    leaders = [player["name"] for player in players
               if player["total"] == best and len(totals) > 1]
    return {"game": result.get("game", game), "players": players, "leaders": leaders}
