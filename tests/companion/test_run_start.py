"""`companion run` shows its first frame before anything a tap needs and a frame does not:
the fonts' glyph rows are read, and the garbage of the start collected, once it is shown.

Each run is a fresh interpreter with `Table.settle` watched: what was loaded and done when the
table settled is what the first frame waited for.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.table.build import open_table
from engine.registry import CATALOGUE

ROOT = Path(__file__).parents[2]

#: Runs `companion ARGS...` in-process; prints SETTLING (and what it saw then) when the table
#: settles, and at the end the status and whether the collector runs again.
_SETTLE_PROBE = """
import gc, json, sys
from companion.table import build
from companion.screens import fonts

def watched(self, **options):
    fonts_read = ["glyph_rows" in vars(font) for font in (fonts.SMALL, *fonts.TITLES)]
    print("SETTLING " + json.dumps({"collector_on": gc.isenabled(), "fonts_read": fonts_read,
                                    "modules": sorted(sys.modules)}), flush=True)
    settle(self, **options)
    print("SETTLED " + json.dumps({
        "frozen": gc.get_freeze_count() > 0,
        "fonts_read": ["glyph_rows" in vars(font) for font in (fonts.SMALL, *fonts.TITLES)]}),
        flush=True)

settle = build.Table.settle
build.Table.settle = watched
from companion.cli.main import main
status = main(sys.argv[1:])
print("END " + json.dumps({"status": status, "collector_on": gc.isenabled()}), flush=True)
"""


def run_watched(tmp_path: Path, *args: str) -> tuple[str, dict[str, Any]]:
    """Standard output of `companion run ARGS` up to the settling, and what the probe saw."""
    config = tmp_path / "config.toml"
    config.write_text('[companion]\nlanguage = "en"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _SETTLE_PROBE, "--lang", "en", "run",
                           "--config", str(config), "--state-dir", str(tmp_path / "state"),
                           *args], capture_output=True, text=True, cwd=ROOT, check=True,
                          stdin=subprocess.DEVNULL,
                          env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": "en"})
    before, marker, after = done.stdout.partition("SETTLING ")
    assert marker, done.stderr
    seen: dict[str, Any] = json.loads(after.splitlines()[0])
    for line in after.splitlines()[1:]:
        word, _, data = line.partition(" ")
        if word in ("SETTLED", "END"):
            seen[word.lower()] = json.loads(data)
    seen["stderr"] = done.stderr
    return before, seen


#: What a resumed game's first frame does without: the lobby and the system menu's pages (the
#: version among them), the failure report, map files, the scoreboard's and MQTT's settings and
#: the outbox (no such section in the file), the automated players, and uuid with the platform
#: module it reads (only a new play takes a uuid).
NOT_BEFORE_THE_FIRST_FRAME = (
    "companion.table.lobby", "companion.table.device_status", "companion.table.play_qr",
    "companion.version", "companion.table.failures", "companion.games.map_choices",
    "companion.publish.scoreboard", "companion.publish.mqtt_settings", "companion.publish.outbox",
    "companion.state.outbox_store", "companion.publish.export",
    "companion.flows.automaton", "companion.desktop.keyboard", "companion.desktop.demo",
    "uuid", "platform")


def test_a_resumed_game_is_shown_before_the_table_settles_and_the_collector_runs_after(
        tmp_path: Path) -> None:
    players = ("--game", "freight-train", "--players", "Ana,Ben")
    run_watched(tmp_path, *players)  # a first start: the game begins
    shown, seen = run_watched(tmp_path, *players)
    assert "game resumed: freight-train" in seen["stderr"]
    assert "█" in shown  # the first frame was drawn before the table settled
    assert seen["collector_on"] is False  # the start ran without collections
    assert not all(seen["fonts_read"])  # the first frame did not wait for every font
    assert seen["settled"] == {"frozen": True, "fonts_read": [True] * len(seen["fonts_read"])}
    assert seen["end"] == {"status": 0, "collector_on": True}
    modules = set(seen["modules"])
    assert "engine.games.freight_train.rules" in modules  # the probe saw the game resumed
    assert [name for name in NOT_BEFORE_THE_FIRST_FRAME if name in modules] == []
    others = [game.module for game in CATALOGUE if game.id != "freight-train"]
    assert [name for name in modules if name.startswith(tuple(others))] == []


def test_a_run_refused_before_its_table_opens_leaves_the_collector_on(tmp_path: Path) -> None:
    from companion.cli.main import main

    config = tmp_path / "config.toml"
    config.write_text("[companion]\nlanguage = 'klingon'\n", encoding="utf-8")
    assert main(["--lang", "en", "run", "--config", str(config),
                 "--state-dir", str(tmp_path / "state")]) == 2
    assert gc.isenabled()


def test_a_table_opened_unsettled_is_settled_by_its_caller(tmp_path: Path) -> None:
    table = open_table(state_dir=tmp_path, game="freight-train", players=("Ana", "Ben"),
                       language="en", settle=False)
    try:
        assert gc.get_freeze_count() == 0
        table.loop.refresh()
        table.settle(collect=True)
        assert gc.get_freeze_count() > 0
        assert gc.is_tracked(table.app.session) and table.app.session not in gc.get_objects()
    finally:
        table.close()
    assert gc.get_freeze_count() == 0
