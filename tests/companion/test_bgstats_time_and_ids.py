"""BG Stats' `playDate` is the play's end in UTC whatever the machine's time zone, and a player
with a personal tag carries a `sourcePlayerId`: in `companion export --format bgstats` and in
the play page's "Add to BG Stats" link."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.games.cards import ANY_GAME, Card
from companion.publish.player_ids import ids_of, tag_id
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.state.tags import TagRegistry

from .web_server import get, web_server

ROOT = Path(__file__).parents[2]
#: Thirteen hours ahead of UTC in December: local time written as UTC would show at once.
AUCKLAND = "Pacific/Auckland"

#: A whole random play journalled with the journal's own clock (`journal.now`).
_PLAY = """
import sys
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random
from pathlib import Path

rules = GAMES["whistle-stop"]
with Journal(journal_path(Path(sys.argv[1]))) as journal:
    session = GameSession.start(journal, rules, ["Ana", "Ben"])
    for event in play_random(rules, session.state, seed=3).events:
        session.submit(event)
    print(session.play.finished)
"""


def in_zone(zone: str, *args: str) -> str:
    """The output of `python args...` run from the repository with TZ=`zone`."""
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env={**os.environ, "TZ": zone},
                          check=True, timeout=600)
    return done.stdout


def export_in(zone: str, state: Path) -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = json.loads(in_zone(
        zone, "-m", "companion", "export", "--format", "bgstats", "--state-dir", str(state)))
    return plays


def test_the_play_date_is_the_end_in_utc_far_from_utc(tmp_path: Path) -> None:
    before = datetime.now(UTC).replace(microsecond=0)
    finished = in_zone(AUCKLAND, "-c", _PLAY, str(tmp_path)).strip()
    after = datetime.now(UTC)
    # The journal wrote Auckland's wall time, with its offset.
    assert datetime.fromisoformat(finished).utcoffset() in (timedelta(hours=12),
                                                             timedelta(hours=13))
    for zone in (AUCKLAND, "UTC", "America/Los_Angeles"):
        (play,) = export_in(zone, tmp_path)
        stamp = datetime.strptime(str(play["playDate"]), "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
        assert before <= stamp <= after, (zone, play["playDate"])
        assert stamp == datetime.fromisoformat(finished).astimezone(UTC)


def test_a_stamp_without_offset_is_the_machines_time(tmp_path: Path) -> None:
    """An older journal wrote local time without its offset: read in the zone it ran in."""
    with Journal(journal_path(tmp_path)) as journal:
        play = journal.start_play("whistle-stop", {"players": ["Ana", "Ben"], "options": {}},
                                  started="2026-12-05T20:15:09")
        journal.append(play.id, {"kind": "end-turn"}, recorded="2026-12-05T20:40:00")
        journal.finish(play.id, {"game": "whistle-stop", "winners": ["Ana"], "players": [
            {"name": "Ana", "total": 30, "breakdown": {"fame": 30}},
            {"name": "Ben", "total": 20, "breakdown": {"fame": 20}}]},
            finished="2026-12-05T21:47:50")
    assert export_in(AUCKLAND, tmp_path)[0]["playDate"] == "2026-12-05 08:47:50"
    assert export_in("UTC", tmp_path)[0]["playDate"] == "2026-12-05 21:47:50"


def test_players_with_a_personal_tag_carry_its_id(tmp_path: Path) -> None:
    with TagRegistry.in_state_dir(tmp_path) as registry:
        registry.enroll("04A1B2C3D4E5F6", Card(ANY_GAME, "player", "Ana"))
        registry.enroll("0400000000AA01", Card(ANY_GAME, "player", "Ana"))  # a second one
        registry.enroll("04C0FFEE000001", Card(ANY_GAME, "player", "Dan"))  # not playing
        registry.enroll("04BEEF00000002", Card("whistle-stop", "share", "red-1"))
    in_zone("UTC", "-c", _PLAY, str(tmp_path))
    (play,) = export_in("UTC", tmp_path)
    players = {p["name"]: p for p in play["players"]}
    # Ana's first tag in order; Ben has no personal tag, so no id (BG Stats matches his name).
    assert players["Ana"]["sourcePlayerId"] == tag_id("0400000000AA01")
    assert "sourcePlayerId" not in players["Ben"]
    assert "0400000000AA01" not in json.dumps(play)  # the UID itself never leaves
    with web_server(tmp_path) as url:
        status, _, page = get(f"{url}p/{str(play['sourcePlayId'])[:8]}")
    assert status == 200
    start = page.index('class="bgstats" href="') + len('class="bgstats" href="')
    link = urlsplit(unescape(page[start:page.index('"', start)]))
    assert json.loads(parse_qs(link.query)["data"][0]) == play


def test_ids_come_from_personal_tags_only() -> None:
    rows = [("04B", "player", "Ana"), ("04A", "player", "Ana"), ("04C", "share", "Ben"),
            ("04D", "player", "Cléo")]
    assert ids_of(rows) == {"Ana": tag_id("04A"), "Cléo": tag_id("04D")}
    assert len({tag_id(f"04{n:012X}") for n in range(1000)}) == 1000
