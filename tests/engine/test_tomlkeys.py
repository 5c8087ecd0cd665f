"""TOML text bounded before parsing: dotted keys of too many parts, map files too long."""

from __future__ import annotations

import pytest

from engine.errors import InvalidInput
from engine.games.ticket_to_ride import mapfile
from engine.games.ticket_to_ride.mapfile import map_from_toml
from engine.tomlkeys import MAX_KEY_PARTS, long_key_line

# Six tickets: three for each of two players.
TICKETS = ", ".join(['{ from = "Aa", to = "Bb", points = 3 }'] * 6)
GOOD = ('name = "mini"\ncities = ["Aa", "Bb"]\nroutes = [{ from = "Aa", to = "Bb", length = 3 }]\n'
        f"tickets = [{TICKETS}]\n[rules]\nplayers = [2, 2]\n")


@pytest.mark.parametrize(("text", "line"), [
    ("a.b.c = 1\n", None),
    ("x = 1\n" + ".".join("k" * MAX_KEY_PARTS) + " = 1\n", None),
    ("x = 1\n" + ".".join("k" * (MAX_KEY_PARTS + 1)) + " = 1\n", 2),
    ("[" + ".".join("k" * (MAX_KEY_PARTS + 1)) + "]\n", 1),
    ("t = { " + ".".join("k" * (MAX_KEY_PARTS + 1)) + " = 1 }\n", 1),
    ('path = "' + "." * 100 + '"\n', None),
    ("path = '" + "." * 100 + "'\n", None),
    ('x = """\n' + "." * 100 + '\n"""\n' + ".".join("k" * (MAX_KEY_PARTS + 1)) + "=1", 4),
    ('x = "a\\"' + "." * 100 + '"\n', None),
    ("# " + "." * 100 + "\n", None),
    ("v = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5]",
     None),
])  # fmt: skip
def test_long_key_line(text: str, line: int | None) -> None:
    assert long_key_line(text) == line


def test_a_map_file_with_a_long_dotted_key_is_refused_before_parsing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(mapfile.tomllib, "loads", calls.append)
    text = GOOD + ".".join(f"k{number}" for number in range(20_000)) + " = 1\n"
    line = GOOD.count("\n") + 1
    with pytest.raises(InvalidInput, match=f"line {line} has a key of more than {MAX_KEY_PARTS}"):
        map_from_toml(text)
    with pytest.raises(InvalidInput, match="more than 50 characters"):
        map_from_toml(GOOD, max_chars=50)
    assert calls == []


def test_a_map_file_within_the_bounds_is_read() -> None:
    assert map_from_toml(GOOD, max_chars=len(GOOD)).name == "mini"
