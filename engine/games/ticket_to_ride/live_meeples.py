"""Germany at the table: the passenger meeples picked up on claiming a route.

« À chaque fois qu'un joueur prend une route, il peut immédiatement ramasser un meeple
Passager sur chaque emplacement (ville ou pays) qui vient d'être connecté. » The two places a
claim connects are the route's two ends. Which colours lie in a place the companion does not
see (they are laid out at random): the players say the colour taken at each end, or none, and
no colour is taken more often than the game has meeples of it (the map's `meeple_supply`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...errors import N_, IllegalEvent
from .board import MapRules, Track
from .state import Player

#: No meeple taken at that end of the route.
NONE = ""


def meeples_left(rules: MapRules, players: Sequence[Player]) -> Counter[str]:
    """Meeples still on the board, by colour."""
    taken = Counter(color for player in players for color in player.meeples)
    return Counter({color: count - taken[color] for color, count in rules.meeple_supply
                    if count > taken[color]})


def meeple_options(rules: MapRules, players: Sequence[Player],
                   already: Sequence[str] = ()) -> tuple[str, ...]:
    """The colours that may still be taken at the next end of the route, `already` being
    the colours taken at the ends before it; NONE is always possible."""
    if rules.meeples is None:
        return ()
    left = meeples_left(rules, players)
    left.subtract(color for color in already if color)
    return (NONE, *(color for color, _ in rules.meeple_supply if left[color] > 0))


def check_meeples(rules: MapRules, players: Sequence[Player], track: Track,
                  meeples: Sequence[str]) -> tuple[str, ...]:
    """The colours taken, one entry per end of the route (NONE: nothing), or IllegalEvent."""
    if not meeples:
        return ()
    if rules.meeples is None:
        raise IllegalEvent(N_("This map has no passenger meeples"))
    if len(meeples) != len(track.ends):
        raise IllegalEvent(N_("Say the meeple taken at each end of the route, or none"))
    known = {color for color, _ in rules.meeple_supply}
    for end, color in enumerate(meeples):
        if color and color not in known:
            raise IllegalEvent(N_("{color} is not a meeple colour of this map"), color=color)
        if color not in meeple_options(rules, players, meeples[:end]):
            raise IllegalEvent(N_("No {color} meeple is left"), color=color)
    return tuple(meeples)


def meeple_fields(players: Sequence[Player]) -> dict[str, int]:
    """The meeples of `players` (a player, or a team's members: the team holds them) as the
    final table gives them: colour -> count."""
    return dict(sorted(Counter(color for player in players for color in player.meeples).items()))
