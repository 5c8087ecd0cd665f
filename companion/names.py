"""Display names of the ids the games use: wagon types, card kinds, tally categories, tokens.

Each name is an English message with a context "GAME/KIND" (gettext's msgctxt), so a short
word can be translated differently in each place it is used ("Stock" is a livestock wagon in
Freight Train, "Bestiaux", but a share in Pennsylvania). An id without a name is shown as is.

>>> [card_name("freight-train", "wagon", "coal", language) for language in ("en", "fr")]
['Coal', 'Charbon']
>>> card_name("freight-train", "departure", "", "fr")
'Carte départ des trains'
>>> card_name("*", "player", "Cléo", "fr")
'Cléo'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import NC_, translator

FREIGHT_TRAIN = "freight-train"

#: (game, kind) -> value -> (context, English name); the value "" names the kind itself.
NAMES: dict[tuple[str, str], dict[str, tuple[str, str]]] = {
    (FREIGHT_TRAIN, "wagon"): {
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
    (FREIGHT_TRAIN, "departure"): {
        "": NC_("freight-train/departure", "Departure card"),
    },
    (FREIGHT_TRAIN, "category"): {
        "mixed": NC_("freight-train/category", "Mixed train"),
        "yard": NC_("freight-train/category", "Yard"),
        "start": NC_("freight-train/category", "Start"),
        "rearranging": NC_("freight-train/category", "Rearranging"),
    },
    ("game-of-trains", "wagon"): {
        "": NC_("game-of-trains/wagon", "Wagon"),
    },
    ("game-of-trains", "ability"): {
        "swap-adjacent": NC_("game-of-trains/ability", "Swap neighbours"),
        "swap-over-one": NC_("game-of-trains/ability", "Swap over one"),
        "move-right-two": NC_("game-of-trains/ability", "Move 2 right"),
        "move-left-two": NC_("game-of-trains/ability", "Move 2 left"),
        "remove-first": NC_("game-of-trains/ability", "Remove first"),
        "remove-middle": NC_("game-of-trains/ability", "Remove middle"),
        "remove-last": NC_("game-of-trains/ability", "Remove last"),
        "lock": NC_("game-of-trains/ability", "Lock"),
    },
    ("ticket-to-ride", "train"): {
        "red": NC_("ticket-to-ride/train", "Red"),
        "blue": NC_("ticket-to-ride/train", "Blue"),
        "green": NC_("ticket-to-ride/train", "Green"),
        "yellow": NC_("ticket-to-ride/train", "Yellow"),
        "black": NC_("ticket-to-ride/train", "Black"),
        "white": NC_("ticket-to-ride/train", "White"),
        "orange": NC_("ticket-to-ride/train", "Orange"),
        "pink": NC_("ticket-to-ride/train", "Pink"),
        "": NC_("ticket-to-ride/train", "Train card"),
    },
    ("ticket-to-ride", "route"): {
        "gray": NC_("ticket-to-ride/route", "Gray"),
    },
    ("ticket-to-ride", "locomotive"): {
        "": NC_("ticket-to-ride/locomotive", "Locomotive"),
    },
    ("ticket-to-ride", "ticket"): {
        "": NC_("ticket-to-ride/ticket", "Destination ticket"),
    },
    ("ticket-to-ride", "category"): {
        "routes": NC_("ticket-to-ride/category", "Routes"),
        "tickets": NC_("ticket-to-ride/category", "Tickets"),
        "longest": NC_("ticket-to-ride/category", "Longest"),
        "stations": NC_("ticket-to-ride/category", "Stations"),
    },
    ("whistle-stop", "share"): {
        "": NC_("whistle-stop/share", "Share"),
    },
    ("whistle-stop", "company"): {
        "red": NC_("whistle-stop/company", "Red"),
        "blue": NC_("whistle-stop/company", "Blue"),
        "green": NC_("whistle-stop/company", "Green"),
        "yellow": NC_("whistle-stop/company", "Yellow"),
        "black": NC_("whistle-stop/company", "Black"),
    },
    ("whistle-stop", "category"): {
        "fame": NC_("whistle-stop/category", "Fame"),
        "shares": NC_("whistle-stop/category", "Shares"),
        "upgrades": NC_("whistle-stop/category", "Upgrades"),
        "gold": NC_("whistle-stop/category", "Gold"),
        "resources": NC_("whistle-stop/category", "Resources"),
        "tokens": NC_("whistle-stop/category", "Tokens"),
        "special_tiles": NC_("whistle-stop/category", "Tiles"),
    },
    ("whistle-stop", "token"): {
        "coal": NC_("whistle-stop/token", "Coal"),
        "whistle": NC_("whistle-stop/token", "Whistle"),
    },
    ("off-the-rails", "deposit"): {
        "": NC_("off-the-rails/deposit", "Deposit card"),
    },
    ("off-the-rails", "cave-in"): {
        "": NC_("off-the-rails/cave-in", "Cave-in card"),
    },
    ("off-the-rails", "mine"): {
        "red": NC_("off-the-rails/mine", "red"),
        "yellow": NC_("off-the-rails/mine", "yellow"),
        "blue": NC_("off-the-rails/mine", "blue"),
        "green": NC_("off-the-rails/mine", "green"),
    },
    ("off-the-rails", "gem"): {
        "rock": NC_("off-the-rails/gem", "Rock"),
        "ruby": NC_("off-the-rails/gem", "Ruby"),
        "emerald": NC_("off-the-rails/gem", "Emerald"),
        "gold": NC_("off-the-rails/gem", "Gold"),
        "diamond": NC_("off-the-rails/gem", "Diamond"),
    },
    ("off-the-rails", "category"): {
        "gems": NC_("off-the-rails/category", "Gems"),
        "ruby_bonus": NC_("off-the-rails/category", "Most rubies"),
        "carts": NC_("off-the-rails/category", "Carts"),
        "missions": NC_("off-the-rails/category", "Missions"),
        "end_missions": NC_("off-the-rails/category", "End missions"),
    },
}

#: Error parameters that hold an id, by parameter name: (game, kind) of their names.
ID_PARAMS: dict[str, tuple[str, str]] = {
    "wagon": (FREIGHT_TRAIN, "wagon"),
    "mine": ("off-the-rails", "mine"),
    "gem": ("off-the-rails", "gem"),
}


def card_name(game: str, kind: str, value: str, language: str) -> str:
    """What a card is called on the screen: its value's name, else its kind's, else the id.

    A value without a name (a player's name on a personal tag) is shown as it is.
    """
    names = NAMES.get((game, kind), {})
    entry = names.get(value) or (None if value else names.get(""))
    if entry is None:
        return value or kind
    return translator(language).pgettext(*entry)


def wagon_name(wagon: str, language: str) -> str:
    """A Freight Train wagon type's name, e.g. `wagon_name("reefer", "fr") == "Réfrigéré"`."""
    return card_name(FREIGHT_TRAIN, "wagon", wagon, language)


def category_name(game: str, key: str, language: str) -> str:
    """A tally breakdown key's name: a wagon type, "mixed", "yard"...

    >>> category_name("freight-train", "mixed", "fr"), category_name("freight-train", "tank", "fr")
    ('Train mélangé', 'Citerne')
    """
    if (game, "wagon") in NAMES and key in NAMES[(game, "wagon")]:
        return card_name(game, "wagon", key, language)
    return card_name(game, "category", key, language)


def localized_params(params: Mapping[str, Any], language: str) -> dict[str, Any]:
    """`params` with each id in `ID_PARAMS` replaced by its display name."""
    shown = dict(params)
    for key, (game, kind) in ID_PARAMS.items():
        value = shown.get(key)
        if isinstance(value, str):
            shown[key] = card_name(game, kind, value, language)
    return shown
