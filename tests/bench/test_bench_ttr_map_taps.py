"""Tap to frame on a map file through the same real table as every game's figure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.bench_companion import measure_tap_to_frame
from companion.games.map_choices import map_option
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE

ROOT = Path(__file__).resolve().parents[2]
TOLLS = ROOT / "examples" / "maps" / "tolls-example.toml"
GAME = "ticket-to-ride"


def test_tap_to_frame_is_measured_on_a_map_file() -> None:
    options = {"map_name": map_option(GAME, str(TOLLS))}
    taps = measure_tap_to_frame(GAME, players=2, max_taps=30, options=options)
    assert taps["moves_entered"] > 0
    assert taps["taps_commit"] + taps["taps_no_commit"] >= 30
    assert taps["all_p99_ms"] is not None


def test_the_table_probe_opens_a_map_file(tmp_path: Path) -> None:
    state = tmp_path / "state"
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "table_probe.py"), str(state),
                           "--game", GAME, "--players", "2", "--moves", "6", "--map",
                           str(TOLLS)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["moves"] == 6
    with Journal.open_read_only(state / JOURNAL_FILE) as journal:
        (play,) = journal.plays()
    assert play.setup["options"]["map_name"]["title"] == "Toll example"
