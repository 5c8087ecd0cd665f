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
    ("whistle-stop", "token"): {
        "coal": NC_("whistle-stop/token", "Coal"),
        "whistle": NC_("whistle-stop/token", "Whistle"),
    },
}

#: Error parameters that hold an id, by parameter name: (game, kind) of their names.
ID_PARAMS: dict[str, tuple[str, str]] = {"wagon": (FREIGHT_TRAIN, "wagon")}


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
