"""Whistle Stop at the table."""

from __future__ import annotations

from companion.games.record import TableGame, Values
from companion.i18n.translate import NC_


def _cards() -> dict[str, Values]:
    from engine.games.whistle_stop.simulate import COMPANIES, SHARES_PER_COMPANY

    return {"share": tuple(f"{company}-{number}" for company in COMPANIES
                           for number in range(1, SHARES_PER_COMPANY + 1))}


TABLE = TableGame(
    id="whistle-stop",
    flow="companion.games.whistle_stop.flow:WhistleStopFlow",
    autopilot="companion.games.whistle_stop.autopilot",
    cards=_cards,
    names={
        "share": {
            "": NC_("whistle-stop/share", "Share"),
        },
        "company": {
            "red": NC_("whistle-stop/company", "Red"),
            "blue": NC_("whistle-stop/company", "Blue"),
            "green": NC_("whistle-stop/company", "Green"),
            "yellow": NC_("whistle-stop/company", "Yellow"),
            "black": NC_("whistle-stop/company", "Black"),
        },
        "category": {
            "fame": NC_("whistle-stop/category", "Fame"),
            "shares": NC_("whistle-stop/category", "Shares"),
            "upgrades": NC_("whistle-stop/category", "Upgrades"),
            "gold": NC_("whistle-stop/category", "Gold"),
            "resources": NC_("whistle-stop/category", "Resources"),
            "tokens": NC_("whistle-stop/category", "Tokens"),
            "special_tiles": NC_("whistle-stop/category", "Tiles"),
        },
        "token": {
            "coal": NC_("whistle-stop/token", "Coal"),
            "whistle": NC_("whistle-stop/token", "Whistle"),
        },
    },
)
