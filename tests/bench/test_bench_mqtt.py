"""The MQTT benchmark runs end to end against a real Mosquitto; no timing is asserted, only
what the figures say of what was sent."""

from __future__ import annotations

from bench import bench_mqtt, run
from tests.companion.mosquitto import needs_mosquitto


@needs_mosquitto
def test_the_mqtt_figures_come_with_their_alternatives() -> None:
    figures = bench_mqtt.measure(moves=bench_mqtt.OUTAGE_MINUTES * 60
                                 // bench_mqtt.SECONDS_PER_MOVE)
    assert figures["messages_per_move"] == 1.0  # the live view, one per move
    assert 0 < figures["bytes_per_move"] < figures["whole_play_bytes_per_move"]
    # The outage's live views were coalesced: the play's start and the latest view wait.
    assert figures["outage_items"] == 2
    assert figures["outage_bytes"] < figures["live_bytes_outage"]
    for key in ("submit_ms", "submit_plain_ms", "move_to_board_ms", "drain_after_start_ms"):
        assert figures[key] > 0, key
    assert callable(run.section_mqtt)
