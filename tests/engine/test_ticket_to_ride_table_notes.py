"""What the table plays turn by turn and what the tally only scores, read from the engine's
table of rules not yet live, never restated."""

from __future__ import annotations

import pytest

from engine.games.ticket_to_ride import rules
from engine.games.ticket_to_ride.notes import SPECIAL_RULES, table_notes


def same(text: str) -> str:
    return text


def test_every_rule_not_yet_live_has_words_for_the_players() -> None:
    assert {name for _, name in rules.NOT_YET_LIVE} <= set(SPECIAL_RULES)


def test_the_notes_follow_the_engine_s_table(monkeypatch: pytest.MonkeyPatch) -> None:
    live, tally = table_notes(same)
    assert SPECIAL_RULES["tolls"] in live and SPECIAL_RULES["tolls"] not in tally
    for _, name in rules.NOT_YET_LIVE:
        assert SPECIAL_RULES[name] in tally and SPECIAL_RULES[name] not in live
    # A rule played live tomorrow moves from one list to the other by itself.
    monkeypatch.setattr(rules, "NOT_YET_LIVE",
                        tuple(entry for entry in rules.NOT_YET_LIVE if entry[1] != "stocks"))
    live, tally = table_notes(same)
    assert SPECIAL_RULES["stocks"] in live and SPECIAL_RULES["stocks"] not in tally
    monkeypatch.setattr(rules, "NOT_YET_LIVE", ())
    (everything,) = table_notes(same)
    assert all(words in everything for words in SPECIAL_RULES.values())
