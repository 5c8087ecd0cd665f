"""The move count beside the journal: two slots in turn, a cut write never misleads."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.state.progress import SLOT, MoveCount, Unreadable


def test_the_newest_whole_record_wins_and_numbers_go_on_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "count"
    first = MoveCount(path)
    for seq in range(1, 6):
        first.write("play-a", seq)
    first.close()
    again = MoveCount(path)
    again.write("play-b", 0)  # a new play, written by the next process
    again.close()
    assert MoveCount(path).read() == ("play-b", 0)


def test_a_write_cut_short_leaves_the_record_before_it(tmp_path: Path) -> None:
    path = tmp_path / "count"
    count = MoveCount(path)
    count.write("play-a", 41)
    count.write("play-a", 42)  # written n = 2, in slot 2 % 2: the first
    count.close()
    data = bytearray(path.read_bytes())
    assert b'"seq":41' in data[SLOT:] and b'"seq":42' in data[:SLOT]
    data[10:30] = b"\0" * 20  # the power went while it was written
    path.write_bytes(bytes(data))
    assert MoveCount(path).read() == ("play-a", 41)  # one behind: no loss is claimed


def test_both_slots_spoiled_is_unreadable_and_no_file_is_nothing(tmp_path: Path) -> None:
    path = tmp_path / "count"
    assert MoveCount(path).read() is None
    path.write_bytes(b"\x8c garbage " * 60)
    with pytest.raises(Unreadable):
        MoveCount(path).read()


def test_a_link_in_its_place_is_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / "count").symlink_to(victim)
    with pytest.raises(OSError):
        MoveCount(tmp_path / "count").write("play-a", 1)
    assert victim.read_text() == "precious"


def _counting_syncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The descriptors the move count syncs, from now on."""
    import companion.state.progress

    synced: list[int] = []
    real = companion.state.progress.os.fdatasync

    def fdatasync(descriptor: int) -> None:
        synced.append(descriptor)
        real(descriptor)

    monkeypatch.setattr(companion.state.progress.os, "fdatasync", fdatasync)
    return synced


def test_a_move_writes_the_count_without_a_sync_of_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.state.journal import Journal

    synced = _counting_syncs(monkeypatch)
    with Journal(tmp_path / "journal.sqlite3") as journal:
        play = journal.start_play("freight-train", {"players": ["Ana", "Ben"], "options": {}})
        for _ in range(3):
            journal.append(play.id, {"kind": "bring-locomotive"})
        assert synced == []  # the log's commit is the move's one sync
        assert MoveCount(journal.progress_path).read() == (play.uuid, 3)


def test_an_undo_syncs_the_lowered_count_before_its_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.state.journal import Journal

    with Journal(tmp_path / "journal.sqlite3") as journal:
        play = journal.start_play("freight-train", {"players": ["Ana", "Ben"], "options": {}})
        journal.append(play.id, {"kind": "bring-locomotive"})
        journal.append(play.id, {"kind": "bring-locomotive"})
        synced = _counting_syncs(monkeypatch)
        journal.pop(play.id)
        # A stale count of 2 on the disk beside a journal of 1 would claim a false loss.
        assert len(synced) == 1
        assert MoveCount(journal.progress_path).read() == (play.uuid, 1)
        assert journal.losses() is None


def test_a_count_not_durable_is_never_synced(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    synced = _counting_syncs(monkeypatch)
    count = MoveCount(tmp_path / "count", durable=False)
    count.write("play-a", 1, synced=True)
    count.close()
    assert synced == [] and MoveCount(tmp_path / "count").read() == ("play-a", 1)
