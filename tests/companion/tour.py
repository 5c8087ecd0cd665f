"""Whole games at a simulated table, every screen they show collected on the way.

The automated players of the demo enter each game input by input; after every input the
screen is taken (the flash while it lasts, then what follows it), the undo question is asked
and declined once in a while, and once the game is over every page of the tally is turned.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def tour(game: str, language: str, players: int = 3, seed: int = 1,
         names: tuple[str, ...] | None = None,
         watch: Callable[[TableApp], None] = lambda app: None) -> Iterator[Screen]:
    """Every screen of one whole game of `game` in `language`, in order (repeats included);
    `watch` sees the app after every input."""
    rules = GAMES[game]
    names = names or PLAYER_NAMES[:players]
    deck = demo_deck(game)
    registry = MemoryRegistry({uid: Card(game, kind, value)
                               for (kind, value), uids in deck.uids.items() for uid in uids})
    flow = TABLE_GAMES[game].make_flow(language)
    clock = _Clock()
    app = TableApp(session=MemorySession(rules, names), flow=flow, registry=registry,
                   gettext=translator(language).gettext,
                   explain=lambda error: reason(error, language),
                   enrollable=lambda: [(label, Card(game, kind, value))
                                       for label, kind, value in flow.card_choices()],
                   clock=clock)
    shown: list[Screen] = []

    def send(item: Input) -> None:
        app.handle(item)
        watch(app)
        shown.append(app.screen())
        clock.now += 10  # past any flash: the screen it gives way to
        shown.append(app.screen())

    def pick(kind: str, value: str) -> str:
        return deck.pick(kind, value, app.flow.in_play())

    yield app.screen()
    for index, goal in enumerate(physical_moves(rules, names, seed)):
        enter_move(goal, lambda g: autopilot.next_input(app.flow, app.session.state, g, pick), send,
                   lambda: app.session.event_count)
        if index % 7 == 3 and not rules.is_over(app.session.state):
            send(Hold("back"))  # the undo question, declined
            send(Press("back"))
        yield from shown
        shown.clear()
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
