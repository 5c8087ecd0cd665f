"""Off the Rails at the table."""

from __future__ import annotations

from companion.games.record import TableGame, Values
from companion.i18n.translate import NC_


def _cards() -> dict[str, Values]:
    from engine.games.off_the_rails.components import CAVE_IN_CARD, deposit_cards

    return {"deposit": deposit_cards(), CAVE_IN_CARD: ()}


TABLE = TableGame(
    id="off-the-rails",
    flow="companion.games.off_the_rails.flow:OffTheRailsFlow",
    # Gems go behind each player's screen; the ruby bonus and end missions count them.
    settled_at_the_end=frozenset({"gems", "ruby_bonus", "end_missions"}),
    autopilot="companion.games.off_the_rails.autopilot",
    cards=_cards,
    names={
        "deposit": {
            "": NC_("off-the-rails/deposit", "Deposit card"),
        },
        "cave-in": {
            "": NC_("off-the-rails/cave-in", "Cave-in card"),
        },
        "mine": {
            "red": NC_("off-the-rails/mine", "red"),
            "yellow": NC_("off-the-rails/mine", "yellow"),
            "blue": NC_("off-the-rails/mine", "blue"),
            "green": NC_("off-the-rails/mine", "green"),
        },
        "gem": {
            "rock": NC_("off-the-rails/gem", "Rock"),
            "ruby": NC_("off-the-rails/gem", "Ruby"),
            "emerald": NC_("off-the-rails/gem", "Emerald"),
            "gold": NC_("off-the-rails/gem", "Gold"),
            "diamond": NC_("off-the-rails/gem", "Diamond"),
        },
        "category": {
            "gems": NC_("off-the-rails/category", "Gems"),
            "ruby_bonus": NC_("off-the-rails/category", "Most rubies"),
            "carts": NC_("off-the-rails/category", "Carts"),
            "missions": NC_("off-the-rails/category", "Missions"),
            "end_missions": NC_("off-the-rails/category", "End missions"),
        },
    },
    id_params={"mine": "mine", "gem": "gem"},
)
