"""How the board takes a message from the broker: anyone on the club's network can publish,
so every message is checked before anything of it is kept, and none can stop the board.

In order, each cheaper than the next: the topic (`companion/<table>/live` or
`companion/<table>/plays/<uuid>`, the table's name as `[mqtt] table` allows it), the size
(per topic, `MAX_BYTES`), the nesting depth (`MAX_DEPTH`, counted on the bytes before any
decoding, so a payload of a thousand `[` never reaches the recursive JSON decoder), UTF-8,
JSON without NaN, Infinity or a number too large for a float (`1e400`), then the shape of
the topic (`board_schema`). An empty payload is how MQTT clears a retained message: it means
"forget this topic". A message that does not fit is dropped with one log line (at most one a
minute for the same reason, `companion.lib.log_limit`); an error of the board's own while
keeping one is caught, logged (with its traceback the first time) and counted, so paho-mqtt's
network thread never sees it. `Intake.figures` counts them all (`/api/tables`, `intake`).
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.lib.log_limit import LimitedLog
from companion.lib.text import shown
from companion.publish.mqtt_settings import TABLE_NAME
from companion.web.board_schema import UUID, Unfit, check_live, check_play

log = logging.getLogger(__name__)

LIVE = "live"
PLAYS = "plays"
#: The largest payload taken per topic: the live view is about 3.5 kB at most; a play holds
#: its options, which for a map of one's own is the whole map (about 14 kB for the largest
#: printed one as JSON).
MAX_BYTES = {LIVE: 16 * 1024, PLAYS: 64 * 1024}
#: Objects and lists inside each other: 7 at most in what a table sends (a map's data in a
#: play's options); Python's JSON decoder recurses once per level.
MAX_DEPTH = 16
#: Digits of a whole number: more is no count or score, and Python refuses over 4,300 anyway.
MAX_DIGITS = 18
_TOPIC_CHARS = 120

#: A JSON string (possessive: a string left open runs to the end, never scanned twice).
_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+(?:"|$)', re.DOTALL)
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")
_OPENING = frozenset(b"[{")


@dataclass(frozen=True)
class Message:
    """A table's message as kept: its `kind` (LIVE or PLAYS), `uuid` for a play; `value`
    None to forget the topic."""

    table: str
    kind: str
    uuid: str | None
    value: dict[str, Any] | None


def deeper_than(payload: bytes, limit: int) -> bool:
    """Whether JSON `payload` nests objects and lists more than `limit` deep, brackets
    inside strings aside (linear in the payload's length)."""
    brackets = _STRING.sub(b"", payload).translate(None, _NOT_BRACKETS)
    depth = 0
    for byte in brackets:
        depth += 1 if byte in _OPENING else -1
        if depth > limit:
            return True
    return False


def _refuse_constant(name: str) -> Any:
    raise Unfit("", f"{name} is not a number a table sends", kind="number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Unfit("", f"{text[:20]} is too large a number", kind="number")
    return value


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Unfit("", f"a whole number of more than {MAX_DIGITS} digits", kind="number")
    return int(text)


def decode(payload: bytes, limit: int) -> Any:
    """The JSON value of `payload`, refused (Unfit) past `limit` bytes or MAX_DEPTH levels,
    outside UTF-8, or with a number that is not finite."""
    if len(payload) > limit:
        raise Unfit("", f"{len(payload)} bytes; at most {limit} are taken", kind="size")
    if deeper_than(payload, MAX_DEPTH):
        raise Unfit("", f"nested more than {MAX_DEPTH} deep", kind="depth")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise Unfit("", "not UTF-8 text", kind="utf-8") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite,
                          parse_int=_whole)
    except Unfit:
        raise
    except (ValueError, RecursionError):
        raise Unfit("", "not JSON", kind="json") from None


def read(topic: str, payload: bytes) -> Message:
    """The message on `topic`, checked; Unfit says why it is refused."""
    parts = topic.split("/")
    if parts[0] != "companion" or len(parts) not in (3, 4) or not TABLE_NAME.fullmatch(parts[1]):
        raise Unfit("topic", "not companion/<table>/... with a table's name of 1 to 40 "
                             "letters, digits, - or _")
    table = parts[1]
    if len(parts) == 3 and parts[2] == LIVE:
        kind, uuid = LIVE, None
    elif len(parts) == 4 and parts[2] == PLAYS and UUID.fullmatch(parts[3]):
        kind, uuid = PLAYS, parts[3]
    else:
        raise Unfit("topic", "neither .../live nor .../plays/<uuid>")
    if not payload:
        return Message(table, kind, uuid, None)
    value = decode(payload, MAX_BYTES[kind])
    checked = check_live(value) if uuid is None else check_play(value, uuid)
    return Message(table, kind, uuid, checked)


class Intake:
    """Reads each message (`read`) and hands it to `keep` with whether it was retained;
    never raises. Thread-safe: paho-mqtt calls it from its network thread."""

    def __init__(self, keep: Callable[[Message, bool], bool],
                 limited: LimitedLog | None = None) -> None:
        self._keep = keep
        self._log = limited or LimitedLog(log)
        self._lock = threading.Lock()
        self._counts = {"received": 0, "kept": 0, "not_tonight": 0, "dropped": 0,
                        "failed": 0}

    def take(self, topic: str, payload: bytes, retained: bool) -> bool:
        """Keep one message; False when it was dropped, or is not of the evening."""
        try:
            return self._take(topic, payload, retained)
        except Exception as error:  # the board's own fault: never the network thread's end
            self._count("failed")
            self._log.log(logging.ERROR, f"failed:{type(error).__name__}",
                          "board: a message on %s could not be kept: %s",
                          _topic_shown(topic), error, exc_info=True)
            return False

    def take_message(self, message: Any) -> bool:
        """`take` for paho-mqtt's message (whose topic may not even be UTF-8)."""
        try:
            topic, payload, retained = message.topic, message.payload, bool(message.retain)
        except Exception as error:
            self._count("received")
            self._count("dropped")
            self._log.warning("topic", "board: dropped a message: its topic is unreadable (%s)",
                              error)
            return False
        return self.take(topic, payload, retained)

    def _take(self, topic: str, payload: bytes, retained: bool) -> bool:
        self._count("received")
        try:
            message = read(topic, payload)
        except Unfit as unfit:
            self._count("dropped")
            self._log.warning(unfit.kind,
                              "board: dropped the message on %s: %s", _topic_shown(topic),
                              unfit)
            return False
        kept = self._keep(message, retained)
        self._count("kept" if kept else "not_tonight")
        return kept

    def _count(self, name: str) -> None:
        with self._lock:
            self._counts[name] += 1

    def figures(self) -> dict[str, int]:
        """Messages received, kept, not kept for not being of the evening, dropped (not of
        a table's shape) and failed (the board's own error while keeping one)."""
        with self._lock:
            return dict(self._counts)


def _topic_shown(topic: object) -> str:
    text = shown(str(topic))
    return text if len(text) <= _TOPIC_CHARS else text[:_TOPIC_CHARS] + "..."
