"""`companion backup`, `companion restore` and `companion journal recover`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.state.folder import take_folder
from companion.state.journal import Journal
from companion.table.session import GameSession
from engine.registry import GAMES
from engine.simulate import play_random

Capture = pytest.CaptureFixture[str]
RULES = GAMES["ticket-to-ride"]
NAMES = ("Ana", "Ben")
MOVES = play_random(RULES, RULES.new_game(NAMES), seed=2).events
JOURNAL = "journal.sqlite3"


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def moves_in(path: Path) -> list[object]:
    with Journal.open_read_only(path) as journal:
        return [journal.events(play.id) for play in journal.plays()]


def test_a_backup_while_the_companion_runs_has_every_move(tmp_path: Path,
                                                          capsys: Capture) -> None:
    folder = tmp_path / "state"
    owner = take_folder(folder, "companion run")
    with Journal(folder / JOURNAL) as journal:
        session = GameSession.start(journal, RULES, NAMES)
        for event in MOVES[:25]:
            session.submit(event)
        assert (folder / f"{JOURNAL}-wal").stat().st_size > 0  # some moves in the log only
        copy = tmp_path / "saved.sqlite3"
        code, out, err = run(capsys, "backup", str(copy), "--state-dir", str(folder))
        assert code == 0 and err == "" and "1 play copied" in out
    owner.release()
    assert not Path(f"{copy}-wal").exists()  # one self-contained file
    assert moves_in(copy) == [[event.to_json() for event in MOVES[:25]]]
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_restore_checks_the_copy_and_keeps_the_journal_it_replaces(tmp_path: Path,
                                                                   capsys: Capture) -> None:
    folder = tmp_path / "state"
    with Journal(folder / JOURNAL) as journal:
        session = GameSession.start(journal, RULES, NAMES)
        for event in MOVES[:10]:
            session.submit(event)
    saved = tmp_path / "saved.sqlite3"
    assert run(capsys, "backup", str(saved), "--state-dir", str(folder))[0] == 0
    with Journal(folder / JOURNAL) as journal:  # the game goes on after the backup
        play = journal.unfinished()
        assert play is not None
        later = GameSession.resume(journal, play)
        for event in MOVES[10:15]:
            later.submit(event)
    before = (folder / JOURNAL).read_bytes()

    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a journal" * 100)
    code, out, err = run(capsys, "restore", str(garbage), "--state-dir", str(folder))
    assert code == 2 and err.count("\n") == 1 and "damaged" in err
    assert (folder / JOURNAL).read_bytes() == before  # nothing changed
    code, _, err = run(capsys, "restore", str(tmp_path / "missing"), "--state-dir", str(folder))
    assert code == 2 and "is not a file" in err

    code, out, err = run(capsys, "restore", str(saved), "--state-dir", str(folder))
    assert code == 0, err
    assert "1 play restored" in out and "kept as" in out
    kept = [path for path in folder.iterdir() if ".replaced-" in path.name]
    assert len(kept) == 1 and moves_in(kept[0]) == [[e.to_json() for e in MOVES[:15]]]
    assert moves_in(folder / JOURNAL) == [[e.to_json() for e in MOVES[:10]]]
    # The players chose the older copy: no loss is claimed against it.
    assert run(capsys, "status", "--state-dir", str(folder))[0] == 0


def test_recover_salvages_every_readable_move_and_says_how_many(tmp_path: Path,
                                                                 capsys: Capture) -> None:
    folder = tmp_path / "state"
    with Journal(folder / JOURNAL) as journal:
        for count in (30, 12):
            session = GameSession.start(journal, RULES, NAMES)
            for event in MOVES[:count]:
                session.submit(event)
    code, out, err = run(capsys, "journal", "recover", "--state-dir", str(folder))
    assert code == 0, err
    assert "Salvaged 42 moves of 2 plays" in out
    assert moves_in(folder / JOURNAL) == [[e.to_json() for e in MOVES[:n]] for n in (30, 12)]
    assert any(".damaged-" in path.name for path in folder.iterdir())  # the old one, kept
    assert run(capsys, "status", "--state-dir", str(folder))[0] == 0


def test_bad_arguments_are_refused_in_one_line(tmp_path: Path, capsys: Capture) -> None:
    code, _, err = run(capsys, "backup", str(tmp_path / "x"), "--state-dir",
                       str(tmp_path / "empty"))
    assert code == 2 and err.count("\n") == 1 and "no journal" in err
    folder = tmp_path / "state"
    with Journal(folder / JOURNAL):
        pass
    code, _, err = run(capsys, "backup", str(tmp_path), "--state-dir", str(folder))
    assert code == 2 and "is a folder" in err
    code, _, err = run(capsys, "journal", "recover", "--from", str(tmp_path / "nothing"),
                       "--state-dir", str(folder))
    assert code == 2 and "no journal" in err


def test_a_backup_carries_the_tag_registry_and_a_restore_puts_it_back(
        tmp_path: Path, capsys: Capture) -> None:
    from companion.games.cards import Card
    from companion.state.tags import FILENAME as TAGS
    from companion.state.tags import TagRegistry

    folder = tmp_path / "state"
    with Journal(folder / JOURNAL) as journal:
        session = GameSession.start(journal, RULES, NAMES)
        for event in MOVES[:3]:
            session.submit(event)
    ana = Card("*", "player", "Ana")
    with TagRegistry.in_state_dir(folder) as registry:
        registry.enroll("04A31F2B", ana)
        registry.enroll("04A31F2C", Card("freight-train", "wagon", "coal"))
    saved = tmp_path / "saved.sqlite3"
    code, out, err = run(capsys, "backup", str(saved), "--state-dir", str(folder))
    assert code == 0 and err == ""
    assert out.splitlines() == [f"1 play copied to {saved}", "2 tags copied with it"]
    with TagRegistry.in_state_dir(folder) as registry:  # tags change after the backup
        registry.forget("04A31F2B")
        registry.enroll("0BADCAFE", Card("freight-train", "departure"))

    code, out, err = run(capsys, "restore", str(saved), "--state-dir", str(folder))
    assert code == 0, err
    assert "2 tags restored" in out.splitlines()
    with TagRegistry.read_only(folder) as registry:
        assert registry.all() == [("04A31F2B", ana),
                                  ("04A31F2C", Card("freight-train", "wagon", "coal"))]
    kept = [path for path in folder.iterdir() if path.name.startswith(f"{TAGS}.replaced-")]
    assert len(kept) == 1
    assert f"The tag registry it replaces is kept as {kept[0]}" in out.splitlines()
    with TagRegistry(kept[0]) as old:
        assert old.lookup("0BADCAFE") == Card("freight-train", "departure")
    # The restored journal is the journal alone, as before backups carried tags.
    with sqlite3.connect(folder / JOURNAL) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert "backup_tags" not in tables
    assert moves_in(folder / JOURNAL) == [[e.to_json() for e in MOVES[:3]]]
    assert not any(path.name.endswith(".restoring") for path in folder.iterdir())


def test_a_backup_without_tags_leaves_the_registry_as_it_is(tmp_path: Path,
                                                           capsys: Capture) -> None:
    from companion.games.cards import Card
    from companion.state.tags import TagRegistry

    folder = tmp_path / "state"
    with Journal(folder / JOURNAL) as journal:
        GameSession.start(journal, RULES, NAMES)
    saved = tmp_path / "old-backup.sqlite3"
    assert run(capsys, "backup", str(saved), "--state-dir", str(folder))[0] == 0
    with sqlite3.connect(saved) as db:  # as a backup made by an earlier version
        db.execute("DROP TABLE backup_tags")
    with TagRegistry.in_state_dir(folder) as registry:
        registry.enroll("04A31F2B", Card("*", "player", "Ana"))
    code, out, err = run(capsys, "restore", str(saved), "--state-dir", str(folder))
    assert code == 0, err
    assert "holds no tag registry" in out
    with TagRegistry.read_only(folder) as registry:
        assert len(registry) == 1


def test_a_restore_into_a_new_folder_keeps_nothing_aside(tmp_path: Path,
                                                         capsys: Capture) -> None:
    from companion.games.cards import Card
    from companion.state.tags import TagRegistry

    folder = tmp_path / "state"
    with Journal(folder / JOURNAL) as journal:
        session = GameSession.start(journal, RULES, NAMES)
        session.submit(MOVES[0])
    with TagRegistry.in_state_dir(folder) as registry:
        registry.enroll("04A31F2B", Card("*", "player", "Ana"))
    saved = tmp_path / "saved.sqlite3"
    assert run(capsys, "backup", str(saved), "--state-dir", str(folder))[0] == 0

    fresh = tmp_path / "new-box"
    code, out, err = run(capsys, "restore", str(saved), "--state-dir", str(fresh))
    assert code == 0, err
    assert out.splitlines() == [f"1 play restored from {saved}", "1 tag restored"]
    assert not [path for path in fresh.iterdir() if ".replaced-" in path.name]
