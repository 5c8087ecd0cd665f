"""Every game followed at the table, one record each: what the table side knows of a game.

A game at the table is one package here, beside its engine package (and its entry in
`engine/registry.py`): its `__init__` holds the game's `TABLE`, a `TableGame` (`record.py`)
with its title, how other tools name it, its flow and automated player, its card kinds and
copies, the names of its ids, its maps; the package is listed once, below. The records hold
data only, so a command about one game never loads the others' flows.

>>> TABLE_GAMES["freight-train"].title
'Freight Train'
>>> TABLE_GAMES["ticket-to-ride"].maps is not None
True
"""

from __future__ import annotations

from companion.games import (
    freight_train,
    game_of_trains,
    off_the_rails,
    ticket_to_ride,
    whistle_stop,
)
from companion.games.record import TableGame

#: The games followed at the table, by engine game id.
TABLE_GAMES: dict[str, TableGame] = {
    game.TABLE.id: game.TABLE
    for game in (freight_train, whistle_stop, game_of_trains, off_the_rails, ticket_to_ride)
}
