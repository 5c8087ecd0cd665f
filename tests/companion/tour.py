"""Whole games at a simulated table, every screen they show collected on the way.

The automated players of the demo enter each game input by input; after every input the
screen is taken (the flash while it lasts, then what follows it), the undo question is asked
and declined once in a while, and once the game is over every page of the tally is turned.
A watcher may see each input with the game's state before and after it and the screens it
brought (`Step`); quick hands tap again while a flash still shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from companion.desktop.demo import PLAYER_NAMES, demo_deck
from companion.flows.automaton import enter_move, physical_moves
from companion.flows.inputs import Hold, Input, Press
from companion.games import TABLE_GAMES, autopilot
from companion.games.names import reason
from companion.i18n.translate import translator
from companion.screens.model import Screen
from companion.table.app import TableApp
from engine.registry import GAMES

from .fakes import Card, MemoryRegistry, MemorySession


@dataclass(frozen=True)
class Step:
    """One input at the table and what it brought: the game's state before and after it, and
    the screens shown after it, in order (the flash while it lasts first)."""

    app: TableApp
    item: Input
    before: Any
    after: Any
    #: Whether the engine took a move (the journal grew).
    moved: bool
    screens: tuple[Screen, ...]


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def tour(game: str, language: str, players: int = 3, seed: int = 1,
         names: tuple[str, ...] | None = None,
         watch: Callable[[TableApp], None] = lambda app: None,
         options: dict[str, Any] | None = None, quick: bool = False,
         see: Callable[[Step], None] = lambda step: None) -> Iterator[Screen]:
    """Every screen of one whole game of `game` in `language`, in order (repeats included);
    `watch` sees the app after every input, `see` every input's `Step`. `options` go to the
    game's `new_game` (a map). With `quick`, each input comes half a second after the last,
    so a flash often still shows when the next input comes; else after the flash is over."""
    rules = GAMES[game]
    names = names or PLAYER_NAMES[:players]
    deck = demo_deck(game, options)
    registry = MemoryRegistry({uid: Card(game, kind, value)
                               for (kind, value), uids in deck.uids.items() for uid in uids})
    flow = TABLE_GAMES[game].make_flow(language)
    clock = _Clock()
    app = TableApp(session=MemorySession(rules, names, **(options or {})), flow=flow,
                   registry=registry, gettext=translator(language).gettext,
                   explain=lambda error: reason(error, language),
                   enrollable=lambda: [(label, Card(game, kind, value))
                                       for label, kind, value in flow.card_choices()],
                   clock=clock)
    shown: list[Screen] = []

    def send(item: Input) -> None:
        before, moves = app.session.state, app.session.event_count
        app.handle(item)
        watch(app)
        screens = [app.screen()]
        if quick:
            clock.now += 0.5
        else:
            clock.now += 10  # past any flash: the screen it gives way to
            screens.append(app.screen())
        see(Step(app, item, before, app.session.state, app.session.event_count > moves,
                 tuple(screens)))
        shown.extend(screens)

    def pick(kind: str, value: str) -> str:
        return deck.pick(kind, value, app.flow.in_play())

    yield app.screen()
    for index, goal in enumerate(physical_moves(rules, names, seed, options)):
        enter_move(goal, lambda g: autopilot.next_input(app.flow, app.session.state, g, pick), send,
                   lambda: app.session.event_count)
        if index % 7 == 3 and not rules.is_over(app.session.state):
            send(Hold("back"))  # the undo question, declined
            send(Press("back"))
        yield from shown
        shown.clear()
    clock.now += 10  # the last flash over
    seen: set[Any] = set()
    # The tally: turn its pages until they come round again.
    for _ in range(200):
        screen = app.screen()
        key = (screen.top, screen.title, screen.body, screen.menu)
        if key in seen:
            break
        seen.add(key)
        yield screen
        send(Press("down"))
    yield from shown
