"""The idle panel dims, then goes dark, and any input wakes it; a dark panel's waking input does
not act. The loop's clock is driven by hand: nothing here waits for minutes to pass."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.desktop.demo import DEMO_DRIVERS
from companion.screens.model import Style
from companion.table.build import Table, open_table
from companion.table.lobby import Lobby, Step
from companion.table.panel_rest import (
    DIM_CONTRAST,
    PANEL_DEFAULT_CONTRAST,
    READER_SLOWDOWN,
    PanelRest,
    Rest,
)
from drivers.events import ButtonHeld, ButtonPressed, ButtonReleased, TagPlaced, TagRemoved
from drivers.rfid.mfrc522_reader import Mfrc522Reader

from ..drivers.driver_helpers import wait_until
from .hands import Hands


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += minutes * 60


class Panel:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def set_contrast(self, level: int) -> None:
        self.calls.append(("contrast", level))

    def set_panel_on(self, on: bool) -> None:
        self.calls.append(("on", on))


def test_the_panel_dims_then_goes_dark_then_wakes() -> None:
    clock, panel = Clock(), Panel()
    rest = PanelRest(panel, clock, dim_after=120, off_after=600, contrast=0xA0)
    clock.advance(1.99)
    rest.tick()
    assert panel.calls == [] and rest.state is Rest.AWAKE
    clock.advance(0.01)
    rest.tick()
    rest.tick()  # told once
    assert panel.calls == [("contrast", DIM_CONTRAST)]
    clock.advance(9.99)
    rest.tick()
    assert rest.state is Rest.DIMMED
    clock.advance(0.01)
    rest.tick()
    assert panel.calls[-1] == ("on", False) and rest.state is Rest.DARK
    assert rest.swallows(ButtonPressed("ok"))
    assert panel.calls[-2:] == [("contrast", 0xA0), ("on", True)]
    # The rest of that gesture is swallowed too: its long press and its release.
    assert rest.swallows(ButtonHeld("ok"))
    assert rest.swallows(ButtonReleased("ok", held=True))
    assert not rest.swallows(ButtonPressed("ok"))


def test_a_dimmed_panel_is_readable_so_its_input_acts() -> None:
    clock, panel = Clock(), Panel()
    rest = PanelRest(panel, clock, dim_after=120, off_after=600, contrast=0xA0)
    clock.advance(3)
    rest.tick()
    assert not rest.swallows(TagPlaced("reader", "DEADBEEF"))
    assert panel.calls == [("contrast", DIM_CONTRAST), ("contrast", 0xA0)]
    assert rest.state is Rest.AWAKE


def test_zero_minutes_means_never_and_removals_are_not_input() -> None:
    clock, panel = Clock(), Panel()
    never = PanelRest(panel, clock, dim_after=0, off_after=0)
    clock.advance(24 * 60)
    never.tick()
    assert panel.calls == []
    dark_only = PanelRest(panel, clock, dim_after=0, off_after=600)
    clock.advance(9)
    assert not dark_only.swallows(TagRemoved("reader", "DEADBEEF"))
    clock.advance(1)
    dark_only.tick()
    assert panel.calls == [("on", False)]  # never dimmed, dark after 10 idle minutes


@pytest.fixture
def lobby_table(tmp_path: Path) -> Iterator[tuple[Table, Clock]]:
    clock = Clock()
    table = open_table(state_dir=tmp_path, language="en", driver_config=DEMO_DRIVERS,
                       clock=clock, rest_minutes=(2, 10))
    try:
        yield table, clock
    finally:
        table.close()


def lobby(table: Table) -> Lobby:
    assert isinstance(table.loop.app, Lobby)
    return table.loop.app


def rest_for(table: Table, clock: Clock, minutes: float) -> None:
    clock.advance(minutes)
    table.loop.tick()


def test_the_table_dims_and_darkens_its_simulated_panel(lobby_table: tuple[Table, Clock]
                                                        ) -> None:
    table, clock = lobby_table
    panel = table.drivers.sim.display
    assert panel is not None
    hands = Hands(table)
    hands.press("down")
    assert lobby(table).choice == 1
    rest_for(table, clock, 2)
    assert (panel.contrast, panel.lit) == (DIM_CONTRAST, True)
    hands.press("down")  # dimmed: readable, so the press acts
    assert lobby(table).choice == 2
    assert (panel.contrast, panel.lit) == (PANEL_DEFAULT_CONTRAST, True)
    rest_for(table, clock, 2)
    rest_for(table, clock, 10)
    assert panel.lit is False
    frames = panel.frames_sent
    hands.press("down")  # dark: it only wakes the panel
    assert panel.lit and panel.contrast == PANEL_DEFAULT_CONTRAST
    assert lobby(table).choice == 2 and panel.frames_sent == frames
    hands.press("down")
    assert lobby(table).choice == 3


def test_a_dark_panel_swallows_a_whole_back_gesture(lobby_table: tuple[Table, Clock]) -> None:
    table, clock = lobby_table
    hands = Hands(table)
    hands.press("ok")
    assert lobby(table).step is Step.COUNT
    rest_for(table, clock, 12)
    hands.press("back")  # back acts on release: the release must not act either
    assert lobby(table).step is Step.COUNT
    rest_for(table, clock, 12)
    hands.hold_back()
    assert lobby(table).step is Step.COUNT
    hands.press("back")
    assert lobby(table).step is Step.GAME


def test_a_tag_laid_on_a_dark_reader_counts_once_laid_again(lobby_table: tuple[Table, Clock]
                                                            ) -> None:
    table, clock = lobby_table
    hands = Hands(table)
    rest_for(table, clock, 12)
    hands.tap("F1A70000")
    assert lobby(table).screen().style is Style.PROMPT  # woken, nothing else
    hands.tap("F1A70000")  # lifted and laid again: read (the lobby says when to tap)
    assert lobby(table).screen().style is Style.REFUSAL


def test_the_running_loop_rests_the_panel_by_itself(lobby_table: tuple[Table, Clock]) -> None:
    import threading

    table, clock = lobby_table
    rest = table.loop.rest
    assert rest is not None
    dark = threading.Event()
    panel = rest.panel

    class Watched:
        def set_contrast(self, level: int) -> None:
            panel.set_contrast(level)

        def set_panel_on(self, on: bool) -> None:
            panel.set_panel_on(on)
            if not on:
                dark.set()

    rest.panel = Watched()
    clock.advance(12)
    stop = threading.Event()
    running = threading.Thread(target=table.loop.run, args=(table.events, stop))
    running.start()
    dark.wait()  # the loop's own pass, however long a busy machine takes to come to it
    stop.set()
    running.join()
    assert table.drivers.sim.display is not None and not table.drivers.sim.display.lit


# -- the reader rests with the panel ----------------------------------------------------------


def test_each_change_of_rest_is_told_and_the_next_one_is_known() -> None:
    clock, panel = Clock(), Panel()
    told: list[Rest] = []
    rest = PanelRest(panel, clock, dim_after=120, off_after=600, on_change=told.append)
    assert rest.next_change_at() == clock.now + 120
    clock.advance(2)
    rest.tick()
    assert told == [Rest.DIMMED] and rest.next_change_at() == clock.now + 600
    assert not rest.swallows(ButtonPressed("ok"))  # dimmed: acts, and wakes the reader too
    assert told == [Rest.DIMMED, Rest.AWAKE]
    assert not rest.swallows(ButtonPressed("ok"))  # awake already: nothing to tell
    clock.advance(12)
    rest.tick()  # dimming and darkening both due: straight to dark
    assert told[2:] == [Rest.DARK] and rest.next_change_at() is None
    rest.swallows(TagPlaced("reader", "DEADBEEF"))
    assert told[3:] == [Rest.AWAKE]


def test_the_reader_slows_down_as_the_panel_rests() -> None:
    assert READER_SLOWDOWN[Rest.AWAKE] == 1
    assert 1 < READER_SLOWDOWN[Rest.DIMMED] < READER_SLOWDOWN[Rest.DARK]


def test_never_resting_never_slows_the_reader(tmp_path: Path) -> None:
    clock = Clock()
    table = open_table(state_dir=tmp_path, language="en", driver_config=DEMO_DRIVERS,
                       clock=clock, rest_minutes=(0, 0))
    try:
        reader = table.drivers.reader
        assert isinstance(reader, Mfrc522Reader)
        assert table.loop.rest is not None and table.loop.rest.next_change_at() is None
        told: list[float] = []
        reader.rest = told.append  # type: ignore[method-assign]
        rest_for(table, clock, 24 * 60)
        assert told == [] and reader.interval == reader.poll_interval
    finally:
        table.close()


def test_the_reader_rests_with_the_panel_and_reads_a_tag_laid_meanwhile(
        lobby_table: tuple[Table, Clock]) -> None:
    table, clock = lobby_table
    reader = table.drivers.reader
    assert isinstance(reader, Mfrc522Reader)
    awake = reader.poll_interval
    hands = Hands(table)
    rest_for(table, clock, 2)
    wait_until(lambda: reader.interval == awake * READER_SLOWDOWN[Rest.DIMMED])
    hands.press("down")  # any input wakes both
    assert lobby(table).choice == 1
    wait_until(lambda: reader.interval == awake)
    rest_for(table, clock, 2)
    rest_for(table, clock, 10)
    wait_until(lambda: reader.interval == awake * READER_SLOWDOWN[Rest.DARK])
    hands.tap("F1A70000")  # read by the resting reader; it only wakes the dark panel
    assert table.loop.rest is not None and table.loop.rest.state is Rest.AWAKE
    wait_until(lambda: reader.interval == awake)
