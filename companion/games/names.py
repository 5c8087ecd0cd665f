"""Display names of the ids the games use (wagon types, card kinds, tally categories, tokens),
and engine errors in words with those names.

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

from companion.games import TABLE_GAMES
from companion.i18n.translate import fill, translator
from companion.lib.text import shown


def names_of(game: str, kind: str) -> Mapping[str, tuple[str, str]]:
    """value -> (context, English name) of a kind of ids of `game`; "" names the kind itself.

    The names are the game's record's (`companion.games`).
    """
    record = TABLE_GAMES.get(game)
    return record.names.get(kind, {}) if record is not None else {}


def id_params() -> dict[str, tuple[str, str]]:
    """Error parameters that hold an id, by parameter name: (game, kind) of their names."""
    return {param: (game, kind) for game, record in TABLE_GAMES.items()
            for param, kind in record.id_params.items()}


def card_name(game: str, kind: str, value: str, language: str) -> str:
    """What a card is called on the screen: its value's name, else its kind's, else the id.

    A value without a name (a player's name on a personal tag) is shown as it is.
    """
    names = names_of(game, kind)
    entry = names.get(value) or (None if value else names.get(""))
    if entry is None:
        return value or kind
    return translator(language).pgettext(*entry)


def category_name(game: str, key: str, language: str) -> str:
    """A tally breakdown key's name: a wagon type, "mixed", "yard"...

    >>> category_name("freight-train", "mixed", "fr"), category_name("freight-train", "tank", "fr")
    ('Train mélangé', 'Citerne')
    """
    if key in names_of(game, "wagon"):
        return card_name(game, "wagon", key, language)
    return card_name(game, "category", key, language)


def localized_params(params: Mapping[str, Any], language: str) -> dict[str, Any]:
    """`params` with each id in `id_params()` replaced by its display name."""
    shown = dict(params)
    for key, (game, kind) in id_params().items():
        value = shown.get(key)
        if isinstance(value, str):
            shown[key] = card_name(game, kind, value, language)
    return shown


def reason(error: Exception, language: str) -> str:
    """An engine error's reason in the player's language, with its parameters filled in.

    Parameters that are ids with a display name (a wagon type) are shown by that name; text
    from a player or a file (a name, a key) is shown with its control characters escaped, so
    the reason stays one line that cannot drive a terminal.
    """
    template = getattr(error, "reason", None)
    if template is None:
        return shown(str(error))
    # A parameter shown by its repr() ({name!r}) is escaped by repr() already.
    params = {key: shown(value) if isinstance(value, str) and f"{{{key}!r}}" not in template
              else value
              for key, value in localized_params(getattr(error, "params", {}), language).items()}
    text = fill(template, language, **params)
    field = shown(str(getattr(error, "field", "")))
    return f"{field}: {text}" if field else text
