"""The Game of Trains: the abilities printed on a box's wagons, as the table learned them, kept
in the state folder (`card_facts`).

Learned at the table the first time a card lies face up (the flow's question), or given when
the wagon's tag is enrolled (`remember_ability`); every later game starts knowing them.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> remember_ability(folder, 12, "lock")
>>> remembered_abilities(folder)
{12: <Ability.LOCK: 'lock'>}
>>> AbilityMemory(folder).start_options({})
{'settings': {'known': {12: 'lock'}}}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.state.card_facts import facts, forget_fact, put_fact
from engine.codec import to_jsonable
from engine.errors import N_, IllegalEvent
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.cards import WAGONS, Ability

GAME = RULES.id
FACT = "ability"


def remember_ability(state_dir: Path, wagon: int, ability: Ability | str) -> None:
    """Keep `ability` as the one printed on `wagon` (replacing one learned before);
    IllegalEvent, with the reason, for a wagon or an ability the box does not have."""
    if wagon not in WAGONS:
        raise IllegalEvent(N_("Wagons are numbered 1 to {high}, not {card}"),
                           high=WAGONS[-1], card=wagon)
    put_fact(state_dir, GAME, str(wagon), FACT, _ability(ability).value)


def forget_ability(state_dir: Path, wagon: int) -> bool:
    """Forget `wagon`'s ability (the table asks again); False when none was kept."""
    return forget_fact(state_dir, GAME, str(wagon), FACT)


def remembered_abilities(state_dir: Path) -> dict[int, Ability]:
    """Every wagon whose ability is kept, by number (anything unreadable is left out)."""
    known: dict[int, Ability] = {}
    for card, value in facts(state_dir, GAME, FACT).items():
        try:
            wagon, ability = int(card), Ability(value)
        except ValueError:
            continue
        if wagon in WAGONS:
            known[wagon] = ability
    return dict(sorted(known.items()))


class AbilityMemory:
    """The table's memory of its box in one state folder: a `BoxMemory`, and the flow's
    `AbilityKeeper` (`companion.games.game_of_trains.ui`)."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir

    def start_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options with the abilities remembered as known (none: the options as given).
        A configuration that gives the whole deck needs none."""
        settings = dict(to_jsonable(options.get("settings")) or {})
        known = remembered_abilities(self.state_dir)
        if not known or settings.get("abilities"):
            return options
        given = {int(wagon): ability for wagon, ability in (settings.get("known") or {}).items()}
        settings["known"] = {**{w: a.value for w, a in known.items()}, **given}
        return {**options, "settings": settings}

    def remember(self, wagon: int, ability: Ability) -> None:
        remember_ability(self.state_dir, wagon, ability)

    def forget(self, wagon: int) -> None:
        forget_ability(self.state_dir, wagon)


def _ability(ability: Ability | str) -> Ability:
    if isinstance(ability, Ability):
        return ability
    try:
        return Ability(ability)
    except ValueError:
        raise IllegalEvent(N_("No ability is called {name}; one of: {names}"), name=ability,
                           names=", ".join(kind.value for kind in Ability)) from None
