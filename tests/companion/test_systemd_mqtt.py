"""The table's service reaches its MQTT broker and nothing else: the drop-in written from
`[mqtt]`, checked by systemd itself; install.sh writes it after the unit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.cli.service_network import DROP_IN, main

from .test_systemd_unit import MAX_EXPOSURE, UNIT, runnable_copy, security, verify

ROOT = Path(__file__).parents[2]


def config(tmp_path: Path, url: str = "mqtt://192.168.1.10:1883") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'[mqtt]\nurl = "{url}"\ntable = "hall"\n', encoding="utf-8")
    return path


def units_with_drop_in(tmp_path: Path, url: str = "mqtt://192.168.1.10:1883") -> Path:
    units = tmp_path / "units"
    assert main(["--config", str(config(tmp_path, url)), "--unit-dir", str(units)]) == 0
    runnable_copy(UNIT, units)
    return units


def test_the_drop_in_allows_the_brokers_address_alone(tmp_path: Path) -> None:
    units = units_with_drop_in(tmp_path)
    lines = (units / DROP_IN).read_text(encoding="utf-8").splitlines()
    settings = [line for line in lines if line and not line.startswith("#")]
    assert settings == ["[Service]", "PrivateNetwork=no",
                        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
                        "IPAddressDeny=any", "IPAddressAllow=192.168.1.10"]


def test_systemd_reads_the_unit_with_its_drop_in(tmp_path: Path) -> None:
    units = units_with_drop_in(tmp_path)
    environment = dict(os.environ, SYSTEMD_UNIT_PATH=f"{units}:")
    verified = verify(units / "companion.service", environment)
    assert verified.returncode == 0, verified.stderr
    level, checked = security(units / "companion.service", environment)
    # The drop-in was read: the service has the network now, limited to one address.
    assert "Service has access to the host's network" in checked.stdout
    assert "IP address allow list with non-localhost entries" in checked.stdout
    assert level is not None and level <= MAX_EXPOSURE


def test_a_broker_named_by_host_is_pinned_to_its_addresses_now(tmp_path: Path) -> None:
    units = units_with_drop_in(tmp_path, "mqtt://localhost:1883")
    text = (units / DROP_IN).read_text(encoding="utf-8")
    allowed = next(line for line in text.splitlines() if line.startswith("IPAddressAllow="))
    assert "127.0.0.1" in allowed.split("=")[1].split()
    assert "/etc/hosts" in text


def test_without_mqtt_the_drop_in_goes_and_so_does_the_network(tmp_path: Path) -> None:
    units = units_with_drop_in(tmp_path)
    plain = tmp_path / "plain.toml"
    plain.write_text("", encoding="utf-8")
    assert main(["--config", str(plain), "--unit-dir", str(units)]) == 0
    assert not (units / DROP_IN).exists()


def test_a_broker_that_cannot_be_resolved_is_said_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli.service_network", "--config",
         str(config(tmp_path, "mqtt://no-such-broker.invalid:1883"))],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no-such-broker.invalid" in done.stderr


def test_install_writes_the_drop_in_after_the_unit(tmp_path: Path) -> None:
    done = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run"],
                          capture_output=True, text=True, check=False,
                          env=dict(os.environ, COMPANION_PI_MODEL="Raspberry Pi 4 Model B"))
    assert done.returncode == 0, done.stderr
    steps = [line[2:] for line in done.stdout.splitlines() if line.startswith("+ ")]
    unit = next(i for i, step in enumerate(steps) if step.endswith("/companion.service"))
    network = next(i for i, step in enumerate(steps) if "companion.cli.service_network" in step)
    reload = steps.index("systemctl daemon-reload")
    assert unit < network < reload
    assert "--config /etc/companion/config.toml --unit-dir /etc/systemd/system" in steps[network]
