"""Freight Train at the table."""

from __future__ import annotations

from companion.games.record import TableGame, Values
from companion.i18n.translate import NC_

GAME = "freight-train"


def _cards() -> dict[str, Values]:
    from engine.games.freight_train.cards import DEPARTURE, WAGON_TYPES

    return {"wagon": WAGON_TYPES, DEPARTURE: ()}


TABLE = TableGame(
    id=GAME,
    flow="companion.games.freight_train.flow:FreightTrainFlow",
    charted_by="day",
    autopilot="companion.games.freight_train.autopilot",
    cards=_cards,
    copies={"wagon": 16},
    names={
        "wagon": {
            "coal": NC_("freight-train/wagon", "Coal"),
            "tank": NC_("freight-train/wagon", "Tank"),
            "box": NC_("freight-train/wagon", "Box"),
            "flat": NC_("freight-train/wagon", "Flat"),
            "hopper": NC_("freight-train/wagon", "Hopper"),
            "reefer": NC_("freight-train/wagon", "Reefer"),
            "stock": NC_("freight-train/wagon", "Stock"),
            "auto": NC_("freight-train/wagon", "Auto"),
            "gondola": NC_("freight-train/wagon", "Gondola"),
            "lumber": NC_("freight-train/wagon", "Lumber"),
            "container": NC_("freight-train/wagon", "Container"),
            "": NC_("freight-train/wagon", "Wagon"),
        },
        "departure": {
            "": NC_("freight-train/departure", "Departure card"),
        },
        "category": {
            "mixed": NC_("freight-train/category", "Mixed train"),
            "yard": NC_("freight-train/category", "Yard"),
            "start": NC_("freight-train/category", "Start"),
            "rearranging": NC_("freight-train/category", "Rearranging"),
        },
    },
    id_params={"wagon": "wagon"},
)
