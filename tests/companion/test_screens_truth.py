"""Screens that tell the whole truth: every tally line reachable, hints that say what the
buttons do, the player named, no word cut, and the figures of the game as it stands after
every input (a move's notice naming who made it), in whole games in English and French."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from companion.flows.automaton import physical_moves
from companion.flows.base import NOTHING
from companion.games.freight_train.flow import FreightTrainFlow
from companion.games.map_choices import map_option
from companion.games.whistle_stop.words import Words as WhistleStopWords
from companion.screens.model import Style
from companion.screens.render import cuts
from companion.table.app import TableApp
from engine.games.freight_train import RULES as FREIGHT_TRAIN
from engine.games.freight_train.state import DayTally
from engine.games.ticket_to_ride import map_from_toml
from engine.games.ticket_to_ride.library import SHIPPED, shipped_map
from engine.registry import GAMES

from .figures import untrue
from .tour import Step, tour

NAMES = ("Ana", "Ben", "Cléo")


def final_state(paid: tuple[dict[str, int], ...]):  # type: ignore[no-untyped-def]
    state = FREIGHT_TRAIN.replay(FREIGHT_TRAIN.new_game(NAMES),
                                 physical_moves(FREIGHT_TRAIN, NAMES, 1))
    assert FREIGHT_TRAIN.is_over(state)
    return dataclasses.replace(state, tallies=(*state.tallies[:-1], DayTally(3, paid)))


def test_every_line_of_a_tally_can_be_read_and_the_loss_comes_first() -> None:
    ana = {"coal": 3, "tank": 2, "box": 4, "flat": 1, "hopper": 2, "reefer": 3, "stock": 1,
           "mixed": 5, "start": 2, "yard": -16}
    state = final_state((ana, {"coal": 3}, {}))
    for language, loss in (("en", "Yard -16"), ("fr", "Zone de fret -16")):
        flow = FreightTrainFlow(language)
        pages = []
        for _ in range(20):
            screen = flow.screen(state)
            if pages and screen == pages[0]:
                break
            pages.append(screen)
            flow.on_button(state, "down")
        anas = [page for page in pages if page.title.startswith("Ana")]
        assert len(anas) > 1, "ten lines do not fit one page"
        assert loss in anas[0].body[0]  # what explains "Ana -1 = 27" leads its first page
        shown = " · ".join(line for page in anas for line in page.body)
        for category in ("Coal", "Tank", "Box", "Flat", "Hopper", "Reefer", "Stock") \
                if language == "en" else ("Citerne",):
            assert category in shown
        assert shown.count("+") == 9 and shown.count("-16") == 1
        more = flow.words.more()
        assert all(page.body[-1] == more for page in anas[:-1])
        assert more not in anas[-1].body
        # The progress marks count every page, so the last one is known to be the last.
        assert [page.progress for page in pages[:-1]] == [
            (number, len(pages)) for number in range(1, len(pages))]
        assert all(not cuts(page) for page in pages)


def test_a_short_tally_keeps_one_page_per_player() -> None:
    state = final_state(({"coal": 3, "yard": -2}, {"coal": 3}, {}))
    flow = FreightTrainFlow("en")
    screen = flow.screen(state)
    assert screen.body == ("Yard -2 · Coal +3",) and screen.progress == (1, 4)
    flow.on_button(state, "ok")
    assert flow.screen(state).title.startswith("Ben")


def hint_actions(hints: str) -> dict[str, str]:
    """What a hint line promises per input: "ok:menu  hold:undo" -> {ok: menu, hold: undo}."""
    promised = {}
    for part in hints.split():
        inputs, colon, action = part.partition(":")
        if colon:
            for name in inputs.split("/"):
                promised[name] = action
    return promised


def button_acts(app: TableApp, button: str) -> bool:
    """Whether a click of `button` does something on the flow's screen now (tried on a copy)."""
    flow = copy.deepcopy(app.flow)
    state = app.session.state
    before = flow.screen(state)
    reaction = flow.on_button(state, button)
    return reaction != NOTHING or flow.screen(state) != before


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_hints_say_what_a_click_does(game: str, language: str) -> None:
    false: set[tuple[str, str]] = set()

    def check(app: TableApp) -> None:
        if app.question is not None or app.flash is not None:
            return
        hints = app.flow.screen(app.session.state).hints
        promised = hint_actions(hints)
        for button in ("ok", "back", "up", "down"):
            if button in promised and not button_acts(app, button):
                false.add((hints, button))
        if "back:undo" in hints:  # undo is a hold, never a click
            false.add((hints, "back"))

    for _screen in tour(game, language, watch=check):
        pass
    assert not false, sorted(false)


#: The most players each game takes.
MOST_PLAYERS = {"freight-train": 5, "game-of-trains": 4, "off-the-rails": 4,
                "ticket-to-ride": 5, "whistle-stop": 5}


