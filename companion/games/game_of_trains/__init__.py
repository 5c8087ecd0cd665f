"""The Game of Trains at the table."""

from __future__ import annotations

from companion.games.record import TableGame, Values
from companion.i18n.translate import NC_


def _cards() -> dict[str, Values]:
    from engine.games.game_of_trains.cards import WAGONS

    return {"wagon": tuple(str(number) for number in WAGONS)}


TABLE = TableGame(
    id="game-of-trains",
    flow="companion.games.game_of_trains.flow:GameOfTrainsFlow",
    autopilot="companion.games.game_of_trains.autopilot",
    memory="companion.state.abilities:AbilityMemory",
    cards=_cards,
    names={
        "wagon": {
            "": NC_("game-of-trains/wagon", "Wagon"),
        },
        "ability": {
            "swap-adjacent": NC_("game-of-trains/ability", "Swap neighbours"),
            "swap-over-one": NC_("game-of-trains/ability", "Swap over one"),
            "move-right-two": NC_("game-of-trains/ability", "Move 2 right"),
            "move-left-two": NC_("game-of-trains/ability", "Move 2 left"),
            "remove-first": NC_("game-of-trains/ability", "Remove first"),
            "remove-middle": NC_("game-of-trains/ability", "Remove middle"),
            "remove-last": NC_("game-of-trains/ability", "Remove last"),
            "lock": NC_("game-of-trains/ability", "Lock"),
        },
    },
    # A line is ascending or not: the engine's 1 or 0 is a win, not points.
    no_points=True,
)
