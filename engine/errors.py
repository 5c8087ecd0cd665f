"""The two error types the engine raises.

Both carry a short English reason template and its parameters, so the appliance can translate
the template with gettext and fill it in, and tests can read `str(error)`.
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Mark a string for translation without translating it (gettext's convention)."""
    return message


class _Reasoned(ValueError):
    def __init__(self, reason: str, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(reason.format(**params) if params else reason)


class IllegalEvent(_Reasoned):
    """An event the rules forbid in this state; the state is left unchanged.

    >>> str(IllegalEvent("Only {count} wagons in the main yard", count=2))
    'Only 2 wagons in the main yard'
    """


class InvalidInput(_Reasoned):
    """A table description (tally input, map file) that does not hold together.

    `field` names where the problem is, as a dotted path such as `players[1].trains.coal`.
    """

    def __init__(self, field: str, reason: str, **params: Any) -> None:
        self.field = field
        super().__init__(reason, **params)

    def __str__(self) -> str:
        return f"{self.field}: {super().__str__()}" if self.field else super().__str__()
