"""Finished plays for other tools: BG Stats, a spreadsheet (CSV) or plain JSON.

The BG Stats form is the play JSON that the app takes from other apps ("push plays to BG
Stats"): `sourceName`, `sourcePlayId`, `playDate`, `durationMin`, `board`, a `game` (`name`,
`bggId`, `highestWins`, `noPoints`, `sourceGameId`) and `players` (`name`, `score`, `winner`,
`startPlayer`, `rank`, and `sourcePlayerId` for a player with a personal tag, see
`player_ids`). `playDate` is "YYYY-MM-DD HH:MM:SS" in UTC, the time the play ended: BG Stats
reads it as UTC and shows it in the phone's own time zone, as the apps that push plays to it
write it. Only fields seen in public apps that push plays to BG Stats are written;
`board` (the map played) appears there as a plain text field of the play. `sourcePlayId` is the
play's journal uuid, which never changes, so exporting a play again updates it in BG Stats
instead of adding a copy. The export is a JSON list of such plays. (BG Stats' own backup file
is another shape, with tables of "games", "players", "locations" and "plays" joined by ids; it
is not written here.)

Winners come from the engine's tally as journalled; ranks follow them (see `ranks`). A play
ended before its rules ended it says so (`ending`: abandoned, finished-early): an abandoned
play names no winner, and is left out of the BG Stats form. Dates and
durations come from the journal's stamps in the order the journal wrote them (see `timeline`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.record import GameInfo
from companion.lib.spreadsheet import neutralise
from companion.state.endings import ABANDONED
from companion.state.journal import PlayRecord

SOURCE_NAME = "Tabletop companion"
FORMATS = ("bgstats", "csv", "json")


#: The day this companion was first built. A Raspberry Pi has no battery-backed clock: after a
#: power cut it counts from 1970 (or from a saved time) until the network sets it, so a stamp
#: dated before this day was written by a clock not yet set, like systemd's TIME_EPOCH.
BUILT = date(2026, 11, 29)
#: Between two journal entries longer than this is a pause or a clock set forward: the table
#: cannot tell them apart, and neither is playing time.
LONGEST_MOVE = timedelta(minutes=30)

CSV_COLUMNS = (
    "play_uuid", "play_id", "game", "game_name", "started", "finished", "seat", "player",
    "score", "rank", "winner", "start_player", "breakdown", "ending",
)  # fmt: skip


def game_info(game: str, options: Mapping[str, Any] | None = None) -> GameInfo:
    """The game as other tools know it; a map that is a game of its own names that game."""
    record = TABLE_GAMES.get(game)
    if record is None:
        return GameInfo(game)
    return record.info((options or {}).get("map_name"))


def export(plays: Sequence[PlayRecord], form: str,
           stamps: Mapping[int, Sequence[str]] | None = None,
           player_ids: Mapping[str, str] | None = None) -> str:
    """The finished plays among `plays` in one of FORMATS, as text ending with a newline.

    `stamps` are the `recorded` stamps of each play's events in journal order, by play id;
    `player_ids` the personal tags' ids, by name (`player_ids.personal_ids`).
    """
    finished = [play for play in plays if play.finished is not None and play.result]
    stamps = stamps or {}
    if form == "bgstats":
        # BG Stats counts every play it imports as played to the end: an abandoned one
        # would be a loss for everyone.
        return _json([bgstats_play(play, stamps.get(play.id, ()), player_ids)
                      for play in finished if play.ending != ABANDONED])
    if form == "csv":
        return csv_text(finished)
    if form == "json":
        return _json({"plays": [json_play(play) for play in finished]})
    raise ValueError(f"unknown export format {form!r}; one of {', '.join(FORMATS)}")


def bgstats_play(play: PlayRecord, events: Sequence[str] = (),
                 player_ids: Mapping[str, str] | None = None) -> dict[str, Any]:
    """One finished play in BG Stats' import form; `events` are its events' stamps,
    `player_ids` the ids of the players with a personal tag, by name."""
    ids = player_ids or {}
    info = game_info(play.game, play.options)
    game: dict[str, Any] = {
        "name": info.name,
        "highestWins": info.highest_wins,
        "noPoints": info.no_points,
        "sourceGameId": info.source_id or play.game,
    }
    if info.bgg_id is not None:
        game["bggId"] = info.bgg_id
    body: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uuid,
    }
    times = timeline(play, events)
    when = last_set(times)
    if when is not None:
        body["playDate"] = utc_text(when)
    minutes = playing_minutes(times)
    if minutes is not None:
        body["durationMin"] = minutes
    board = board_name(play)
    if board:
        body["board"] = board
    body["game"] = game
    body["players"] = []
    for row in player_rows(play):
        player = {"name": row["player"], "winner": row["winner"],
                  "startPlayer": row["start_player"]}
        if row["player"] in ids:
            player["sourcePlayerId"] = ids[row["player"]]
        if not info.no_points:
            player.update(score=row["score"], rank=row["rank"])
        body["players"].append(player)
    return body


def board_name(play: PlayRecord) -> str:
    """The map a play was on, as its title ("Europe"); empty for a game without maps."""
    record = TABLE_GAMES.get(play.game)
    if record is None or record.map_title is None:
        return ""
    shipped = record.maps() if record.maps is not None else ()
    return record.map_title(play.options.get("map_name", shipped[0] if shipped else None))


def player_rows(play: PlayRecord) -> list[dict[str, Any]]:
    """Each player's seat, score, rank (1 for the best; ties share) and whether they won."""
    result = play.result or {}
    scores = list(result.get("players", []))
    winners = set(result.get("winners", []))
    first = play.options.get("first", 0)
    totals = [score.get("total", 0) for score in scores]
    won = [score.get("name") in winners for score in scores]
    return [
        {
            "seat": seat,
            "player": score.get("name", ""),
            "score": totals[seat],
            "rank": rank,
            "winner": won[seat],
            "start_player": seat == first,
            "breakdown": dict(score.get("breakdown", {})),
        }
        for seat, (score, rank) in enumerate(zip(scores, ranks(totals, won)))
    ]


