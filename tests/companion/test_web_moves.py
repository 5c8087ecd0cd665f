"""The live page's last moves in the words of the table's screen, in English and French: a
claim with its route and points, a card drawn blind never by its colour, no engine event."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import pytest

from companion.games.freight_train.messages import LOCOMOTIVE_BROUGHT
from companion.i18n.translate import translator
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from companion.web import pages
from companion.web.data import JournalView
from companion.web.live import live
from companion.web.moves import said_moves
from engine.games.ticket_to_ride.events import ClaimRoute, DrawCard
from engine.registry import GAMES
from engine.simulate import play_random

from .web_html import parse
from .web_server import players_for

#: How each language says a claim on the screen ("{name} claims {route}") and its points.
CLAIM = {"en": "{name} claims {a} – {b}, +{points}", "fr": "{name} prend {a} – {b}, +{points}"}
FROM_THE_DECK = {"en": "{name}: From the deck", "fr": "{name} : De la pioche"}


def _journalled(folder: Path, game: str, count: int, seed: int = 5) -> tuple[Any, list[Any]]:
    """A play of `game` with its first `count` random events journalled: (its state before
    each of them and after the last, the events)."""
    rules = GAMES[game]
    with Journal(journal_path(folder)) as journal:
        session = GameSession.start(journal, rules, players_for(game))
        events = play_random(rules, session.state, seed=seed).events[:count]
        states = [session.state]
        for event in events:
            session.submit(event)
            states.append(session.state)
    return states, events


def _moves(folder: Path, language: str) -> list[tuple[int, str]]:
    view = JournalView(folder)
    try:
        html = pages.live_page(view.read(live), language)
    finally:
        view.close()
    listed = parse(html).one("ol", "moves").all("li")
    return [(int(item.attrs["data-seq"]), " ".join(item.text.split()[1:])) for item in listed]


def _blind_draw_count(game: str = "ticket-to-ride", seed: int = 5) -> int:
    """How many events of the random play end with a card drawn blind whose colour is known."""
    rules = GAMES[game]
    state = rules.new_game(tuple(players_for(game)))
    for number, event in enumerate(play_random(rules, state, seed=seed).events, start=1):
        if isinstance(event, DrawCard) and event.index < 0 and event.card != "?" and number > 20:
            return number
    raise AssertionError("no blind draw in the random play")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_ticket_to_ride_moves_read_as_the_screen_says_them(tmp_path: Path,
                                                           language: str) -> None:
    states, events = _journalled(tmp_path, "ticket-to-ride", _blind_draw_count())
    moves = dict(_moves(tmp_path, language))
    assert sorted(moves) == list(range(len(events) - 7, len(events) + 1))
    claims = 0
    for seq, said in moves.items():
        event, before, after = events[seq - 1], states[seq - 1], states[seq]
        # Nothing of the engine's form of a move reaches the page.
        assert "index" not in said and "draw-card" not in said and "-1" not in said
        name = before.players[before.current].name
        assert name in said
        if isinstance(event, ClaimRoute):
            claims += 1
            track = after.board.track(event.track)
            assert said == CLAIM[language].format(
                name=name, a=track.ends[0], b=track.ends[1],
                points=after.board.rules.points_for(track.length))
    last = events[-1]
    assert isinstance(last, DrawCard) and last.index < 0
    # A blind card is the drawer's secret: said as a draw from the deck, never by colour.
    drawer = states[-2].players[states[-2].current].name
    assert moves[len(events)] == FROM_THE_DECK[language].format(name=drawer)
    assert claims, "the last moves hold no claim: choose another seed"


def test_freight_train_moves_name_the_player_and_wagons_in_each_language(
        tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    random = play_random(rules, rules.new_game(tuple(players_for("freight-train"))), seed=5)
    brought = next(number for number, event in enumerate(random.events, start=1)
                   if event.kind == "bring-locomotive" and number > 10)
    states, events = _journalled(tmp_path, "freight-train", brought + 3)
    english, french = dict(_moves(tmp_path, "en")), dict(_moves(tmp_path, "fr"))
    assert english.keys() == french.keys() and len(english) == 8
    # The table's own move is said as the screen says it, with nobody's name before it.
    for language, said in (("en", english), ("fr", french)):
        assert said[brought] == translator(language).gettext(LOCOMOTIVE_BROUGHT)
    taken = [seq for seq in english if events[seq - 1].kind == "take-from-main-yard"]
    assert taken, "no wagons taken in the last moves: choose another count"
    for seq in taken:
        before = states[seq - 1]
        name = before.players[before.current].name
        assert english[seq].startswith(f"{name} takes ")
        assert french[seq].startswith(f"{name} prend ")
    # French words for the same wagons: no English wagon name left in the French moves.
    assert " coal" not in " ".join(french.values()).lower()
    assert english != french


def test_every_move_of_every_game_is_words_not_an_event(tmp_path: Path) -> None:
    for game in GAMES:
        folder = tmp_path / game
        folder.mkdir()
        _journalled(folder, game, 30)
        for language in ("en", "fr"):
            for _seq, said in _moves(folder, language):
                assert said and "{" not in said and '"' not in said, (game, said)


@pytest.mark.parametrize(("game", "seed"), [
    ("game-of-trains", 8), ("whistle-stop", 8), ("off-the-rails", 1)])
def test_the_notice_a_move_made_on_the_table_is_its_line_on_the_page(
        tmp_path: Path, game: str, seed: int) -> None:
    module = importlib.import_module(f"companion.games.{game.replace('-', '_')}.move_words")
    words = importlib.import_module(f"companion.games.{game.replace('-', '_')}.words")
    states, events = _journalled(tmp_path, game, 60, seed=seed)
    for language, whose in (("en", "{name}: {move}"), ("fr", "{name} : {move}")):
        worded = 0
        for seq, said in _moves(tmp_path, language):
            before = states[seq - 1]
            notice = module.move_words(words.Words(language), before, events[seq - 1])
            if notice is None:
                continue
            worded += 1
            name = before.players[before.current].name
            expected = notice if name in notice else whose.format(name=name, move=notice)
            assert said == expected or said.startswith(expected + ", ")
        assert worded >= 3, f"only {worded} of the last moves have words: another seed"


def test_the_tables_own_moves_carry_nobodys_name(tmp_path: Path) -> None:
    _journalled(tmp_path, "ticket-to-ride", 3)
    for language, dealt in (("en", "Cards dealt"), ("fr", "Cartes distribuées")):
        moves = dict(_moves(tmp_path, language))
        assert moves[1] == dealt
        assert all(name in moves[seq] for seq, name in ((2, "Ana"), (3, "Ben")))


def test_the_points_of_the_moves_add_up_to_the_routes_never_the_tickets() -> None:
    """Over a whole Ticket to Ride play, the points said after the moves of each player add
    up to that player's routes: a ticket completed, secret until the end, adds nothing."""
    rules = GAMES["ticket-to-ride"]
    states = [rules.new_game(tuple(players_for("ticket-to-ride")))]
    events = play_random(rules, states[0], seed=4).events
    for event in events:
        states.append(rules.apply(states[-1], event))
    said = said_moves(rules, "ticket-to-ride", states, events, languages=("en",))
    totals = dict.fromkeys(players_for("ticket-to-ride"), 0)
    for index, words in enumerate(said):
        points = re.search(r", ([+-]\d+)$", words["en"])
        if points:
            before = states[index]
            totals[before.players[before.current].name] += int(points.group(1))
    final = rules.result(states[-1])
    assert totals == {player.name: player.breakdown["routes"] for player in final.players}
    assert any(player.breakdown["tickets"] for player in final.players)
