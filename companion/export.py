"""Finished plays for other tools: BG Stats, a spreadsheet (CSV) or plain JSON.

The BG Stats form is the play JSON that the app documents for other apps to hand it a play
("push plays to BG Stats"): `sourceName`, `sourcePlayId`, `playDate`, `durationMin`, a `game`
(`name`, `bggId`, `highestWins`, `noPoints`, `sourceGameId`) and `players` (`name`, `score`,
`winner`, `startPlayer`, `rank`). `sourcePlayId` is the play's journal uuid, which never
changes, so exporting a play again updates it in BG Stats instead of adding a copy. The export
is a JSON list of such plays. (BG Stats' own backup file is another shape, with tables of
"games", "players", "locations" and "plays" joined by ids; it is not written here.)
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .journal import PlayRecord
from .spreadsheet import neutralise

SOURCE_NAME = "Tabletop companion"
FORMATS = ("bgstats", "csv", "json")


@dataclass(frozen=True)
class GameInfo:
    """How other tools name a game; `bgg_id` is its BoardGameGeek id, when known for sure."""

    name: str
    bgg_id: int | None = None
    highest_wins: bool = True


#: By engine game id. An id is given only where it was checked: BG Stats matches a game by
#: name when there is none, which is better than matching the wrong game.
GAMES: dict[str, GameInfo] = {
    "freight-train": GameInfo("Freight Train"),
    "whistle-stop": GameInfo("Whistle Stop"),
    "ticket-to-ride": GameInfo("Ticket to Ride", 9209),
    "ticket-to-ride-europe": GameInfo("Ticket to Ride: Europe", 14996),
    "game-of-trains": GameInfo("The Game of Trains"),
    "off-the-rails": GameInfo("Off the Rails"),
}

CSV_COLUMNS = (
    "play_uuid", "play_id", "game", "game_name", "started", "finished", "seat", "player",
    "score", "rank", "winner", "start_player", "breakdown",
)  # fmt: skip


def game_info(game: str) -> GameInfo:
    return GAMES.get(game, GameInfo(game))


def export(plays: Sequence[PlayRecord], form: str) -> str:
    """The finished plays among `plays` in one of FORMATS, as text ending with a newline."""
    finished = [play for play in plays if play.finished is not None and play.result]
    if form == "bgstats":
        return _json([bgstats_play(play) for play in finished])
    if form == "csv":
        return csv_text(finished)
    if form == "json":
        return _json({"plays": [json_play(play) for play in finished]})
    raise ValueError(f"unknown export format {form!r}; one of {', '.join(FORMATS)}")


def bgstats_play(play: PlayRecord) -> dict[str, Any]:
    """One finished play in BG Stats' import form."""
    info = game_info(play.game)
    game: dict[str, Any] = {
        "name": info.name,
        "highestWins": info.highest_wins,
        "noPoints": False,
        "sourceGameId": play.game,
    }
    if info.bgg_id is not None:
        game["bggId"] = info.bgg_id
    body: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uuid,
        "playDate": play_date(play.started),
    }
    minutes = duration_minutes(play)
    if minutes is not None:
        body["durationMin"] = minutes
    body["game"] = game
    body["players"] = [
        {
            "name": row["player"],
            "score": row["score"],
            "winner": row["winner"],
            "startPlayer": row["start_player"],
            "rank": row["rank"],
        }
        for row in player_rows(play)
    ]
    return body


def player_rows(play: PlayRecord) -> list[dict[str, Any]]:
    """Each player's seat, score, rank (1 for the best; ties share) and whether they won."""
    result = play.result or {}
    scores = list(result.get("players", []))
    winners = set(result.get("winners", []))
    first = play.options.get("first", 0)
    totals = [score.get("total", 0) for score in scores]
    return [
        {
            "seat": seat,
            "player": score.get("name", ""),
            "score": score.get("total", 0),
            "rank": 1 + sum(1 for other in totals if other > score.get("total", 0)),
            "winner": score.get("name") in winners,
            "start_player": seat == first,
            "breakdown": dict(score.get("breakdown", {})),
        }
        for seat, score in enumerate(scores)
    ]


def csv_text(plays: Sequence[PlayRecord]) -> str:
    """One row per player per play; the score's breakdown is a JSON object in its column."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for play in plays:
        for row in player_rows(play):
            writer.writerow({column: neutralise(value) for column, value in {
                "play_uuid": play.uuid,
                "play_id": play.id,
                "game": play.game,
                "game_name": game_info(play.game).name,
                "started": play.started,
                "finished": play.finished or "",
                **row,
                "winner": "yes" if row["winner"] else "no",
                "start_player": "yes" if row["start_player"] else "no",
                "breakdown": json.dumps(row["breakdown"], ensure_ascii=False, sort_keys=True),
            }.items()})
    return out.getvalue()


def json_play(play: PlayRecord) -> dict[str, Any]:
    return {
        "id": play.id,
        "uuid": play.uuid,
        "game": play.game,
        "players": list(play.players),
        "options": play.options,
        "key": play.key,
        "started": play.started,
        "finished": play.finished,
        "result": play.result,
    }


def play_date(stamp: str) -> str:
    """"YYYY-MM-DD HH:MM:SS" in the wall-clock time where the play happened."""
    try:
        return datetime.fromisoformat(stamp).strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return stamp


def duration_minutes(play: PlayRecord) -> int | None:
    if play.finished is None:
        return None
    try:
        seconds = (datetime.fromisoformat(play.finished)
                   - datetime.fromisoformat(play.started)).total_seconds()
    except (ValueError, TypeError):  # a damaged stamp, or one naive and one with an offset
        return None
    return round(seconds / 60) if seconds >= 0 else None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"