def ranks(totals: Sequence[int], won: Sequence[bool]) -> list[int]:
    """1 for every winner the engine named (its tie-breaks decided them); the others after
    them by total, equal totals sharing a place.

    The rules' tie-breaks decide who wins, not the places below, so a player who lost a
    tie-break ranks second, not first.

    >>> ranks([100, 100, 80, 80, 60], [True, False, False, False, False])
    [1, 2, 3, 3, 5]
    """
    count = sum(won)
    return [
        1 if won[seat] else 1 + count + sum(
            1 for other, total in enumerate(totals) if not won[other] and total > totals[seat])
        for seat in range(len(totals))
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
                "game_name": game_info(play.game, play.options).name,
                "started": play.started,
                "finished": play.finished or "",
                **row,
                "winner": "yes" if row["winner"] else "no",
                "start_player": "yes" if row["start_player"] else "no",
                "breakdown": json.dumps(row["breakdown"], ensure_ascii=False, sort_keys=True),
                "ending": play.ending or "",
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
        "ending": play.ending,
        "result": play.result,
    }


def play_date(stamp: str) -> str:
    """"YYYY-MM-DD HH:MM:SS" in the wall-clock time where the play happened."""
    try:
        return datetime.fromisoformat(stamp).strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return stamp


def timeline(play: PlayRecord, events: Sequence[str] = ()) -> list[datetime | None]:
    """The play's stamps in the order the journal wrote them: its start, each event, its end.

    A stamp that cannot be read is None.
    """
    times: list[datetime | None] = []
    for stamp in (play.started, *events, play.finished or ""):
        try:
            times.append(datetime.fromisoformat(stamp))
        except (TypeError, ValueError):
            times.append(None)
    return times


def clock_set(moment: datetime | None) -> bool:
    """Whether a stamp was written by a clock that had been set (not before BUILT)."""
    return moment is not None and moment.date() >= BUILT


def last_set(times: Sequence[datetime | None]) -> datetime | None:
    """The last stamp written with the clock set: the play's end, or its last move when the
    end cannot be read; None when the clock never was set."""
    return next((moment for moment in reversed(times)
                 if moment is not None and clock_set(moment)), None)


def utc_text(moment: datetime) -> str:
    """`moment` in UTC as "YYYY-MM-DD HH:MM:SS"; a stamp without an offset (an old journal's)
    is taken in this machine's time zone.

    >>> utc_text(datetime.fromisoformat("2026-12-05T21:47:50+01:00"))
    '2026-12-05 20:47:50'
    """
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def playing_minutes(times: Sequence[datetime | None]) -> int | None:
    """The time between each journal entry and the next, added up; None if none is known.

    Only the order of the journal is trusted: a step back in time, a step across the day the
    clock was set, or a step longer than LONGEST_MOVE counts for nothing.
    """
    total = timedelta()
    known = False
    for earlier, later in zip(times, times[1:]):
        if earlier is None or later is None or clock_set(earlier) != clock_set(later):
            continue
        try:
            step = later - earlier
        except TypeError:  # one naive and one with an offset
            continue
        if timedelta() <= step <= LONGEST_MOVE:
            total += step
            known = True
    return round(total.total_seconds() / 60) if known else None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"
