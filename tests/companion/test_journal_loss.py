"""Every loss detected: a lost, cut or garbled log, a damaged file, a missing journal.

A "crash" here copies the state folder's files while the writer still has them open: that is
what the disk holds when the power goes after the last commit returned.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.state.journal import CHECKPOINT_PAGES, Journal, JournalDamaged
from companion.state.recovery import open_checked
from companion.table.build import open_table
from companion.table.session import GameSession
from engine.games.freight_train import RULES as FREIGHT_TRAIN
from engine.registry import GAMES
from engine.simulate import play_random

Capture = pytest.CaptureFixture[str]
NAMES = ("Ana", "Ben")
# A game without days or rounds: only the log's bound checkpoints it.
RULES = GAMES["ticket-to-ride"]
MOVES = play_random(RULES, RULES.new_game(NAMES), seed=6).events

JOURNAL = "journal.sqlite3"
FILES = (JOURNAL, f"{JOURNAL}-wal", f"{JOURNAL}-shm", f"{JOURNAL}.last-move")


@contextmanager
def writer(folder: Path, moves: int) -> Iterator[tuple[Journal, GameSession]]:  # type: ignore[type-arg]
    with Journal(folder / JOURNAL) as journal:
        session = GameSession.start(journal, RULES, NAMES)
        for event in MOVES[:moves]:
            session.submit(event)
        yield journal, session


def crash_copy(source: Path, target: Path, *names: str) -> Path:
    """The files as the disk holds them at a power cut (the writer still has them open)."""
    target.mkdir()
    for name in names:
        if (source / name).exists():
            shutil.copyfile(source / name, target / name)
    return target


def status(capsys: Capture, folder: Path) -> tuple[int, str]:
    code = main(["--lang", "en", "status", "--state-dir", str(folder)])
    return code, capsys.readouterr().err


def held(folder: Path) -> int:
    with Journal.open_read_only(folder / JOURNAL) as journal:
        plays = journal.plays()
        return journal.event_count(plays[-1].id) if plays else 0


def test_a_lost_log_is_said_at_start_and_by_status(tmp_path: Path, capsys: Capture) -> None:
    live = tmp_path / "live"
    with writer(live, 30) as (journal, session):
        journal.checkpoint()
        for event in MOVES[30:33]:
            session.submit(event)  # these three live in the log only
        copy = crash_copy(live, tmp_path / "copy", JOURNAL, f"{JOURNAL}.last-move")
    assert held(copy) == 30
    code, err = status(capsys, copy)
    assert code == 3
    assert err.count("\n") == 1 and "lost moves 31 to 33 of play 1" in err
    table = open_table(state_dir=copy, language="en")
    try:
        assert table.problem is not None and "lost moves 31 to 33" in str(table.problem)
        screen = table.loop.app.screen()
        assert screen.title == "Moves lost" and "Moves 31-33 lost" in screen.body
        assert table.app.session.event_count == 30  # it goes on from what is left
    finally:
        table.close()


@pytest.mark.parametrize("keep", [0.0, 0.3, 0.6, 0.95])
def test_a_cut_log_loses_nothing_silently(tmp_path: Path, capsys: Capture, keep: float) -> None:
    live = tmp_path / "live"
    with writer(live, 12) as (journal, session):
        journal.checkpoint()
        for event in MOVES[12:20]:
            session.submit(event)
        copy = crash_copy(live, tmp_path / "copy", *FILES)
    wal = copy / f"{JOURNAL}-wal"
    wal.write_bytes(wal.read_bytes()[:int(wal.stat().st_size * keep)])
    count = held(copy)
    code, err = status(capsys, copy)
    if count < 20:
        assert code == 3 and f"lost moves {count + 1} to 20" in err
    else:
        assert code == 0
    assert count >= 12  # the checkpointed part is in the main file


# A frame header, a page in the first frame, the second frame (a frame is 24 + 4096 bytes).
@pytest.mark.parametrize("offset", [40, 32 + 24 + 100, 5000])
def test_a_flipped_bit_in_the_log_is_reported(tmp_path: Path, capsys: Capture,
                                              offset: int) -> None:
    live = tmp_path / "live"
    with writer(live, 12) as (journal, session):
        journal.checkpoint()
        for event in MOVES[12:14]:  # the log starts again at its beginning with these
            session.submit(event)
        copy = crash_copy(live, tmp_path / "copy", *FILES)
    wal = copy / f"{JOURNAL}-wal"
    data = bytearray(wal.read_bytes())
    data[offset] ^= 0x10
    wal.write_bytes(bytes(data))
    (copy / f"{JOURNAL}-shm").unlink()  # as after a reboot: the log is read again
    code, err = status(capsys, copy)
    # The log's checksums drop the frame with the flip and every later one.
    assert code == 3 and "lost moves" in err
    assert held(copy) < 14


def test_a_journal_gone_with_moves_committed_is_reported(tmp_path: Path,
                                                         capsys: Capture) -> None:
    live = tmp_path / "live"
    with writer(live, 5):
        copy = crash_copy(live, tmp_path / "copy", f"{JOURNAL}.last-move")
    code, err = status(capsys, copy)
    assert code == 3 and "lost a whole play (5 moves committed)" in err


def damage_a_page(path: Path) -> None:
    """Garble the header of the database's second page (a table's b-tree page)."""
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page:page + 12] = b"\xff" * 12
    path.write_bytes(bytes(data))


def test_a_damaged_file_is_found_set_aside_and_salvaged(tmp_path: Path,
                                                        capsys: Capture) -> None:
    folder = tmp_path / "state"
    with writer(folder, 20):
        pass
    damage_a_page(folder / JOURNAL)
    with pytest.raises(JournalDamaged), Journal(folder / JOURNAL) as journal:
        journal.check()
    code, err = status(capsys, folder)
    assert code == 3 and "is damaged" in err
    table = open_table(state_dir=folder, language="fr")
    try:
        assert table.loop.app.screen().title == "Journal abîmé"
        assert table.problem is not None
        aside = Path(str(table.problem.params["aside"]))
        assert aside.exists()  # kept, never deleted
    finally:
        table.close()
    # The new journal begins empty; the loss of the 20 moves stays visible.
    code, err = status(capsys, folder)
    assert code == 3 and "lost a whole play (20 moves committed)" in err
    assert main(["--lang", "en", "journal", "recover", "--from", str(aside),
                 "--state-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Salvaged ")
    assert aside.exists()
    with Journal.open_read_only(folder / JOURNAL) as salvaged:
        for play in salvaged.plays():  # what was readable, in order, nothing invented
            events = salvaged.events(play.id)
            assert events == [event.to_json() for event in MOVES[:len(events)]]


def test_the_main_file_alone_holds_the_game_after_each_day_and_at_the_end(
        tmp_path: Path) -> None:
    live = tmp_path / "live"
    with Journal(live / JOURNAL) as journal:
        session = GameSession.start(journal, FREIGHT_TRAIN, NAMES)
        days_ended = 0
        for event in play_random(FREIGHT_TRAIN, FREIGHT_TRAIN.new_game(NAMES), seed=6).events:
            stage = session.state.day, session.state.round
            session.submit(event)
            if (session.state.day, session.state.round) != stage or session.finished:
                days_ended += 1
                copy = crash_copy(live, tmp_path / f"day-{days_ended}", JOURNAL)
                assert held(copy) == session.event_count
        assert session.finished and days_ended >= 3


def test_the_log_stays_within_its_bound(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    with writer(folder, 0) as (journal, session):
        wal = folder / f"{JOURNAL}-wal"
        largest = 0
        for event in MOVES:
            session.submit(event)
            largest = max(largest, wal.stat().st_size)
    # A commit may add a few pages past the bound before the checkpoint that follows it.
    page = 4096
    assert 0 < largest <= 32 + (CHECKPOINT_PAGES + 16) * (24 + page)


def test_an_undo_lowers_the_count_so_no_loss_is_claimed(tmp_path: Path,
                                                        capsys: Capture) -> None:
    folder = tmp_path / "state"
    with writer(folder, 10) as (journal, session):
        session.undo()
        session.undo()
        assert journal.losses() is None
        assert journal.committed_progress() == (session.play.uuid, 8)
    code, _ = status(capsys, folder)
    assert code == 0


def test_a_clean_start_finds_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    with writer(folder, 10):
        pass
    opened = open_checked(folder)
    try:
        assert opened.problem is None and opened.loss is None
        assert opened.journal.damage() is None
    finally:
        opened.journal.close()


def test_a_flipped_bit_in_a_move_of_the_main_file_is_found(tmp_path: Path,
                                                           capsys: Capture) -> None:
    folder = tmp_path / "state"
    with writer(folder, 20) as (journal, session):
        records = journal.records(session.play.id)
    data = bytearray((folder / JOURNAL).read_bytes())
    texts = [json.dumps(r.event, ensure_ascii=False, separators=(",", ":")).encode()
             for r in records]
    # A move whose text is stored once (some moves are alike), past the first few.
    seq, text = next((r.seq, t) for r, t in zip(records, texts)
                     if r.seq > 5 and data.count(t) == 1)
    where = data.find(text)
    data[where + len(text) // 2] ^= 0x01  # still text, maybe still JSON: SQLite sees nothing
    (folder / JOURNAL).write_bytes(bytes(data))
    with Journal.open_read_only(folder / JOURNAL) as journal:
        assert journal.damage() == f"play 1 move {seq} does not match its checksum"
    code, err = status(capsys, folder)
    assert code == 3 and f"move {seq} does not match its checksum" in err
    assert main(["--lang", "en", "journal", "recover", "--state-dir", str(folder)]) == 0
    # Up to the altered move, none after it; the moves it could not keep stay reported.
    assert f"Salvaged {seq - 1} moves of 1 play" in capsys.readouterr().out
    code, err = status(capsys, folder)
    assert code == 3 and f"lost moves {seq} to 20 of play 1" in err


def test_an_unreadable_move_count_is_said_and_the_journal_kept(tmp_path: Path,
                                                               capsys: Capture) -> None:
    folder = tmp_path / "state"
    with writer(folder, 5):
        pass
    (folder / f"{JOURNAL}.last-move").write_bytes(b"\x00\xff garbage")
    code, err = status(capsys, folder)
    assert code == 3 and "whether moves were lost cannot be told" in err
    table = open_table(state_dir=folder, language="en")
    try:
        assert table.loop.app.screen().title == "Journal unchecked"
        assert table.app.session.event_count == 5  # the same journal, resumed
        table.app.session.submit(MOVES[5])
    finally:
        table.close()
    assert status(capsys, folder)[0] == 0  # the next move wrote the count again


def test_a_reader_beside_a_playing_companion_claims_no_loss(tmp_path: Path) -> None:
    """The count is read before the copy: moves committed after the copy are not 'lost'."""
    folder = tmp_path / "state"
    with writer(folder, 10) as (_, session):
        with Journal.open_read_only(folder / JOURNAL) as reader:
            session.submit(MOVES[10])  # committed, and counted, after the copy was made
            session.submit(MOVES[11])
            assert reader.event_count(session.play.id) == 10
            assert reader.losses() is None
        with Journal.open_read_only(folder / JOURNAL) as later:
            assert later.event_count(session.play.id) == 12 and later.losses() is None


def test_a_flip_that_spoils_a_text_is_damage_not_a_crash(tmp_path: Path, capsys: Capture) -> None:
    folder = tmp_path / "state"
    with writer(folder, 20):
        pass
    data = bytearray((folder / JOURNAL).read_bytes())
    where = data.find(b'"options":')  # in the play's setup
    assert where > 0
    data[where + 3] = 0xFF  # no longer UTF-8: SQLite returns it, Python cannot decode it
    (folder / JOURNAL).write_bytes(bytes(data))
    code, err = status(capsys, folder)
    assert code == 3 and "damaged" in err and err.count("\n") == 1
    table = open_table(state_dir=folder, language="en")
    try:
        assert table.loop.app.screen().title == "Journal damaged"
    finally:
        table.close()
