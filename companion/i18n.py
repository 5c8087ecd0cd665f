"""Translations of everything a player reads, through gettext (English and French).

>>> translator("en").gettext("Not your turn")
'Not your turn'
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "companion"
LANGUAGES = ("en", "fr")


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


def reason(error: Exception, language: str) -> str:
    """An engine error's reason in the player's language, with its parameters filled in."""
    template = getattr(error, "reason", None)
    if template is None:
        return str(error)
    text = translator(language).gettext(template).format(**getattr(error, "params", {}))
    field = getattr(error, "field", "")
    return f"{field}: {text}" if field else text
