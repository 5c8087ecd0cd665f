"""The shared reader of tally input: keys nobody reads and text no keyboard gives are refused."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import InvalidInput
from engine.table_input import checked, items, obj, strict


def read_names(table: Any) -> list[str]:
    return [obj(player, "p")["name"] for player in items(obj(table, ""), "players")]


def test_every_key_read_is_accepted() -> None:
    assert checked(read_names, {"players": [{"name": "Ana"}, {"name": "Ben"}]}) == ["Ana", "Ben"]


@pytest.mark.parametrize(("table", "path"), [
    ({"players": [{"name": "Ana"}], "playres": []}, "playres"),
    ({"players": [{"name": "Ana"}, {"name": "Ben", "nmae": "B"}]}, "players[1].nmae"),
    ({"players": [{"name": "Ana", "deep": {"x": 1}}]}, "players[0].deep"),
])  # fmt: skip
def test_the_first_key_nobody_read_is_refused_with_its_path(table: Any, path: str) -> None:
    with pytest.raises(InvalidInput) as error:
        checked(read_names, table)
    assert str(error.value) == f"{path}: unknown key: check its spelling, or remove it"


def test_looking_a_key_up_counts_as_reading_it() -> None:
    def looks(table: Any) -> bool:
        return "optional" in table and bool(table.get("other", True))

    assert checked(looks, {"optional": 1, "other": 0}) is False


def test_keys_of_an_open_object_are_read_by_walking_it() -> None:
    def counts(table: Any) -> int:
        return sum(value for value in table["meeples"].values())

    assert checked(counts, {"meeples": {"red": 2, "blue": 1}}) == 3


@pytest.mark.parametrize(("table", "path"), [
    ({"name": "A\udc00"}, "name"),
    ({"players": [{"na\ud800me": 1}]}, "players[0].na\ud800me"),
    ({"list": ["ok", "\udfff"]}, "list[1]"),
])  # fmt: skip
def test_a_lone_surrogate_is_refused_anywhere(table: Any, path: str) -> None:
    with pytest.raises(InvalidInput) as error:
        strict(table)
    assert error.value.field == path


def test_a_deeply_nested_table_is_walked_without_recursion() -> None:
    table: Any = "leaf"
    for _ in range(50_000):
        table = [table]
    assert isinstance(checked(lambda value: value["t"], {"t": table}), list)
