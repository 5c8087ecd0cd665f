"""`companion demo GAME --seed N --state-dir DIR`: a whole game played by automated players.

The players are simulated: the engine's simulator plays the "physical" game from the seed with
every card known, and each move is entered into the companion as a person would: cards tapped
through the reader simulator, buttons pressed through gpiozero's mock pins, following the
prompts on the screen. The companion runs its real loop, journal and drivers. The same seed
gives the same game; killed at any moment, the same command resumes it and ends alike.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.desktop.demo_words import DemoWords
from companion.flows.automaton import Deck, Stuck, enter_move, physical_moves
from companion.flows.inputs import Hold, Input, Press, Tap
from companion.games import TABLE_GAMES, autopilot
from companion.games.cards import Card, card_kinds, copies
from companion.lib.digest import sha256_hex
from companion.publish.mqtt_settings import MqttSettings
from companion.state.folder import StateFolderBusy, take_folder
from companion.state.journal import Journal
from companion.state.paths import JOURNAL_FILE
from companion.state.tags import TagRegistry
from companion.table.build import Table, open_table
from engine.game import TallyResult
from engine.registry import GAMES

PLAYER_NAMES = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Fay")

#: The demo's simulated devices. Automated players are quicker than hands, so the reader polls
#: at its fastest allowed rate and the buttons' debounce window is short; the code paths are
#: the ones the Pi runs.
DEMO_DRIVERS: dict[str, dict[str, Any]] = {
    "reader": {"kind": "sim", "poll_interval": 0.02},
    "buttons": {"kind": "sim", "debounce": 0.005},
    "display": {"kind": "sim"},
}
#: How often the demo says how far it got, in moves.
PROGRESS_EVERY = 25
#: How long to wait for the companion to answer one input before calling the flow stuck.
ANSWER_TIMEOUT = 10.0
#: How long a demo that publishes waits at its end for the broker to have every message;
#: what is left stays in the journal's outbox and goes out at the next start.
SEND_SECONDS = 30.0


#: Options longer than this in JSON (a map file's data) are named by a digest in a demo's key.
KEY_OPTIONS_CHARS = 200


def demo_key(game: str, seed: int, players: int, options: dict[str, Any] | None = None) -> str:
    """Finds a demo's unfinished game again: the same command resumes the same game (on a
    map file, the same map: a changed file is another game)."""
    key = f"demo:{game}:{seed}:{players}"
    if not options:
        return key
    given = json.dumps(options, sort_keys=True)
    if len(given) > KEY_OPTIONS_CHARS:
        given = "sha256:" + sha256_hex(given.encode())
    return f"{key}:{given}"


def demo_deck(game: str, options: dict[str, Any] | None = None) -> Deck:
    """Tag UIDs for a full box of `game`: 7-byte NXP-style UIDs (like NTAG stickers), distinct
    across games and the same on every run. With a map file in `options`, its cards (tickets)
    too, each UID made from the card so that no two maps' cards share one."""
    game_code = sorted(GAMES).index(game)
    uids: dict[tuple[str, str], list[str]] = {}
    for kind_index, (kind, values) in enumerate(sorted(card_kinds(game).items())):
        for value_index, value in enumerate(values or ("",)):
            # Past 256 values of a kind (every shipped board's tickets), the last byte counts
            # the hundreds of 256: the UIDs of the first 256 stay as they always were.
            uids[(kind, value)] = [
                f"04{game_code:02X}{kind_index:02X}{value_index % 256:02X}{copy:02X}"
                f"{(kind_index * 31 + value_index * 7 + copy) % 256:02X}"
                f"{0x80 + value_index // 256:02X}"
                for copy in range(copies(game, kind))
            ]
    on_map = map_cards(game, options)
    for kind, values in on_map.items():
        for value in values:
            if (kind, value) not in uids:
                digest = sha256_hex(f"{game}|{kind}|{value}".encode())[:10]
                uids[(kind, value)] = [f"05{digest}{copy:02X}".upper()
                                       for copy in range(copies(game, kind))]
        # The box of the map in play: not every shipped board's tickets (a thousand tags).
        uids = {card: tags for card, tags in uids.items()
                if card[0] != kind or card[1] in values}
    return Deck(uids)


def map_cards(game: str, options: dict[str, Any] | None) -> dict[str, tuple[str, ...]]:
    """The cards of the map in `options` (its tickets), the game's first map when none is
    given; none for a game without maps."""
    record = TABLE_GAMES.get(game)
    if record is None or record.map_cards is None or record.maps is None:
        return {}
    option = (options or {}).get("map_name", record.maps()[0])
    return record.map_cards(option)


def deck_tags(game: str, deck: Deck) -> list[tuple[str, Card]]:
    """Every tag of the deck with the card it stands for."""
    return [(uid, Card(game, kind, value)) for (kind, value), uids in deck.uids.items()
            for uid in uids]


def enroll_deck(registry: TagRegistry, game: str, deck: Deck) -> None:
    """Enrol the deck's tags not enrolled yet, in one transaction."""
    registry.enroll_missing(deck_tags(game, deck))


