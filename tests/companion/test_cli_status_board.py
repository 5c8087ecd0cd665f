"""`companion status` names the map of a Ticket to Ride game in progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.state.journal import Journal
from companion.table.session import GameSession
from engine.games.ticket_to_ride import RULES
from engine.simulate import play_random


@pytest.fixture
def europe(tmp_path: Path) -> Path:
    folder = tmp_path / "state"
    with Journal(folder / "journal.sqlite3") as journal:
        going = GameSession.start(journal, RULES, ["Ana", "Ben"], {"map_name": "europe"},
                                  started="2024-05-02T19:00:00+02:00")
        for event in play_random(RULES, going.state, seed=2).events[:5]:
            going.submit(event)
    return folder


def test_status_names_the_map(europe: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "--state-dir", str(europe)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Playing ticket-to-ride on Europe (play #1) since 2024-05-02 19:00: 5 events")
    assert main(["--lang", "fr", "status", "--state-dir", str(europe)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Partie de ticket-to-ride sur Europe (partie #1) depuis 2024-05-02 19:00 : 5 événements")
    assert main(["status", "--json", "--state-dir", str(europe)]) == 0
    assert json.loads(capsys.readouterr().out)["board"] == "Europe"
