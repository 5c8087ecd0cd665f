"""`companion deck abilities`: The Game of Trains' abilities the table learned from the cards.

The table asks a wagon's ability the first time the card lies face up and remembers it for the
next games. This command lists what it remembers, gives an ability before any game
(`--set 12 lock`, as at enrolment) and forgets a wrong one (`--forget 12`: the table asks
again). It may run while the companion runs: a game reads the abilities when it begins.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.games.names import card_name, reason
from companion.i18n.translate import translator
from companion.state.abilities import (
    GAME,
    forget_ability,
    remember_ability,
    remembered_abilities,
)
from companion.state.paths import default_state_dir
from engine.errors import IllegalEvent
from engine.games.game_of_trains.cards import Ability


def register(commands: Any) -> None:
    deck = commands.add_parser("deck", help="what the table learned of a box's cards")
    facts = deck.add_subparsers(dest="deck_command", required=True, metavar="FACT")
    abilities = facts.add_parser(
        "abilities", help="The Game of Trains: list, give or forget the wagons' abilities")
    change = abilities.add_mutually_exclusive_group()
    change.add_argument("--set", nargs=2, metavar=("WAGON", "ABILITY"),
                        help="give a wagon's ability: one of "
                             + ", ".join(ability.value for ability in Ability))
    change.add_argument("--forget", type=int, metavar="WAGON",
                        help="forget a wagon's ability: the table asks it again")
    abilities.add_argument("--state-dir", type=Path, metavar="DIR",
                           help="the companion's state folder (default: the companion's own)")
    abilities.set_defaults(run=run_abilities)


def run_abilities(args: argparse.Namespace, language: str) -> int:
    words = translator(language)
    _ = words.gettext
    folder = Path(args.state_dir).expanduser() if args.state_dir else default_state_dir()
    if args.forget is not None:
        if forget_ability(folder, args.forget):
            print(_("Wagon {wagon}'s ability forgotten: the table asks it again").format(
                wagon=args.forget))
        else:
            print(_("No ability kept for wagon {wagon}").format(wagon=args.forget))
        return 0
    if args.set is not None:
        wagon, ability = args.set
        if not wagon.isdigit():
            return _fail(_("{wagon} is not a wagon number").format(wagon=wagon))
        try:
            remember_ability(folder, int(wagon), ability)
        except IllegalEvent as error:
            return _fail(reason(error, language))
    known = remembered_abilities(folder)
    if not known:
        print(_("No ability learned yet: the table asks each as the cards appear"))
        return 0
    print(words.ngettext("{count} wagon's ability known:", "{count} wagons' abilities known:",
                         len(known)).format(count=len(known)))
    for wagon, ability in known.items():
        print(f"{wagon:>2}  {card_name(GAME, 'ability', ability.value, language)}")
    return 0


def _fail(message: str) -> int:
    print(f"companion deck abilities: {message}", file=sys.stderr)
    return 2
