"""What the table plays turn by turn, and what a map must give for the table to play it."""

from __future__ import annotations

from engine.games.ticket_to_ride.notes import SPECIAL_RULES, table_notes


def same(text: str) -> str:
    return text


def test_every_special_rule_is_said_to_be_played_at_the_table() -> None:
    live, tally = table_notes(same)
    assert all(words in live for words in SPECIAL_RULES.values())
    assert "alone or together" in live
    assert not any(words in tally for words in SPECIAL_RULES.values())


def test_the_tally_only_note_names_the_fields_a_map_must_give() -> None:
    _, tally = table_notes(same)
    assert "rules.boats" in tally and "rules.meeple_supply" in tally
