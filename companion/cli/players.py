"""`--players Ana,Ben,Cléo` of `companion run`: names checked before anything is opened."""

from __future__ import annotations

from companion.config import CONTROL_IN_NAME, ConfigError
from companion.lib.text import plain
from engine.errors import N_


def player_names(given: str) -> tuple[str, ...]:
    """The comma-separated names, each non-empty, plain text and distinct (whatever the case).

    Raises ConfigError saying which name is wrong and what to do.
    """
    names = tuple(name.strip() for name in given.split(","))
    if not any(names):
        raise ConfigError("--players", "", N_("no name given; e.g. --players Ana,Ben"))
    if not all(names):
        raise ConfigError("--players", "", N_("a name is empty; separate names with one comma"))
    seen: set[str] = set()
    for name in names:
        if not plain(name):
            raise ConfigError("--players", "", CONTROL_IN_NAME, name=name)
        if name.casefold() in seen:
            raise ConfigError("--players", "", N_("{name} is named twice; give each player "
                                                  "a name of their own"), name=name)
        seen.add(name.casefold())
    return names
