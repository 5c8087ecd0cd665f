"""The buzzer and LED at the table: the sound of each answer and the LED for the screens to
look at, recorded by the simulated feedback through the real loop, drivers and screens; off
unless configured."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli.doctor import OK, diagnose
from companion.config import ConfigError, parse_config
from companion.desktop.demo import DEMO_DRIVERS, demo_deck, enroll_deck
from companion.flows.inputs import Hold, Press, Tap
from companion.screens.model import Screen, Style
from companion.table.build import Table, open_table
from companion.table.feedback import ACCEPTED, REFUSED, TableFeedback, answer_sound
from drivers.config import FeedbackSettings, parse_settings
from drivers.errors import DriverConfigError
from drivers.sim.feedback import FeedbackRecorder

from .hands import Hands

ROOT = Path(__file__).parents[2]
FEEDBACK = {"kind": "sim", "buzzer": "passive", "buzzer_pin": 18, "led_pin": 16}
LED_ON, LED_OFF = ("led", True), ("led", False)
BEEP_ACCEPTED, BEEP_REFUSED = ("beep", ACCEPTED), ("beep", REFUSED)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    # The table's clock stands still: a notice or a refusal stays until the next input
    # replaces it, so what the LED shows does not hang on how fast this machine is.
    opened = open_table(state_dir=tmp_path, game="freight-train", players=("Ana", "Ben"),
                        language="en", driver_config={**DEMO_DRIVERS, "feedback": FEEDBACK},
                        clock=lambda: 1000.0)
    enroll_deck(opened.registry, "freight-train", demo_deck("freight-train"))
    try:
        yield opened
    finally:
        opened.close()


def recorder(table: Table) -> FeedbackRecorder:
    recorded = table.drivers.sim.feedback
    assert recorded is not None
    return recorded


def heard(table: Table) -> list[tuple[str, Any]]:
    """What the feedback was asked since last heard."""
    events = recorder(table).events
    recorder(table).clear()
    return events


def test_accepted_and_refused_taps_and_presses_are_heard(table: Table) -> None:
    hands = Hands(table)
    coal = hands.deck.uids[("wagon", "coal")]
    hands.tap(coal[0])                                   # during setup: out of phase
    assert hands.screen()[1] is Style.REFUSAL
    assert heard(table) == [BEEP_REFUSED, LED_ON]
    hands.press("ok")                                    # the deal goes on: the refusal goes
    assert heard(table) == [LED_OFF]
    hands.start_day()
    heard(table)
    hands.tap(coal[0])                                   # a wagon into the hand
    assert heard(table) == [BEEP_ACCEPTED]
    hands.press("down")                                  # a cursor moved: silent
    hands.press("up")
    assert heard(table) == []
    hands.press("ok")                                    # into its train: a move saved
    assert hands.screen() == ("Coal → train (1)", Style.NOTICE)
    assert heard(table) == [BEEP_ACCEPTED]
    hands.tap(coal[0])                                   # the same card again
    assert hands.screen() == ("Coal already counted", Style.REFUSAL)
    assert heard(table) == [BEEP_REFUSED, LED_ON]
    hands.tap(coal[0])                                   # and again: refused again, heard again
    assert heard(table) == [BEEP_REFUSED]
    hands.tap(coal[1])                                   # another wagon: taken
    assert heard(table) == [BEEP_ACCEPTED, LED_OFF]


def test_a_question_lights_the_led_until_it_is_answered(table: Table) -> None:
    hands = Hands(table)
    hands.start_day()
    heard(table)
    hands.tap("0BADCAFE")                                # an unknown tag: enrol it?
    assert hands.screen()[1] is Style.CONFIRM
    assert heard(table) == [BEEP_ACCEPTED, LED_ON]       # the tag was read; look at the screen
    hands.press("down")                                  # moving in the question's menu
    assert heard(table) == []                            # still lit, silent
    hands.press("back")                                  # not now
    assert hands.screen()[1] is Style.PROMPT
    assert heard(table) == [LED_OFF]
    coal = hands.deck.uids[("wagon", "coal")]
    hands.tap(coal[0])
    hands.press("ok")
    heard(table)
    hands.hold_back()                                    # undo the last move?
    assert heard(table) == [LED_ON]
    hands.press("ok")
    assert hands.screen() == ("Last move undone", Style.NOTICE)
    assert heard(table) == [BEEP_ACCEPTED, LED_OFF]


def test_closing_the_table_puts_the_led_out_and_silences_the_buzzer(tmp_path: Path) -> None:
    table = open_table(state_dir=tmp_path, game="freight-train", players=("Ana", "Ben"),
                       language="en", driver_config={**DEMO_DRIVERS, "feedback": FEEDBACK})
    enroll_deck(table.registry, "freight-train", demo_deck("freight-train"))
    hands = Hands(table)
    hands.tap_card("wagon", "coal")                      # refused in setup: the LED lit
    feedback = table.drivers.feedback
    factory: Any = getattr(feedback, "factory", None)
    assert factory is not None and factory.pin(16).state
    table.close()
    assert not factory.pin(16).state and factory.pin(18).state == 0


# -- off by default ------------------------------------------------------------------------------


def test_without_a_feedback_section_the_table_has_none(tmp_path: Path) -> None:
    assert parse_config("").feedback is None
    assert "feedback" not in parse_config("").driver_sections()
    table = open_table(state_dir=tmp_path, game="freight-train", players=("Ana", "Ben"),
                       language="en", driver_config=DEMO_DRIVERS)
    try:
        assert table.drivers.feedback is None and table.loop.feedback is None
        Hands(table).tap("0BADCAFE")                     # answered as before, without a sound
        assert table.app.screen().style is Style.CONFIRM
    finally:
        table.close()


_PROBE = """
import json, sys
from companion.cli.main import main
status = main(sys.argv[1:])
print("MODULES " + json.dumps(sorted(sys.modules)), flush=True)
"""


def modules_of_a_run(folder: Path, config: str) -> set[str]:
    """The modules `companion run` loaded, its standard input empty (it stops at once)."""
    (folder / "config.toml").write_text(config, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", _PROBE, "--lang", "en", "run", "--config",
                           str(folder / "config.toml"), "--state-dir", str(folder / "state"),
                           "--game", "freight-train", "--players", "Ana,Ben"],
                          capture_output=True, text=True, cwd=ROOT, check=True,
                          stdin=subprocess.DEVNULL,
                          env={"PYTHONPATH": str(ROOT), "COMPANION_LANG": "en"})
    line = next(line for line in done.stdout.splitlines() if line.startswith("MODULES "))
    modules = set(json.loads(line.removeprefix("MODULES ")))
    assert "companion.table.loop" in modules  # a table did run
    return modules


def test_a_run_without_feedback_opens_no_buzzer_or_led(tmp_path: Path) -> None:
    parts = {"drivers.feedback", "drivers.sim.feedback"}
    assert parts.isdisjoint(modules_of_a_run(tmp_path, '[companion]\nlanguage = "en"\n'))
    with_parts = modules_of_a_run(tmp_path, '[feedback]\nkind = "sim"\nled_pin = 16\n')
    assert parts <= with_parts  # the probe sees them when they are there


# -- the configuration ---------------------------------------------------------------------------


def test_the_feedback_section_is_passed_to_the_drivers() -> None:
    config = parse_config('[feedback]\nkind = "gpio"\nbuzzer = "passive"\nbuzzer_pin = 18\n'
                          'led_pin = 16\n')
    assert config.driver_sections()["feedback"] == {"kind": "gpio", "buzzer": "passive",
                                                    "buzzer_pin": 18, "led_pin": 16}
    assert not config.simulated  # real parts: the doctor leaves a running table's pins alone
    assert parse_config('[feedback]\nkind = "sim"\nled_pin = 16\n').simulated
    with pytest.raises(ConfigError, match="feedback"):
        parse_config('feedback = 3\n')


def toml_blocks(text: str) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", text, re.DOTALL)


def test_wiring_md_configures_the_parts_it_wires() -> None:
    blocks = toml_blocks((ROOT / "wiring.md").read_text(encoding="utf-8"))
    pi = next(block for block in blocks if 'kind = "mfrc522"' in block)
    real, simulated = [block for block in blocks if "[feedback]" in block]
    settings = parse_settings(parse_config(pi + real).driver_sections())
    assert settings.feedback == FeedbackSettings("gpio", "passive", 18, 16)
    config = parse_config(simulated)
    assert config.simulated and config.feedback is not None
    assert parse_settings(config.driver_sections()).feedback == FeedbackSettings(
        "sim", "passive", 18, 16)


def test_the_examples_feedback_lines_uncommented_fit_its_wiring() -> None:
    text = (ROOT / "examples" / "config.toml").read_text(encoding="utf-8")
    start = text.index("# [feedback]\n")
    block = text[start:].split("\n\n", 1)[0]
    uncommented = text.replace(block, block.replace("# ", ""))
    assert parse_config(text).feedback is None  # off as shipped
    settings = parse_settings(parse_config(uncommented).driver_sections())
    assert settings.feedback == FeedbackSettings("gpio", "passive", 18, 16)


def test_a_bad_feedback_pin_stops_the_table_naming_the_key(tmp_path: Path) -> None:
    with pytest.raises(DriverConfigError) as raised:
        open_table(state_dir=tmp_path, language="en",
                   driver_config={**DEMO_DRIVERS, "feedback": {"kind": "sim", "led_pin": 13}})
    assert raised.value.key == "feedback.led_pin"
    assert "already used by the 'ok' button" in raised.value.message


def test_the_doctor_reports_the_feedback_only_when_configured(tmp_path: Path) -> None:
    plain = tmp_path / "plain.toml"
    plain.write_text('[companion]\nlanguage = "en"\n', encoding="utf-8")
    names = [check.name for check in diagnose(plain, tmp_path / "state", "en")]
    assert "buzzer and LED" not in names and "buttons" in names
    with_parts = tmp_path / "feedback.toml"
    with_parts.write_text('[feedback]\nkind = "sim"\nbuzzer = "passive"\nbuzzer_pin = 18\n'
                          'led_pin = 16\n', encoding="utf-8")
    checks = {check.name: check for check in diagnose(with_parts, tmp_path / "state", "en")}
    found = checks["buzzer and LED"]
    assert found.status == OK and "beeped once with the LED lit" in found.finding
    french = {check.name: check for check in diagnose(with_parts, tmp_path / "state", "fr")}
    assert "buzzer et LED" in french
    bad = tmp_path / "bad.toml"
    bad.write_text('[feedback]\nkind = "gpio"\nled_pin = 19\n', encoding="utf-8")
    (problem, *_rest) = diagnose(bad, tmp_path / "state", "en")
    assert problem.name == "configuration" and problem.status != OK
    assert "feedback.led_pin" in problem.finding and "'back' button" in problem.finding


# -- which answer sounds which -------------------------------------------------------------------

PROMPT = Screen(title="Tap 3 wagons")
NOTICE = Screen(title="Coal → train (1)", style=Style.NOTICE)
REFUSAL = Screen(title="Coal already counted", style=Style.REFUSAL)
QUESTION = Screen(title="Undo?", style=Style.CONFIRM)


@pytest.mark.parametrize(("inputs", "before", "after", "flashed", "sound"), [
    ([Tap("A")], PROMPT, REFUSAL, True, REFUSED),
    ([Tap("A")], REFUSAL, REFUSAL, True, REFUSED),      # the same refusal again, flashed anew
    ([Tap("A")], REFUSAL, REFUSAL, False, None),        # a refusal still up: not this tap's
    ([Tap("A")], PROMPT, Screen(title="Coal"), False, ACCEPTED),
    ([Tap("A")], PROMPT, QUESTION, False, ACCEPTED),    # read, and asked about
    ([Tap("A")], QUESTION, QUESTION, False, None),      # a tap the question ignores
    ([Press("ok")], PROMPT, NOTICE, True, ACCEPTED),
    ([Press("down")], PROMPT, Screen(title="Tap 3 wagons", body=("x",)), False, None),
    ([Press("back")], QUESTION, PROMPT, False, None),
    ([Hold("back")], PROMPT, QUESTION, False, None),
    ([Press("up")], PROMPT, REFUSAL, True, REFUSED),
    ([Press("ok")], NOTICE, NOTICE, False, None),       # a notice still up: not this press's
    ([], PROMPT, REFUSAL, True, None),                  # no input (a woken panel, a removal)
])
def test_the_sound_of_an_answer(inputs: list[Any], before: Screen, after: Screen,
                                flashed: bool, sound: str | None) -> None:
    assert answer_sound(inputs, before, after, flashed) == sound


class Listening:
    def __init__(self) -> None:
        self.asked: list[tuple[str, Any]] = []

    def sound(self, pattern: str) -> None:
        self.asked.append(("beep", pattern))

    def light(self, on: bool) -> None:
        self.asked.append(("led", on))

    def close(self) -> None:
        self.asked.append(("close", None))


class App:
    flash: object = None


def test_the_led_is_lit_for_each_screen_to_look_at_and_told_only_of_changes() -> None:
    device = Listening()
    feedback = TableFeedback(device)
    app = App()
    for screen in (PROMPT, NOTICE, QUESTION, REFUSAL, Screen(style=Style.ANNOUNCE), PROMPT,
                   PROMPT):
        feedback.showing(screen, app)
    assert device.asked == [LED_ON, LED_OFF]


def test_a_failed_input_is_not_sounded_by_the_next_frame() -> None:
    device = Listening()
    feedback = TableFeedback(device)
    app = App()
    feedback.expect([Tap("A")], PROMPT, app)
    feedback.forget()                                    # handling it failed
    app.flash = object()
    feedback.showing(REFUSAL, app)                       # the next frame, an expiry's
    assert device.asked == [LED_ON]
