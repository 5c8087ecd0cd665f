"""The shape of every error a person reads, and the two error types the engine raises.

They carry a short English reason template and its parameters, so the appliance can translate
the template with gettext and fill it in, and tests can read `str(error)`.
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Mark a string for translation without translating it (gettext's convention)."""
    return message


class Plural(str):
    """An English message with a plural form: the string itself is the singular; `plural`
    is said when the parameter `number` is not 1. Gettext picks the form in other languages.

    >>> NP_("{count} card", "{count} cards").told({"count": 2})
    '2 cards'
    """

    plural: str
    number: str

    def __new__(cls, singular: str, plural: str, number: str = "count") -> Plural:
        message = super().__new__(cls, singular)
        message.plural = plural
        message.number = number
        return message

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]
        return (str(self), self.plural, self.number)

    def form(self, params: dict[str, Any]) -> str:
        """The English form for `params`."""
        return str(self) if params.get(self.number) == 1 else self.plural

    def told(self, params: dict[str, Any]) -> str:
        return self.form(params).format(**params)


def NP_(singular: str, plural: str, number: str = "count") -> Plural:
    """Mark a message with a plural form for translation (gettext's ngettext, deferred):
    which form is said depends on the parameter `number`."""
    return Plural(singular, plural, number)


def template_of(message: str, params: dict[str, Any]) -> str:
    """The English template of `message` for `params`: its plural form when it has one."""
    return message.form(params) if isinstance(message, Plural) else message


class Reasoned(Exception):
    """An error told by an English reason template and its parameters.

    Every error a person reads has this shape, in the engine, the drivers and the companion:
    the appliance translates `reason` with gettext and fills in `params`; `field`, when not
    empty, names the part that is wrong (a dotted path, a file) and leads the message.

    >>> error = Reasoned("needs {count} cards", count=3)
    >>> error.field = "deck"
    >>> str(error), error.reason, error.params
    ('deck: needs 3 cards', 'needs {count} cards', {'count': 3})
    """

    #: The part that is wrong; set by a subclass before `Reasoned.__init__` when it has one.
    field: str = ""

    def __init__(self, reason: str, /, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(self.told())

    def told(self) -> str:
        """The message in English: the reason filled in, after the field when there is one."""
        text = template_of(self.reason, self.params).format(**self.params) if self.params \
            else self.reason
        return f"{self.field}: {text}" if self.field else text

    def __str__(self) -> str:
        return self.told()


class IllegalEvent(Reasoned, ValueError):
    """An event the rules forbid in this state; the state is left unchanged.

    >>> str(IllegalEvent("Only {count} wagons in the main yard", count=2))
    'Only 2 wagons in the main yard'
    """


class InvalidInput(Reasoned, ValueError):
    """A table description (tally input, map file) that does not hold together.

    `field` names where the problem is, as a dotted path such as `players[1].trains.coal`.
    """

    def __init__(self, field: str, reason: str, **params: Any) -> None:
        self.field = field
        super().__init__(reason, **params)