@pytest.mark.parametrize("most, seed", [(False, 1), (True, 2)])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_word_is_cut_in_a_whole_game(game: str, language: str, most: bool,
                                        seed: int) -> None:
    """Every screen of a whole game, as drawn: each line fits its font and width whole (a
    context line may drop its last " · " parts; a menu item may be shortened at a word end
    while another is highlighted, since highlighted it is shown whole)."""
    found: dict[tuple[str, str, str], int] = {}
    screens = 0
    players = MOST_PLAYERS[game] if most else 3
    for screen in tour(game, language, players=players, seed=seed):
        screens += 1
        for cut in cuts(screen):
            key = (cut.part, cut.text, cut.shown)
            found[key] = found.get(key, 0) + 1
    assert screens > 100
    assert not found, sorted(found)


def test_the_turn_screen_names_the_player_on_top_and_says_what_to_tap() -> None:
    expected = {"freight-train": "Tap 3 wagons", "game-of-trains": "Tap the wagon drawn",
                "ticket-to-ride": "Tap the cards taken", "whistle-stop": "Tap a share taken",
                "off-the-rails": ": draw a card"}
    for game, title in expected.items():
        turns = [screen for screen in tour(game, "en") if screen.title.endswith(title)]
        assert turns, game
        tops = {screen.top.split(" · ")[0] for screen in turns}
        assert tops == {"ANA", "BEN", "CLÉO"}, (game, tops)


def test_every_game_tally_pages_every_line() -> None:
    """Whistle Stop's and Ticket to Ride's counts go on over more pages instead of dropping
    what does not fit three lines."""
    score = {"fame": 112, "shares": 104, "upgrades": 37, "gold": 25, "resources": 18,
             "tokens": 9, "special_tiles": 12}
    for language in ("en", "fr"):
        words = WhistleStopWords(language)
        pages = words.breakdown_pages(score)
        assert len(pages) > 1 and all(page[-1] == words.more() for page in pages[:-1])
        shown = " ".join(line for page in pages for line in page)
        for amount in score.values():
            assert f" {amount}" in shown
        assert all(len(line) <= 21 for page in pages for line in page)


# --- What a screen says is what the game is -----------------------------------------------------


def untrue_screens(game: str, language: str, **given: Any) -> list[tuple[Any, ...]]:
    """Every screen of a whole game that says a figure the game no longer has, or a notice of
    a move that ended a turn without naming the player who made it."""
    rules = GAMES[game]
    found: list[tuple[Any, ...]] = []
    steps = 0

    def see(step: Step) -> None:
        nonlocal steps
        steps += 1
        for screen in step.screens:
            for shown, true in untrue(game, language, step.after, screen):
                found.append((steps, screen.title, shown, true))
        flash = step.screens[0]
        ended = step.before.current != step.after.current or rules.is_over(step.after)
        mover = step.before.player().name  # whose turn the move ended
        named = mover.casefold() in flash.title.casefold()
        if step.moved and ended and flash.style is Style.NOTICE and not named:
            found.append((steps, flash.title, "notice of", mover))

    for _screen in tour(game, language, see=see, **given):
        pass
    assert steps > 50
    return found


@pytest.mark.parametrize("quick", [False, True], ids=["paced", "quick"])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_screen_says_the_figures_of_the_game_as_it_stands(game: str, language: str,
                                                               quick: bool) -> None:
    """After every input of a whole game, paced or tapped in quick succession, the figures
    on the screen (and under a flash) are the state's, the context line names the player whose
    turn it is, and a notice of a move that ended a turn names who made it."""
    found = untrue_screens(game, language, quick=quick, seed=3 if quick else 1)
    assert not found, found[:10]


def ticket_to_ride_maps() -> list[Any]:
    """Every shipped map and every example map, with the players a game on it seats: three
    (whole teams of three teams on a map played in teams), or as many as the map takes."""
    boards = [(name, shipped_map(name), name) for name in SHIPPED]
    for path in sorted((Path(__file__).parents[2] / "examples" / "maps").glob("*.toml")):
        boards.append((path.stem, map_from_toml(path.read_text(encoding="utf-8")),
                       map_option("ticket-to-ride", str(path))))
    found = []
    for name, board, option in boards:
        low, high = board.rules.players
        players = min(max(low, 3), high) * (board.rules.team_size or 1)
        found.append(pytest.param(option, players, id=name))
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("option, players", ticket_to_ride_maps())
def test_every_ticket_to_ride_map_s_screens_say_the_figures_of_the_game(
        option: Any, players: int, language: str) -> None:
    """The same on every board Ticket to Ride is played on: its tolls and loans, boats,
    merchandise and teams' cards too. The taps come quickly: a flash often still shows."""
    found = untrue_screens("ticket-to-ride", language, players=players, quick=True,
                           options={"map_name": option})
    assert not found, found[:10]
