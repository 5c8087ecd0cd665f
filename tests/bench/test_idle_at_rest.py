"""The idle bench at rest waits for the reader's own line saying it rests, for each state of
the panel."""

from __future__ import annotations

import logging

import pytest

from bench.bench_gentle import REST_STATES, measure_idle_cpu, resting_line
from companion.table.panel_rest import READER_SLOWDOWN, Rest
from tests.drivers.driver_helpers import Events
from tests.drivers.test_mfrc522_reader import ManualReader


@pytest.mark.parametrize("state", ["dimmed", "dark"])
def test_the_reader_logs_the_resting_line_the_bench_waits_for(
    caplog: pytest.LogCaptureFixture, state: str,
) -> None:
    table = ManualReader(Events())
    table.poll()
    with caplog.at_level(logging.DEBUG, logger="drivers.rfid.mfrc522_reader"):
        table.reader.rest(READER_SLOWDOWN[Rest(state)])
        assert resting_line(state).decode() not in caplog.text  # taken at the next poll
        table.poll()
    assert resting_line(state).decode() in caplog.text
    other = "dark" if state == "dimmed" else "dimmed"
    assert resting_line(other).decode() not in caplog.text


def test_the_rest_states_are_the_panels() -> None:
    assert set(REST_STATES) == {state.value for state in Rest}
    with pytest.raises(ValueError, match="asleep"):
        measure_idle_cpu(0.1, rest="asleep")
