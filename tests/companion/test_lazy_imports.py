"""A command loads only what it needs: games through the registry's table, subcommands on use.

Each check runs in a fresh interpreter, since this test process has long since imported
everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.registry import CATALOGUE, GAMES, GameEntry, LazyGames, entry

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "freight-train-day1.json"

#: Prints the modules loaded after running `companion ARGS...` in-process.
_PROBE = """
import json, sys
from companion.cli.main import main
status = main(sys.argv[1:])
print("MODULES " + json.dumps(sorted(sys.modules)), flush=True)
"""


def modules_after(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, cwd=ROOT, check=True,
                          env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": "en"})
    line = next(line for line in done.stdout.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def loaded(modules: set[str], prefix: str) -> list[str]:
    return sorted(name for name in modules if name == prefix or name.startswith(prefix + "."))


def test_a_tally_of_one_game_loads_no_other_game_no_pil_and_no_driver() -> None:
    modules = modules_after("tally", str(EXAMPLE))
    assert "engine.games.freight_train.tally" in modules  # the probe did run the tally
    others = [game.module for game in CATALOGUE if game.id != "freight-train"]
    for prefix in (*others, "PIL", "luma", "gpiozero", "serial", "drivers", "sqlite3",
                   "companion.table.build", "companion.flows", "companion.screens",
                   "companion.cli.run", "companion.cli.tags", "companion.cli.log",
                   "companion.games.cards"):
        assert loaded(modules, prefix) == [], prefix
    # A game's package holds its record; its flow, screens and words are the table's.
    assert [name for name in modules
            if name.startswith("companion.games.") and name.count(".") > 2] == []


#: Modules a game at the table does without, each worth a megabyte or more of resident memory
#: (the aim: a demo under 40 MB): OpenSSL behind hashlib, and the image formats a font's glyph
#: sheet is not in (Pillow's PPM reader is the one needed).
_OPENSSL = ("hashlib", "_hashlib")
_OTHER_IMAGE_FORMATS = ("PIL.PngImagePlugin", "PIL.JpegImagePlugin", "PIL.GifImagePlugin",
                        "PIL.BmpImagePlugin")


def test_a_demo_game_loads_no_openssl_and_no_unneeded_image_format(tmp_path: Path) -> None:
    from PIL import Image

    modules = modules_after("demo", "whistle-stop", "--seed", "1", "--players", "2",
                            "--state-dir", str(tmp_path / "state"))
    assert "companion.games.whistle_stop.flow" in modules  # the probe did play the game
    assert "PIL.PpmImagePlugin" in modules  # the fonts were loaded from their PBM sheets
    unneeded = _OPENSSL
    if hasattr(Image, "_import_plugin_for_extension"):
        # A recent Pillow opens a file with its extension's reader alone; older ones load
        # the five common readers first whatever the file.
        unneeded += _OTHER_IMAGE_FORMATS
    assert [name for name in unneeded if name in modules] == []


def test_listing_the_games_loads_each_game_but_no_table() -> None:
    modules = modules_after("games")
    assert all(game.module in modules for game in CATALOGUE)
    assert loaded(modules, "PIL") == [] and loaded(modules, "companion.table.build") == []


@pytest.mark.parametrize("game", [game.id for game in CATALOGUE])
def test_the_catalogue_says_what_each_game_says_of_itself(game: str) -> None:
    row = entry(game)
    rules = GAMES[game]
    assert rules.id == row.id == game
    assert rules.players == row.players


def test_the_registry_imports_a_game_only_when_it_is_read() -> None:
    registry = LazyGames({"freight-train": entry("freight-train"),
                          "nowhere": GameEntry("nowhere", "Nowhere", range(2, 3),
                                               "engine.games.no_such_game")})
    assert list(registry) == ["freight-train", "nowhere"] and "nowhere" in registry
    assert registry.loaded() == frozenset()
    assert registry["freight-train"].id == "freight-train"
    assert registry.loaded() == {"freight-train"}
    with pytest.raises(ModuleNotFoundError):
        registry["nowhere"]
    with pytest.raises(KeyError):
        registry["chess"]
    assert registry.get("chess") is None


def test_a_module_whose_rules_are_another_games_is_refused() -> None:
    wrong = LazyGames({"whistle-stop": GameEntry("whistle-stop", "Whistle Stop", range(2, 6),
                                                 "engine.games.freight_train")})
    with pytest.raises(RuntimeError, match="not the rules of whistle-stop"):
        wrong["whistle-stop"]


_CONFIG_PROBE = """
import json, sys
from companion.config import parse_config
config = parse_config(sys.argv[1], "config.toml")
print("MODULES " + json.dumps(sorted(sys.modules)), flush=True)
"""


@pytest.mark.parametrize(("text", "games"), [
    ('[companion]\nlanguage = "en"\n', []),  # its default game is only named, not loaded
    ('[companion]\ngame = "off-the-rails"\nplayers = ["Ana", "Ben"]\n', []),
    ('[off-the-rails]\n', ["engine.games.off_the_rails"]),  # its settings are checked
])
def test_reading_the_configuration_loads_only_the_games_it_configures(
        text: str, games: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", _CONFIG_PROBE, text], capture_output=True,
                          text=True, cwd=ROOT, check=True, env={"PYTHONPATH": str(ROOT)})
    line = next(line for line in done.stdout.splitlines() if line.startswith("MODULES "))
    modules = set(json.loads(line.removeprefix("MODULES ")))
    assert [game.module for game in CATALOGUE if game.module in modules] == games


#: Runs `companion ARGS...` in-process (a `run` stops at the end of its standard input), then
#: prints the modules loaded and how many shipped maps' files were parsed.
_RUN_PROBE = """
import json, sys
from companion.cli.main import main
status = main(sys.argv[1:])
from engine.games.ticket_to_ride import library
parsed = library._load.cache_info().currsize  # the shipped map files read (each once)
print("MODULES " + json.dumps({"modules": sorted(sys.modules), "maps": parsed,
                               "status": status}), flush=True)
"""

#: What the end of a game and the tally bring: no frame of a game in play needs them.
_FINAL_COUNT = ("final_table", "scoring", "tally", "tally_variants", "bonuses", "old_west",
                "claims", "simulate")


def test_resuming_a_usa_game_loads_no_final_count_and_parses_no_other_map(
        tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text('[companion]\nlanguage = "en"\n', encoding="utf-8")
    command = [sys.executable, "-c", _RUN_PROBE, "--lang", "en", "run",
               "--config", str(tmp_path / "config.toml"), "--state-dir", str(tmp_path / "state"),
               "--game", "ticket-to-ride", "--players", "Ana,Ben", "--map", "usa"]
    probes = []
    for _ in ("new game", "resumed"):
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True,
                              stdin=subprocess.DEVNULL,
                              env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": "en"})
        line = next(line for line in done.stdout.splitlines() if line.startswith("MODULES "))
        probes.append(json.loads(line.removeprefix("MODULES ")))
    assert "game resumed: ticket-to-ride" in done.stderr  # the second run did resume it
    for probe in probes:
        assert probe["status"] == 0
        modules = set(probe["modules"])
        assert "engine.games.ticket_to_ride.rules" in modules  # the game was played
        assert "companion.games.ticket_to_ride.turn" in modules  # and shown
        for name in _FINAL_COUNT:
            assert f"engine.games.ticket_to_ride.{name}" not in modules, name
    # A first start enrols the desktop's box of every map's tickets; the resume reads only
    # the USA map's file, not Europe's.
    assert probes[-1]["maps"] == 1
