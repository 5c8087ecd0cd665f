"""The play page's "Add to BG Stats" link and downloads, from `companion web`'s own process:
the link carries the play exactly as `companion export --format bgstats` writes it, with the
tally's numbers, and the short address in capitals (as a QR code carries it) is the same page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.web.bgstats import CREATE_PLAY
from engine.registry import GAMES

from .web_server import finished_play, get, get_json, web_server

LINK = re.compile(r'<a class="bgstats" href="([^"]+)">([^<]+)</a>')


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("state")
    return folder, {game: finished_play(folder, game, seed=23) for game in GAMES}


def exported(folder: Path) -> dict[str, dict[str, object]]:
    """`companion export --format bgstats` of the folder, by play uuid."""
    done = subprocess.run([sys.executable, "-m", "companion", "export", "--format", "bgstats",
                           "--state-dir", str(folder)], capture_output=True, text=True,
                          encoding="utf-8", check=True)
    return {play["sourcePlayId"]: play for play in json.loads(done.stdout)}


def link_data(page: str) -> dict[str, object]:
    """The play carried by the page's "Add to BG Stats" link."""
    found = LINK.search(page)
    assert found is not None, page
    link = unescape(found.group(1))
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == CREATE_PLAY
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    data: dict[str, object] = json.loads(query["data"][0])
    return data


def test_the_link_carries_the_exported_play_with_the_tallys_numbers(
        every_game: tuple[Path, dict[str, str]]) -> None:
    folder, uuids = every_game
    export = exported(folder)
    with Journal.open_read_only(journal_path(folder)) as journal:
        results = {play.uuid: play.result for play in journal.plays()}
    with web_server(folder) as url:
        for game, uuid in uuids.items():
            short = get_json(f"{url}api/plays/{uuid}")["short_id"]
            status, _, page = get(f"{url}p/{short}")
            assert status == 200
            data = link_data(page)
            assert data == export[uuid], game
            result = results[uuid]
            assert result is not None
            players = data["players"]
            assert isinstance(players, list)
            assert [player["name"] for player in players] == [
                row["name"] for row in result["players"]]
            assert {player["name"] for player in players if player["winner"]} == set(
                result["winners"])
            if game != "game-of-trains":  # won or lost, without points
                assert [player["score"] for player in players] == [
                    row["total"] for row in result["players"]]
            # The downloads are linked beside it, and answer.
            for form in ("json", "csv"):
                assert f'href="/p/{short}.{form}" download' in page
                assert get(f"{url}p/{short}.{form}")[0] == 200
            # The address a QR code carries, in capitals, is the same page.
            status, _, shouted = get(f"{url}P/{short.upper()}")
            assert status == 200 and link_data(shouted) == data


def test_the_link_is_in_french_too_and_absent_while_the_game_goes_on(tmp_path: Path) -> None:
    from companion.table.session import GameSession
    from engine.simulate import play_random

    uuid = finished_play(tmp_path, "whistle-stop", seed=3)
    rules = GAMES["freight-train"]
    with Journal(journal_path(tmp_path)) as journal, web_server(tmp_path) as url:
        session = GameSession.start(journal, rules, ["Ana", "Ben"])
        session.submit(play_random(rules, session.state, seed=3).events[0])
        _, _, page = get(f"{url}p/{uuid[:8]}", headers={"Accept-Language": "fr"})
        found = LINK.search(page)
        assert found is not None and found.group(2) == "Ajouter à BG Stats"
        status, _, going = get(f"{url}p/{session.play.uuid[:8]}")
        assert status == 200 and LINK.search(going) is None
        assert f'href="/p/{session.play.uuid[:8]}.json" download' in going
