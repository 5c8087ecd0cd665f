"""`companion doctor` checks the I2C clock an I2C display runs at, from the device tree (the
running value) and the firmware's config.txt (the next boot's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.doctor import OK, SKIPPED, WARNING, Check, diagnose
from drivers.i2c_speed import configured_speed, i2c_speed

I2C_DISPLAY = ('[reader]\nkind = "sim"\n[buttons]\nkind = "sim"\n'
               '[display]\nkind = "ssd1306"\ninterface = "i2c"\nport = 1\n')
#: Where the aliases point on a Pi 4 and on a Pi 5 (whose I2C sits behind the RP1 chip).
PI_4_NODE = "/soc/i2c@7e804000"
PI_5_NODE = "/axi/pcie@120000/rp1/i2c@74000"


def a_pi(root: Path, hz: int | None, node: str = PI_4_NODE, config_txt: str | None = None,
         tree: str = "proc/device-tree") -> Path:
    """A folder standing for / with a device tree whose i2c1 runs at `hz`."""
    aliases = root / tree / "aliases"
    aliases.mkdir(parents=True)
    (aliases / "i2c1").write_bytes(node.encode() + b"\0")
    if hz is not None:
        (root / tree / node.lstrip("/")).mkdir(parents=True)
        (root / tree / node.lstrip("/") / "clock-frequency").write_bytes(hz.to_bytes(4, "big"))
    if config_txt is not None:
        (root / "boot" / "firmware").mkdir(parents=True)
        (root / "boot" / "firmware" / "config.txt").write_text(config_txt)
    return root


def speed_check(tmp_path: Path, system: Path, config: str = I2C_DISPLAY) -> Check | None:
    path = tmp_path / "config.toml"
    path.write_text(config)
    dev = tmp_path / "dev"
    dev.mkdir(exist_ok=True)
    checks = diagnose(path, tmp_path / "state", "en", dev=dev, running=lambda: [],
                      system=system)
    return next((check for check in checks if check.name == "I2C speed"), None)


@pytest.mark.parametrize("node", [PI_4_NODE, PI_5_NODE])
def test_400_khz_in_the_device_tree_is_fine(tmp_path: Path, node: str) -> None:
    check = speed_check(tmp_path, a_pi(tmp_path / "root", 400_000, node))
    assert check == Check(OK, "I2C speed", "400 kHz")


def test_a_slow_bus_says_which_line_to_add_and_where(tmp_path: Path) -> None:
    root = a_pi(tmp_path / "root", 100_000, config_txt="dtparam=i2c_arm=on\n")
    check = speed_check(tmp_path, root)
    assert check is not None and check.status == WARNING
    assert check.finding == "100 kHz: each frame takes 4 times as long as at 400 kHz"
    assert check.advice == (f"add dtparam=i2c_arm_baudrate=400000 to {root}/boot/firmware/"
                            "config.txt (sudo systemd/install.sh does), then reboot")


def test_a_speed_set_but_not_yet_in_effect_asks_for_a_reboot(tmp_path: Path) -> None:
    root = a_pi(tmp_path / "root", 100_000,
                config_txt="dtparam=i2c_arm=on\n[all]\ndtparam=i2c_arm_baudrate=400000\n")
    check = speed_check(tmp_path, root)
    assert check is not None and check.status == WARNING and check.advice.endswith("reboot")
    assert "asks for 400 kHz from the next start" in check.advice


def test_without_a_device_tree_the_boot_config_is_read(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "boot").mkdir(parents=True)
    (root / "boot" / "config.txt").write_text("dtparam=i2c_arm=on,i2c_arm_baudrate=400000\n")
    check = speed_check(tmp_path, root)
    assert check is not None and check.status == OK and check.finding.startswith("400 kHz in ")
    (root / "boot" / "config.txt").write_text("dtparam=i2c_arm=on\n")
    check = speed_check(tmp_path, root)
    assert check is not None and check.status == WARNING
    assert "does not ask for 400 kHz" in check.finding


def test_the_module_parameter_is_read_where_there_is_no_clock_in_the_tree(
        tmp_path: Path) -> None:
    root = a_pi(tmp_path / "root", None)
    parameters = root / "sys" / "module" / "i2c_bcm2835" / "parameters"
    parameters.mkdir(parents=True)
    (parameters / "baudrate").write_text("400000\n")
    assert i2c_speed(1, root).running_hz == 400_000


def test_the_sysfs_device_tree_serves_too(tmp_path: Path) -> None:
    root = a_pi(tmp_path / "root", 400_000, tree="sys/firmware/devicetree/base")
    assert i2c_speed(1, root).running_hz == 400_000


def test_not_a_pi_cannot_tell_and_a_simulated_display_is_not_checked(tmp_path: Path) -> None:
    nothing = tmp_path / "nothing"
    nothing.mkdir()
    check = speed_check(tmp_path, nothing)
    assert check is not None and check.status == SKIPPED
    simulated = I2C_DISPLAY.replace('kind = "ssd1306"\ninterface = "i2c"\nport = 1\n',
                                    'kind = "sim"\n')
    assert speed_check(tmp_path, a_pi(tmp_path / "root", 100_000), simulated) is None


def test_the_last_setting_of_the_file_wins(tmp_path: Path) -> None:
    config_txt = tmp_path / "config.txt"
    config_txt.write_text("dtparam=i2c_arm_baudrate=100000\n[all]\n"
                          "dtparam=i2c_arm_baudrate=400000\n# dtparam=i2c_arm_baudrate=50000\n")
    assert configured_speed(config_txt) == 400_000
