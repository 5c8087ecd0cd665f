"""What each game lets every player see before its end: the one filter of the live view (the
scoreboard's pages, its JSON interface and the MQTT `live` topic).

Everything is hidden unless the game declares it (`shown()` in its package's `public`
module): a score category, an event kind or an event field that a game adds later stays off
the scoreboard until it is listed. Once the game is over, the result is shown whole.

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

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.public import NOTHING, Shown


@cache
def shown(game: str) -> Shown:
    """The game's declaration (`shown()` of its package's `public` module), built when it is
    first shown."""
    record = TABLE_GAMES.get(game)
    declare = record.part("public", "shown") if record is not None else None
    if declare is None:
        return NOTHING
    declared: Shown = declare()
    return declared


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
