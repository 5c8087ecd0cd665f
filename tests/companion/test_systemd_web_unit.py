"""The scoreboard's systemd unit: its own sandbox, network allowed, the state folder only read."""

from __future__ import annotations

from pathlib import Path

from .test_systemd_unit import SYSTEMD, parse_unit, runnable_copy, security, verify

UNIT = SYSTEMD / "companion-web.service"
TABLE_UNIT = SYSTEMD / "companion.service"
MAX_EXPOSURE = 2.5


def service(path: Path) -> dict[str, list[str]]:
    return parse_unit(path.read_text(encoding="utf-8"))["Service"]


def test_runs_the_scoreboard_reading_the_tables_state_folder() -> None:
    web = service(UNIT)
    assert web["ExecStart"] == [
        "/opt/companion/venv/bin/companion web --state-dir /var/lib/companion --port 8080"]
    assert web["User"] == ["companion"]
    assert web["ReadOnlyPaths"] == ["/var/lib/companion"]
    assert web["ProtectSystem"] == ["strict"]
    # The table's unit owns the state folder; this one must not create or chown it.
    assert "StateDirectory" not in web and "ReadWritePaths" not in web


def test_the_network_is_the_scoreboards_only() -> None:
    web = service(UNIT)
    assert set(web["RestrictAddressFamilies"][0].split()) == {"AF_INET", "AF_INET6", "AF_UNIX"}
    assert "PrivateNetwork" not in web
    assert web["IPAddressDeny"] == ["any"] and web["IPAddressAllow"]
    table = service(TABLE_UNIT)
    assert table["PrivateNetwork"] == ["yes"]
    assert table["RestrictAddressFamilies"] == ["AF_UNIX"]


def test_exposure_score_is_2_5_or_better() -> None:
    level, result = security(UNIT)
    assert level is not None, result.stdout + result.stderr
    assert level <= MAX_EXPOSURE


def test_systemd_accepts_every_setting(tmp_path: Path) -> None:
    result = verify(runnable_copy(UNIT, tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Unknown key" not in result.stderr and "Failed to parse" not in result.stderr


def test_a_room_of_phones_cannot_take_the_pi() -> None:
    web = service(UNIT)
    assert web["LimitNOFILE"] == ["1024"]
    assert web["MemoryMax"] == ["160M"] and web["MemoryHigh"] == ["128M"]
    # The server's default connections, with its reserve, fit the open files (see limits).
    from companion.web.limits import LIMITS

    assert LIMITS.fitted(int(web["LimitNOFILE"][0])) == LIMITS
