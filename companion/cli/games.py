"""`companion games`: the games known, and how the companion reads each one's rules."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import typing
from importlib import import_module
from pathlib import Path
from typing import Any

from companion.games.names import reason
from companion.i18n.translate import translator
from engine.registry import GAMES


def register(commands: Any) -> None:
    parser = commands.add_parser("games", help="list the games, or show how one's rules are read")
    parser.add_argument("--rules", metavar="GAME", choices=sorted(GAMES),
                        help="print the rule interpretations for GAME, and the settings in force")
    parser.add_argument("--maps", action="store_true",
                        help="list the maps of the games played on maps: players, how far "
                             "each printed board's data was checked, rules left off")
    parser.add_argument("--config", type=Path,
                        help="the configuration whose settings are in force (default: "
                             "/etc/companion/config.toml when it exists)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, language: str) -> int:
    _ = translator(language).gettext
    if args.rules:
        from companion.config import ConfigError, load_config

        try:
            config = load_config(args.config)
        except ConfigError as error:
            print(f"companion games: {reason(error, language)}", file=sys.stderr)
            return 2
        rules = GAMES[args.rules]
        for note in rules.rule_notes:
            print(f"- {_(note)}")
        for note in _table_notes(args.rules, _):
            print(f"- {note}")
        settings = settings_in_force(args.rules, config.game_settings(args.rules))
        if settings:
            print()
            print(_("Settings in force ({source}):").format(
                source=config.source or _("built-in defaults")))
            readings = _readings(args.rules)
            for name, value in settings.items():
                choices = readings.get(name, {})
                reading = choices.get(value) if isinstance(value, (bool, int, str)) else None
                print(f"- {_(reading)}" if reading else f"- {name} = {json.dumps(value)}")
        return 0
    if args.maps:
        _print_maps(_)
        return 0
    for game_id, rules in GAMES.items():
        print(_("{game}: {low} to {high} players").format(
            game=game_id, low=rules.players.start, high=rules.players.stop - 1))
    return 0


def _print_maps(gettext: Any) -> None:
    """Each game's shipped maps: name, title, players, standing and the rules left off."""
    from companion.games import TABLE_GAMES
    from companion.games.map_choices import shipped_choices, takes_maps
    from companion.games.map_facts import STANDING_WHOLE, players_phrase, warnings

    for game in (game for game in TABLE_GAMES if takes_maps(game)):
        print(gettext("{game}: maps").format(game=gettext(TABLE_GAMES[game].title)))
        for choice in shipped_choices(game):
            facts = choice.facts
            said = [players_phrase(facts.people, gettext)] if facts else []
            if facts is not None and facts.standing == "verified":
                said.append(gettext(STANDING_WHOLE["verified"]))
            said += warnings(facts, gettext) if facts is not None else ()
            print(f"- {choice.option}: {choice.title} · " + " · ".join(said))


def settings_in_force(game: str, configured: dict[str, Any]) -> dict[str, Any]:
    """Every setting of `game` in its JSON form: the configured value, else the default."""
    from engine.codec import to_jsonable

    state_type = GAMES[game].state_type
    hints = typing.get_type_hints(state_type) if dataclasses.is_dataclass(state_type) else {}
    settings_type = hints.get("settings")
    if not isinstance(settings_type, type) or not dataclasses.is_dataclass(settings_type):
        return {}
    defaults = settings_type()
    return {field.name: configured.get(field.name, to_jsonable(getattr(defaults, field.name)))
            for field in dataclasses.fields(settings_type) if field.init}


def _table_notes(game: str, gettext: Any) -> tuple[str, ...]:
    """Notes a game writes from its engine's tables (its notes module's `table_notes`)."""
    try:
        notes = import_module(f"engine.games.{game.replace('-', '_')}.notes")
    except ModuleNotFoundError:
        return ()
    written = getattr(notes, "table_notes", None)
    return () if written is None else tuple(written(gettext))


def _readings(game: str) -> dict[str, dict[object, str]]:
    """The game's sentences for the readings its settings choose (in its notes module)."""
    try:
        notes = import_module(f"engine.games.{game.replace('-', '_')}.notes")
    except ModuleNotFoundError:
        return {}
    readings: dict[str, dict[object, str]] = getattr(notes, "SETTING_READINGS", {})
    return readings
