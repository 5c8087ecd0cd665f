"""`companion games`: the games known, and how the companion reads each one's rules."""

from __future__ import annotations

import argparse
from typing import Any

from engine.registry import GAMES

from .i18n import translator


def register(commands: Any) -> None:
    parser = commands.add_parser("games", help="list the games, or show how one's rules are read")
    parser.add_argument("--rules", metavar="GAME", choices=sorted(GAMES),
                        help="print the rule interpretations for GAME")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    if args.rules:
        rules = GAMES[args.rules]
        for note in rules.rule_notes:
            print(f"- {_(note)}")
        return 0
    for game_id, rules in GAMES.items():
        print(_("{game}: {low} to {high} players").format(
            game=game_id, low=rules.players.start, high=rules.players.stop - 1))
    return 0
