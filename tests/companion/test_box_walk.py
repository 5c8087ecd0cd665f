"""The walk over a box's cards: one tap a card, known tags named, back, skip, resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.cards import Card
from companion.state.box_progress import progress_path, read_progress
from companion.state.tags import TagError, TagRegistry
from companion.table.box_walk import BoxWalk, Outcome

COAL = Card("freight-train", "wagon", "coal")
TANK = Card("freight-train", "wagon", "tank")


def uid(number: int) -> str:
    return f"{number:08X}"


@pytest.fixture
def registry() -> TagRegistry:
    return TagRegistry(":memory:")


def test_each_fresh_tag_enrols_the_card_shown_and_moves_on(tmp_path: Path,
                                                           registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
    assert (walk.entry.label, walk.copy, walk.entry.copies) == ("Coal wagon", 1, 16)
    assert walk.left == walk.total == 177
    for number in range(16):
        result = walk.tap(uid(number))
        assert result.outcome is Outcome.ENROLLED and result.card == COAL
        assert result.copy == number + 1
    assert walk.entry.card == TANK and walk.copy == 1
    assert walk.left == 161
    assert [card for _uid, card in registry.all()] == [COAL] * 16


def test_the_whole_box_one_tap_a_card(tmp_path: Path, registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "ticket-to-ride", "en", "europe")
    for number in range(walk.total):
        assert walk.tap(uid(number)).outcome is Outcome.ENROLLED
    assert walk.done and len(registry) == 156
    tickets = [card.value for _uid, card in registry.all() if card.kind == "ticket"]
    assert len(set(tickets)) == 46


def test_a_known_tag_is_named_and_not_enrolled_again(tmp_path: Path,
                                                     registry: TagRegistry) -> None:
    registry.enroll(uid(99), Card("*", "player", "Ana"))
    walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
    walk.tap(uid(1))
    again = walk.tap(uid(1))
    assert again.outcome is Outcome.REPEAT and again.copy == 1
    ana = walk.tap(uid(99))
    assert (ana.outcome, ana.label) == (Outcome.KNOWN, "Ana")
    assert walk.tap(uid(1)).outcome is Outcome.KNOWN  # not in a row any more
    assert walk.copy == 2 and len(registry) == 2


def test_back_forgets_the_last_tag_and_shows_its_card_again(tmp_path: Path,
                                                           registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
    for number in range(17):
        walk.tap(uid(number))
    assert walk.entry.card == TANK and walk.copy == 2
    assert walk.back() is not None and walk.entry.card == TANK and walk.copy == 1
    assert walk.back() is not None and walk.entry.card == COAL and walk.copy == 16
    assert registry.lookup(uid(15)) is None and registry.lookup(uid(14)) == COAL
    walk.tap(uid(15))
    assert registry.lookup(uid(15)) == COAL and walk.entry.card == TANK


def test_back_with_nothing_to_take_back(tmp_path: Path, registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
    assert walk.back() is None and walk.entry.card == COAL


def test_skip_moves_by_card_and_skipped_cards_come_back_at_the_end(
        tmp_path: Path, registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "off-the-rails", "en")
    walk.skip(1)
    second = walk.entry.card
    walk.skip(-1)
    walk.skip(-1)
    assert walk.entry is walk.entries[-1]
    walk.skip(1)
    walk.skip(1)
    assert walk.entry.card == second
    for number in range(walk.left - 1):
        walk.tap(uid(number))
    assert walk.entry is walk.entries[0] and walk.left == 1  # the skipped one, round the box
    walk.tap(uid(500))
    assert walk.done


def test_resume_shows_the_card_it_showed_and_counts_what_the_registry_holds(
        tmp_path: Path) -> None:
    with TagRegistry.in_state_dir(tmp_path) as registry:
        walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
        for number in range(20):
            walk.tap(uid(number))
        walk.skip(1)
    with TagRegistry.in_state_dir(tmp_path) as registry:
        walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
        assert walk.entry.label == "Box wagon" and walk.left == 157
        walk.skip(-1)
        assert walk.entry.card == TANK and walk.copy == 5
        assert walk.back() is not None and walk.copy == 4  # back reaches past the restart


def test_without_progress_a_card_with_k_tags_starts_at_copy_k_plus_1(
        tmp_path: Path, registry: TagRegistry) -> None:
    for number in range(16):
        registry.enroll(uid(number), COAL)
    for number in range(3):
        registry.enroll(uid(100 + number), TANK)
    walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
    assert walk.entry.card == TANK and walk.copy == 4 and walk.left == 177 - 19


def test_a_damaged_progress_file_resumes_from_the_registry(tmp_path: Path,
                                                           registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "ticket-to-ride", "en", "Europa")
    walk.tap(uid(1))
    path = progress_path(tmp_path, "ticket-to-ride", "europe")
    assert read_progress(tmp_path, "ticket-to-ride", "europe").recent == (uid(1),)
    path.write_bytes(b'{"position": "x"')
    walk = BoxWalk.open(tmp_path, registry, "ticket-to-ride", "en", "europe")
    assert walk.entry.card == Card("ticket-to-ride", "train", "red") and walk.copy == 2


def test_text_that_is_not_a_uid_is_refused_and_changes_nothing(
        tmp_path: Path, registry: TagRegistry) -> None:
    walk = BoxWalk.open(tmp_path, registry, "freight-train", "en")
    with pytest.raises(TagError):
        walk.tap("coal")
    assert len(registry) == 0 and walk.copy == 1
