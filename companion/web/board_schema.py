"""The shape of what a table publishes, as the board takes it: a checker per topic.

A table sends two kinds of message (`companion.publish.outbox`): `live`, the live view
(`companion.publish.live_view.live_view`), and `plays/<uuid>`, the play (`export.json_play`),
whose `result` is the tally's form (`engine.game.TallyResult.to_json`, with `ending` when the
play ended before its rules ended it). Each checker takes a decoded JSON value and returns
only the fields the board keeps, checked for type, bounds and length, or raises `Unfit`
naming the first field that does not fit. Bounds are well above what any game sends (the
largest live view of a random play of every game is about 3.5 kB, a play about 1.2 kB), so
they refuse only what no table would publish. Fields a newer companion may add are left out
of what is kept, never refused.

>>> check_live({"status": "playing", "game": "whistle-stop"})
Traceback (most recent call last):
...
companion.web.board_schema.Unfit: live.uuid: missing
>>> check_whole("12", "live.event_count", 0, 99)
Traceback (most recent call last):
...
companion.web.board_schema.Unfit: live.event_count: expected a whole number from 0 to 99, got '12'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from companion.state.endings import ENDINGS

#: More players than any game seats.
MAX_PLAYERS = 12
MAX_NAME = 64
#: A game's id in the engine's catalogue form ("ticket-to-ride").
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
#: A play's uuid as the journal writes it (`uuid.uuid4()`).
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
MAX_STAMP = 40
#: A score, a total or a count: a board game's numbers stay far below.
MAX_NUMBER = 10**9
MAX_MOVES_COUNT = 10**6
#: Categories of one player's breakdown, and the length of a category's name.
MAX_CATEGORIES = 24
MAX_CATEGORY = 64
#: The live view's last moves (`live_view.LAST_MOVES` is 8), triggers announced and stage.
MAX_LAST_MOVES = 16
MAX_ANNOUNCED = 8
MAX_SENTENCE = 200
MAX_STAGE_KEYS = 8
STATUSES = ("playing", "finished")
_SURROGATE = re.compile("[\ud800-\udfff]")


class Unfit(ValueError):
    """A message that is not of the shape a table publishes: `field` says where, `problem`
    what (English, for the board's log)."""

    def __init__(self, field: str, problem: str, kind: str | None = None) -> None:
        self.field = field
        self.problem = problem
        self._kind = kind
        super().__init__(f"{field}: {problem}" if field else problem)

    @property
    def kind(self) -> str:
        """One kind of refusal, for the log's limit: the one given, else the field without
        list positions ("play.result.players.name")."""
        return self._kind or re.sub(r"\[\d+\]", "", self.field)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def fields(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Unfit(where, f"expected an object, got {_shown(value)}")
    return value


def need(value: dict[str, Any], key: str, where: str) -> Any:
    if key not in value:
        raise Unfit(f"{where}.{key}", "missing")
    return value[key]


def check_text(value: object, where: str, longest: int, pattern: re.Pattern[str] | None = None,
               plain: bool = True) -> str:
    """Text of 1 to `longest` characters, printable when `plain` (no line break, no control
    or invisible character), matching `pattern` when given."""
    if (not isinstance(value, str) or not 0 < len(value) <= longest
            or (plain and not value.isprintable())
            or (pattern is not None and not pattern.fullmatch(value))):
        what = "an id" if pattern is not None else "plain text"
        raise Unfit(where, f"expected {what} of 1 to {longest} characters, got {_shown(value)}")
    return value


def check_name(value: object, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME or not value.isprintable():
        raise Unfit(where, f"expected a name in plain text of 1 to {MAX_NAME} characters, "
                           f"got {_shown(value)}")
    return value


def check_whole(value: object, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Unfit(where, f"expected a whole number from {low} to {high}, got {_shown(value)}")
    return value


def check_stamp(value: object, where: str) -> str:
    """A time as the journal writes it (ISO 8601)."""
    text = check_text(value, where, MAX_STAMP)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise Unfit(where, f"expected a time such as 2026-12-04T21:30:00+01:00, "
                           f"got {_shown(value)}") from None
    return text


def check_list(value: object, where: str, longest: int,
               item: Callable[[object, str], Any]) -> list[Any]:
    if not isinstance(value, list) or len(value) > longest:
        raise Unfit(where, f"expected a list of at most {longest}, got {_shown(value)}")
    return [item(entry, f"{where}[{index}]") for index, entry in enumerate(value)]


def check_names(value: object, where: str) -> list[str]:
    names = check_list(value, where, MAX_PLAYERS, check_name)
    if len(set(names)) != len(names):
        raise Unfit(where, "a name is listed twice")
    return names


def nullable(check: Callable[[object, str], Any]) -> Callable[[object, str], Any]:
    def checked(value: object, where: str) -> Any:
        return None if value is None else check(value, where)

    return checked


def check_json_text(value: object, where: str) -> None:
    """Every text in `value` (any JSON) can be written out again as UTF-8: a lone surrogate
    (`"\\ud800"`, which JSON allows) cannot."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise Unfit(where, "holds a lone surrogate (\\ud800 to \\udfff), not text")
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def check_score(value: object, where: str) -> dict[str, Any]:
    score = fields(value, where)
    breakdown = fields(score.get("breakdown", {}), f"{where}.breakdown")
    if len(breakdown) > MAX_CATEGORIES:
        raise Unfit(f"{where}.breakdown", f"expected at most {MAX_CATEGORIES} categories")
    return {
        "name": check_name(need(score, "name", where), f"{where}.name"),
        "total": check_whole(need(score, "total", where), f"{where}.total",
                             -MAX_NUMBER, MAX_NUMBER),
        "breakdown": {check_text(key, f"{where}.breakdown", MAX_CATEGORY):
                      check_whole(points, f"{where}.breakdown.{key}", -MAX_NUMBER, MAX_NUMBER)
                      for key, points in breakdown.items()},
    }


def check_result(value: object, where: str) -> dict[str, Any]:
    """The tally's form: the game, each player's total and breakdown, the winners of a final
    result or the leaders of a running one (among the players), and `ending` for a play
    ended before its rules ended it."""
    result = fields(value, where)
    players = check_list(need(result, "players", where), f"{where}.players", MAX_PLAYERS,
                         check_score)
    # A final result names its winners; a running one (a live view) only its leaders.
    marked = "winners" if "winners" in result or "leaders" not in result else "leaders"
    named = {player["name"] for player in players}
    badged = check_names(need(result, marked, where), f"{where}.{marked}")
    if not set(badged) <= named:
        raise Unfit(f"{where}.{marked}", "names a player who has no score")
    checked: dict[str, Any] = {"players": players, marked: badged}
    if "game" in result:
        checked["game"] = check_text(result["game"], f"{where}.game", 40, GAME_ID)
    if result.get("ending") is not None:
        if result["ending"] not in ENDINGS:
            raise Unfit(f"{where}.ending", f"expected one of {', '.join(ENDINGS)}, "
                                           f"got {_shown(result['ending'])}")
        checked["ending"] = result["ending"]
    return checked


def check_stage(value: object, where: str) -> dict[str, str | int]:
    stage = fields(value, where)
    if len(stage) > MAX_STAGE_KEYS:
        raise Unfit(where, f"expected at most {MAX_STAGE_KEYS} keys")
    found: dict[str, str | int] = {}
    for key, part in stage.items():
        check_text(key, where, 20)
        found[key] = (check_text(part, f"{where}.{key}", 40) if isinstance(part, str)
                      else check_whole(part, f"{where}.{key}", -MAX_NUMBER, MAX_NUMBER))
    return found


def check_move(value: object, where: str) -> dict[str, Any]:
    move = fields(value, where)
    event = fields(need(move, "event", where), f"{where}.event")
    check_json_text(event, f"{where}.event")
    return {"seq": check_whole(need(move, "seq", where), f"{where}.seq", 0, MAX_MOVES_COUNT),
            "recorded": check_stamp(need(move, "recorded", where), f"{where}.recorded"),
            "event": event}


def _head(value: dict[str, Any], where: str) -> dict[str, Any]:
    """What the live view and the play both hold: which play, which game, who, since when."""
    return {
        "uuid": check_text(need(value, "uuid", where), f"{where}.uuid", 36, UUID),
        "game": check_text(need(value, "game", where), f"{where}.game", 40, GAME_ID),
        "players": check_names(need(value, "players", where), f"{where}.players"),
        "started": check_stamp(need(value, "started", where), f"{where}.started"),
    }


def check_live(value: object) -> dict[str, Any]:
    """A table's live view (`companion/<table>/live`), as kept."""
    where = "live"
    live = fields(value, where)
    status = need(live, "status", where)
    if status not in STATUSES:
        raise Unfit(f"{where}.status", f"expected one of {', '.join(STATUSES)}, "
                                       f"got {_shown(status)}")
    checked = {"status": status, **_head(live, where),
               "event_count": check_whole(need(live, "event_count", where),
                                          f"{where}.event_count", 0, MAX_MOVES_COUNT)}
    optional: dict[str, Callable[[object, str], Any]] = {
        "play_id": lambda item, at: check_whole(item, at, 1, 2**63 - 1),
        "stage": check_stage,
        "turn": nullable(check_name),
        "last_moves": lambda item, at: check_list(item, at, MAX_LAST_MOVES, check_move),
        "result": nullable(check_result),
        "announced": lambda item, at: check_list(
            item, at, MAX_ANNOUNCED, lambda text, place: check_text(text, place, MAX_SENTENCE)),
    }
    for key, check in optional.items():
        if key in live:
            checked[key] = check(live[key], f"{where}.{key}")
    return checked


def check_play(value: object, uuid: str) -> dict[str, Any]:
    """A table's play (`companion/<table>/plays/<uuid>`), as kept: its options (a whole map
    for a map of one's own) are not, since the board shows none of them."""
    where = "play"
    play = fields(value, where)
    checked = {**_head(play, where),
               "finished": nullable(check_stamp)(need(play, "finished", where),
                                                 f"{where}.finished"),
               "result": nullable(check_result)(need(play, "result", where), f"{where}.result")}
    if checked["uuid"] != uuid:
        raise Unfit(f"{where}.uuid", "is not the uuid of the topic")
    return checked