class Automaton:
    """Drives the simulated hardware of a table, one input at a time."""

    def __init__(self, table: Table, deck: Deck) -> None:
        sim = table.drivers.sim
        if sim.reader is None or sim.buttons is None:
            raise RuntimeError("the demo needs the simulated reader and buttons")
        self.table = table
        self.deck = deck
        self.reader = sim.reader
        self.buttons = sim.buttons
        self.last_tap: str | None = None
        settings = table.drivers.settings
        self.removal_wait = settings.reader.removal_after + 0.1
        self.debounce = settings.buttons.debounce

    def send(self, item: Input) -> None:
        loop = self.table.loop
        expected = loop.inputs_handled + 1
        if isinstance(item, Tap):
            if item.uid == self.last_tap:
                time.sleep(self.removal_wait)  # the same card again: let its removal be seen
            self.reader.place(item.uid)
            answered = loop.wait_for_inputs(expected, ANSWER_TIMEOUT)
            self.reader.remove(item.uid)
            self.last_tap = item.uid
        else:
            if isinstance(item, Press):
                self.buttons.click(item.button)
            elif isinstance(item, Hold):
                self.buttons.hold(item.button)
            answered = loop.wait_for_inputs(expected, ANSWER_TIMEOUT)
            self._released(item.button)
        if not answered:
            raise Stuck(f"no answer to {item} within {ANSWER_TIMEOUT} s")

    def _released(self, button: str) -> None:
        """Wait until the panel has seen the release, then past its debounce window: a finger
        pressing again sooner would be taken for contact bounce, as on the Pi."""
        panel = self.table.drivers.buttons
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while panel.is_pressed(button) and time.monotonic() < deadline:
            time.sleep(self.debounce / 2 or 0.001)
        time.sleep(self.debounce)

    def uid_for(self, kind: str, value: str) -> str:
        """A free tag of that card, another than the one just tapped when the box has one
        (tapping the same tag again means waiting for the reader to see it go)."""
        busy = self.table.app.flow.in_play()
        try:
            return self.deck.pick(kind, value, busy | {self.last_tap or ""})
        except Stuck:
            return self.deck.pick(kind, value, busy)

    def play(self, moves: Sequence[Any], progress: Callable[[str], None],
             every: int = PROGRESS_EVERY, words: DemoWords | None = None) -> None:
        app = self.table.app
        session = app.session
        words = words or DemoWords("en")
        if session.event_count:
            progress(words.resuming(session.event_count, len(moves)))
        # Only the loop's thread touches the journal: the players read what is in memory.
        for goal in moves[session.event_count:]:
            enter_move(
                goal,
                lambda g: autopilot.next_input(app.flow, session.state, g, self.uid_for),
                self.send,
                lambda: session.event_count,
            )
            if session.event_count % every == 0 or session.event_count == len(moves):
                progress(words.move(session.event_count, len(moves),
                                    app.flow.screen(session.state), _standing(session)))


def _standing(session: Any) -> TallyResult | None:
    """The tally if the game ended now; None where the game cannot say yet."""
    try:
        result: TallyResult = session.rules.result(session.state)
    except (ValueError, TypeError):
        return None
    return result


def run_demo(
    game: str,
    seed: int,
    state_dir: Path,
    players: int,
    language: str,
    frames: Callable[[Any], object] | None = None,
    driver_config: dict[str, Any] | None = None,
    progress: Callable[[str], None] = lambda text: None,
    progress_every: int = PROGRESS_EVERY,
    options: dict[str, Any] | None = None,
    wait: bool = False,
    on_wait: Callable[[StateFolderBusy], None] | None = None,
    mqtt: MqttSettings | None = None,
) -> dict[str, Any]:
    """Play (or resume) the demo game; return its final tally in `companion tally` form.

    `options` go to the game's `new_game` (e.g. a map), for the table and the players alike.
    The demo owns the state folder while it runs (StateFolderBusy when another process does,
    unless `wait`). With `mqtt`, the game is published as the table publishes it.
    """
    rules = GAMES[game]
    names = PLAYER_NAMES[:players]
    key = demo_key(game, seed, players, options)
    words = DemoWords(language)
    owner = take_folder(state_dir, f"companion demo {game}", wait=wait, on_wait=on_wait)
    try:
        played = finished_result(state_dir, key)
        if played is not None:
            progress(words.played_already())
            owner.release()
            return played
        table = open_table(state_dir=state_dir, game=game, players=names, language=language,
                           key=key, on_frame=frames, owner=owner,
                           driver_config=driver_config or DEMO_DRIVERS, options=options,
                           mqtt=mqtt)
    except BaseException:
        owner.release()
        raise
    deck = demo_deck(game, options)
    failure: list[BaseException] = []
    stop = threading.Event()
    try:
        enroll_deck(table.registry, game, deck)
        automaton = Automaton(table, deck)
        # The game as the table began it: with what it remembered of the box, if anything.
        play = table.journal.unfinished(key)
        started = dict(play.setup.get("options") or {}) if play is not None else options
        moves = physical_moves(rules, names, seed, started)

        def players_at_work() -> None:
            try:
                automaton.play(moves, progress, progress_every, words)
                # Let the last notice pass, so the final frame is the result.
                expires = table.app.expires_at()
                if expires is not None:
                    time.sleep(max(0.0, expires - time.monotonic()) + 0.1)
            except BaseException as error:  # reported by the main thread
                failure.append(error)
            finally:
                stop.set()

        worker = threading.Thread(target=players_at_work, name="demo-players", daemon=True)
        worker.start()
        table.loop.run(table.events, stop)
        worker.join()
        if failure:
            raise failure[0]
        if table.publisher is not None and not table.publisher.wait_until_sent(SEND_SECONDS):
            progress(words.not_sent(mqtt.address if mqtt else ""))
        return rules.result(table.app.session.state).to_json()
    finally:
        table.close()


def finished_result(state_dir: Path, key: str) -> dict[str, Any] | None:
    """The result of the demo with this key if the journal holds it finished (and none
    unfinished): running the same command again prints it instead of playing again."""
    path = state_dir / JOURNAL_FILE
    if not path.exists():
        return None
    with Journal.open_read_only(path) as journal:
        if journal.unfinished(key) is not None:
            return None
        for play in reversed(journal.plays(finished=True)):
            if play.key == key and play.result is not None:
                return dict(play.result)
    return None


def final_line(result: dict[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False)
