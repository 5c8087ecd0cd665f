"""One record per game: the table side of a game is its module in `companion.games`.

Two checks of that claim. The scan lists the companion's modules that spell a game id: outside
the records, the flows and two fixed places (see ALLOWED) none may, so a sixth game has no list
to join. The sixth game registers one record (and, on the engine's side, one engine entry)
and is chosen in the lobby of a real table, which starts it and journals its play. What this
does not prove: that writing the sixth game's flow is easy. The fake game borrows Freight
Train's rules and flow under another id.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import engine.registry
from companion.games import TABLE_GAMES
from companion.games.cards import Card, card_kinds, check_card, copies
from companion.games.names import card_name
from companion.games.record import TableGame, imported
from companion.publish.export import game_info
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE
from companion.table.build import open_table
from drivers.events import ButtonPressed
from engine.registry import CATALOGUE, GAMES, GameEntry

ROOT = Path(__file__).parents[2]
GAME_IDS = frozenset(game.id for game in CATALOGUE)

#: Modules outside the records and flows that may spell a game id, and why.
ALLOWED = {
    # The game a new table starts with when the configuration names none.
    "companion/config.py",
    # Plays journalled before layout 2 keep the readings they were played with: history,
    # which a new game never joins.
    "companion/state/layout.py",
}


def ids_spelled(path: Path) -> set[str]:
    """The game ids written as string constants in a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in GAME_IDS and id(node) not in docstrings}


def test_every_engine_game_has_one_record_with_the_engines_id_and_title() -> None:
    assert set(TABLE_GAMES) == GAME_IDS
    for game, record in TABLE_GAMES.items():
        assert record.id == game == record.rules.id
        assert record.title == engine.registry.entry(game).name


def test_only_the_records_and_the_flows_spell_a_game_id() -> None:
    spelling = set()
    for folder in ("companion", "drivers"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(("companion/games/", "companion/flows/")):
                continue
            if ids_spelled(path):
                spelling.add(relative)
    assert spelling == ALLOWED


def test_each_game_package_spells_only_its_own_id() -> None:
    for game, record in TABLE_GAMES.items():
        package = ROOT / "companion" / "games" / game.replace("-", "_")
        for module in sorted(package.glob("*.py")):
            assert ids_spelled(module) <= {record.id}, module


def test_each_record_names_its_flow_and_its_automated_player() -> None:
    for game, record in TABLE_GAMES.items():
        package = f"companion.games.{game.replace('-', '_')}"
        assert record.flow.startswith(f"{package}.flow:")
        autopilot = imported(record.autopilot)
        assert autopilot.__name__ == f"{package}.autopilot"
        assert callable(autopilot.enter) and isinstance(autopilot.ACKNOWLEDGED, frozenset)


def test_the_flows_take_their_game_from_the_records() -> None:
    for game, record in TABLE_GAMES.items():
        assert record.make_flow("en").game == game
        flows = ROOT / "companion" / "flows"
        assert all(ids_spelled(path) == set() for path in flows.glob("*.py")), game


SIXTH = "sixth-game"


@pytest.fixture
def sixth_game(monkeypatch: pytest.MonkeyPatch) -> TableGame:
    """A sixth game: one record at the table, one entry in the engine's registry."""
    record = TableGame(
        id=SIXTH,
        flow="companion.games.freight_train.flow:FreightTrainFlow",
        autopilot="companion.games.freight_train.autopilot",
        cards=lambda: {"wagon": ("coal", "tank")},
        copies={"wagon": 3},
        names={"wagon": {"coal": ("sixth-game/wagon", "Black gold")}},
        bgg_id=123456,
    )
    monkeypatch.setitem(TABLE_GAMES, SIXTH, record)
    rules = dataclasses.replace(GAMES["freight-train"], id=SIXTH)
    monkeypatch.setitem(engine.registry._ENTRIES, SIXTH,  # the engine's side of a new game
                        GameEntry(SIXTH, "Sixth Express", rules.players, "nowhere"))
    monkeypatch.setitem(GAMES._loaded, SIXTH, rules)
    return record


def test_a_sixth_game_is_known_to_the_cards_names_and_export_through_its_record(
        sixth_game: TableGame) -> None:
    assert card_kinds(SIXTH) == {"wagon": ("coal", "tank")}
    assert copies(SIXTH, "wagon") == 3
    assert check_card(Card(SIXTH, "wagon", "Tank")) == Card(SIXTH, "wagon", "tank")
    assert card_name(SIXTH, "wagon", "coal", "en") == "Black gold"
    assert game_info(SIXTH).name == "Sixth Express" and game_info(SIXTH).bgg_id == 123456


def test_a_sixth_game_is_chosen_in_the_lobby_and_its_play_journalled(
        sixth_game: TableGame, tmp_path: Path) -> None:
    table = open_table(state_dir=tmp_path, language="en", start_now=False)
    try:
        shown = table.loop.app.screen()
        assert shown.menu is not None and "Sixth Express" in shown.menu.items
        # The menu lists the games by id; walk down to the sixth and take the defaults.
        for _ in range(shown.menu.items.index("Sixth Express")):
            table.loop.step(ButtonPressed("down"))
        table.loop.step(ButtonPressed("ok"))
        assert table.loop.app.screen().top == "Sixth Express"
        for _ in range(1 + 2):  # the count, then each default name
            table.loop.step(ButtonPressed("ok"))
        table.loop.step(ButtonPressed("ok"))  # start
        assert table.game == SIXTH
    finally:
        table.close()
    with Journal(tmp_path / JOURNAL_FILE) as journal:
        unfinished = journal.unfinished()
        assert unfinished is not None and unfinished.game == SIXTH


def test_each_game_declares_what_it_shows_and_how_its_moves_read() -> None:
    for game, record in TABLE_GAMES.items():
        assert record.package == f"companion.games.{game.replace('-', '_')}"
        declared = record.part("public", "shown")
        assert declared is not None and declared().categories, game
        assert callable(record.part("move_words", "page_words")), game
        # A part the game does not have is none, not an error.
        assert record.part("no_such_module", "shown") is None
        assert record.part("public", "no_such_name") is None
