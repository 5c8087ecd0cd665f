"""The page's language from the browser's (Accept-Language): French or English."""

from __future__ import annotations

from companion.i18n.translate import LANGUAGES


def negotiate(accept_language: str | None, default: str = "en") -> str:
    """The first of the browser's languages, by preference, that the companion speaks."""
    choices: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and quality > 0:
            choices.append((-quality, position, primary))
    return min(choices)[2] if choices else default


#: The decimal mark, by language (a point where not listed).
DECIMAL_MARKS = {"fr": ","}


def decimal(number: float, language: str) -> str:
    """A number as the language writes it: 12.5 in English, 12,5 in French."""
    return str(number).replace(".", DECIMAL_MARKS.get(language, "."))
