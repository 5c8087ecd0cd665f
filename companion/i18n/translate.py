"""Translations of everything a player reads, through gettext (English and French).

Messages are English text marked in the code (`_()`, `N_()`; `NC_()` for a name with a
context); English needs no catalogue, French reads `locale/fr/LC_MESSAGES/companion.mo`.
`python -m companion.i18n.catalog` keeps the catalogues in step with the code.

>>> translator("en").gettext("Not your turn")
'Not your turn'
>>> translator("fr").gettext("The game is over")
'La partie est terminée'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from engine.errors import Plural, template_of

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "companion"
LANGUAGES = ("en", "fr")


def N_(message: str) -> str:
    """Mark a message for translation without translating it (translated where it is shown)."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context (msgctxt): `translator(lang).pgettext(*NC_(...))`.

    >>> translator("fr").pgettext(*NC_("freight-train/wagon", "Coal"))
    'Charbon'
    """
    return context, message


def default_language() -> str:
    """The language from COMPANION_LANG or the locale environment, else English."""
    for variable in ("COMPANION_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value[:2] in LANGUAGES:
            return value[:2]
    return "en"


@cache
def translator(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: choose one of {', '.join(LANGUAGES)}")
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def gettext_for(language: str) -> Callable[[str], str]:
    """The `_` function of `language`, for code that takes a plain gettext callable."""
    return translator(language).gettext


def fill(template: str, language: str, **params: Any) -> str:
    """`template` translated into `language` and filled in with `params`.

    A translation whose placeholders do not match falls back to the English template, so a
    catalogue mistake shows English words instead of stopping the screen.

    >>> fill("Lane {lane} is empty", "fr", lane=2)
    'La voie 2 est vide'
    """
    return said(translator(language), template, params)


def said(translations: gettext.NullTranslations, message: str, params: dict[str, Any]) -> str:
    """`message` (a plural one by its number) translated by `translations`, filled in with
    `params`; the English template when the translation's placeholders do not match."""
    try:
        if isinstance(message, Plural):
            form = translations.ngettext(message, message.plural, params[message.number])
        else:
            form = translations.gettext(message)
        return form.format(**params)
    except (KeyError, IndexError, ValueError):
        return template_of(message, params).format(**params)
