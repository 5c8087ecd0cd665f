"""Opening a table: a start that fails part way closes what it had opened, the caller's lock
included, so the next start finds the folder free."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.state.folder import take_folder
from companion.table.build import SIMULATED, open_table
from drivers.errors import DriverConfigError

#: A panel the screens have no layout for: refused once the journal and registry are open.
TALL_PANEL = {**SIMULATED, "display": {"kind": "sim", "height": 48}}


def test_a_start_refused_after_the_journal_opened_leaves_the_folder_free(tmp_path: Path) -> None:
    with pytest.raises(DriverConfigError, match="128x64"):
        open_table(state_dir=tmp_path, language="en", game="freight-train",
                   players=("Ana", "Ben"), driver_config=TALL_PANEL)
    take_folder(tmp_path).release()  # no lock left behind
    table = open_table(state_dir=tmp_path, language="en", game="freight-train",
                       players=("Ana", "Ben"))
    try:
        assert table.game == "freight-train"  # the journal and registry opened again
    finally:
        table.close()


def test_the_callers_lock_is_released_when_the_table_cannot_open(tmp_path: Path) -> None:
    for refused, error in (({"game": "chess"}, ValueError),
                           ({"driver_config": TALL_PANEL}, DriverConfigError)):
        owner = take_folder(tmp_path, "companion run")
        with pytest.raises(error):
            open_table(state_dir=tmp_path, language="en", players=("Ana", "Ben"), owner=owner,
                       **refused)
        take_folder(tmp_path).release()
