"""Nothing the rules keep hidden leaves the table before the end: whole games of each game,
and after every move each view of it that leaves the table is read — the scoreboard's
`/api/live`, its live page, the play's JSON and page (a real `companion web`), and the
`live` message the MQTT publisher sends (the outbox item it publishes verbatim), and for
Ticket to Ride what a real Mosquitto receives.

What is hidden is written here from the rules texts, apart from the declaration the views
are filtered through: each check states the secret and looks for it in what was shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.publish.mqtt_settings import MqttSettings
from companion.publish.outbox import LIVE_TOPIC, Outbox
from companion.publish.publisher import Publisher
from companion.state.journal import Journal
from companion.state.paths import journal_path
from companion.table.session import GameSession
from companion.web import pages
from companion.web.data import short_id
from engine.registry import GAMES
from engine.simulate import play_random

from .mosquitto import mosquitto, needs_mosquitto, subscribed
from .web_server import get, get_json, web_server

PLAYERS = ("Ana", "Ben", "Cléo")
UNSEEN = "?"


@dataclass(frozen=True)
class Shown:
    """One move's views: the event, the state after it, and what left the table."""

    event: dict[str, Any]
    state: Any
    over: bool
    api: dict[str, Any]
    page: str
    play_entry: dict[str, Any]
    play_page: str
    mqtt: dict[str, Any]


def whole_game(folder: Path, game: str, seed: int,
               options: dict[str, Any] | None = None) -> Iterator[Shown]:
    """A random whole game journalled move by move, with every view of each move."""
    rules = GAMES[game]
    players = PLAYERS[:max(rules.players.start, min(3, max(rules.players)))]
    outbox = Outbox()
    with Journal(journal_path(folder)) as journal, web_server(folder) as url:
        session = GameSession.start(journal, rules, players, options, outbox=outbox)
        uuid = session.play.uuid
        for event in play_random(rules, session.state, seed=seed).events:
            session.submit(event)
            over = session.finished
            live = [payload for topic, payload in journal.outbox() if topic == LIVE_TOPIC]
            assert live, "every move publishes its live view"
            api = get_json(url + "api/live")
            status, _, page = get(url)
            assert status == 200
            status, _, play_page = get(f"{url}p/{short_id(uuid)}")
            assert status == 200
            yield Shown(event.to_json(), session.state, over, api, page,
                        get_json(f"{url}api/plays/{uuid}"), play_page,
                        # The publisher sends the payload's JSON text as it is.
                        json.loads(json.dumps(live[-1])))


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def chart_ids(html: str) -> str:
    return re.sub(r"\bchart\d+([td])\b", r"chart\1", html)


def same_view_everywhere(shown: Shown) -> dict[str, Any]:
    """The one live view mid-game: the API's, the MQTT message's and the play's entry are
    the same, and both pages show exactly its fragment (nothing the JSON does not hold)."""
    view = shown.api
    assert view["status"] == "playing"
    # The page's words of each move (`said`) are the scoreboard's own; the rest is the MQTT
    # message, and the words name nothing the move hides.
    assert shown.mqtt == {key: value for key, value in view.items() if key != "short_id"} | {
        "last_moves": [{key: value for key, value in move.items() if key != "said"}
                       for move in view["last_moves"]]}
    newest = view["last_moves"][0]
    secrets = {text for key in newest["event"].get("hidden", ())
               for text in strings(shown.event.get(key)) if len(text) > 2}
    secrets -= set(strings(newest["event"]))
    said = " ".join(newest["said"].values())
    assert not [secret for secret in secrets if secret in said], (newest, said)
    assert shown.play_entry["live"] == view and shown.play_entry["result"] is None
    # A picture's ids are numbered as the pages are drawn: the same fragment but for them.
    fragment = chart_ids(pages.live_fragment(view, "en"))
    assert fragment in chart_ids(shown.page) and fragment in chart_ids(shown.play_page)
    return view


def moves_show(view: Mapping[str, Any], hidden: Any) -> None:
    """Each move shown is the event as played with only the fields `hidden(event)` names
    hidden, each hidden value holding nothing but unseen marks."""
    game = view["game"]
    assert view["last_moves"], "a game in progress shows its last moves"
    for move in view["last_moves"]:
        event = move["event"]
        secret = set(hidden(event))
        assert set(event.get("hidden", ())) == secret, (game, event)
        for name, value in event.items():
            if name in secret:
                assert nothing_in(value), (game, name, value)


def nothing_in(value: Any, unseen: Any = (UNSEEN, 0)) -> bool:
    if isinstance(value, list):
        return all(nothing_in(item, unseen) for item in value)
    if isinstance(value, dict):
        return value == {}
    return value in unseen


def raw_moves(shown: list[Shown]) -> dict[int, dict[str, Any]]:
    """The events as played, by seq."""
    return {seq: item.event for seq, item in enumerate(shown, start=1)}


def public_fields_kept(view: Mapping[str, Any], played: Mapping[int, dict[str, Any]]) -> None:
    """What is not hidden is shown as played: the filter hides the secrets, nothing else."""
    for move in view["last_moves"]:
        event = move["event"]
        hidden = set(event.get("hidden", ()))
        assert {k: v for k, v in event.items() if k not in hidden and k != "hidden"} == {
            k: v for k, v in played[move["seq"]].items() if k not in hidden}


def scores_less(view: Mapping[str, Any], engine: Mapping[str, Any],
                secret: set[str]) -> None:
    """The running scores: the engine's less the `secret` categories, in seat order, the
    leaders (never winners) on what is shown."""
    result = view["result"]
    assert "winners" not in result
    full = {player["name"]: player for player in engine["players"]}
    assert [player["name"] for player in result["players"]] == view["players"]
    for player in result["players"]:
        truth = full[player["name"]]
        assert not secret & set(player["breakdown"])
        hidden_points = sum(points for name, points in truth["breakdown"].items()
                            if name in secret)
        assert player["total"] == truth["total"] - hidden_points
        assert player["breakdown"] == {name: points for name, points in
                                       truth["breakdown"].items() if name not in secret}
    totals = [player["total"] for player in result["players"]]
    level = len(set(totals)) == 1
    assert result["leaders"] == ([] if level else [
        player["name"] for player in result["players"] if player["total"] == max(totals)])


def the_end_shows_everything(shown: list[Shown]) -> None:
    """The last message is the finished play with its whole result and its winners."""
    last = shown[-1]
    assert last.over and last.mqtt["status"] == "finished"
    result = GAMES[last.mqtt["game"]].result(last.state).to_json()
    assert last.mqtt["result"] == result and "winners" in last.mqtt["result"]
    assert last.mqtt["last_moves"][0]["event"] == last.event
    assert last.api == {"status": "idle"}


def in_progress(shown: list[Shown]) -> list[Shown]:
    mid = [item for item in shown if not item.over]
    assert len(mid) == len(shown) - 1  # only the last move ends the game
    return mid


# --- Ticket to Ride -------------------------------------------------------------------------

TTR_SECRET_CATEGORIES = {"tickets", "globetrotter"}


def ttr_hidden(event: Mapping[str, Any]) -> set[str]:
    """The rules: the order of the decks, the tickets kept, a card drawn blind or stored
    unseen are nobody else's to see."""
    kind = event["kind"]
    if kind == "deal":
        return {"deck", "tickets", "long_tickets", "boat_deck"}
    if kind == "reshuffle":
        return {"deck"}
    if kind == "keep-tickets":
        return {"tickets"}
    if kind == "store-card" or (kind == "draw-card" and event["index"] == -1):
        return {"card"}
    return set()


@pytest.mark.parametrize(("board", "seed"), [("usa", 7), ("germany", 3), ("europe-1912", 1)])
def test_ticket_to_ride_keeps_tickets_and_blind_cards_secret(
        tmp_path: Path, board: str, seed: int) -> None:
    rules = GAMES["ticket-to-ride"]
    shown = list(whole_game(tmp_path, "ticket-to-ride", seed, {"map_name": board}))
    played = raw_moves(shown)
    kept = {ticket for event in played.values() if event["kind"] == "keep-tickets"
            for ticket in event["tickets"]}
    tracks = {event["track"].split("#")[0] for event in played.values()
              if event["kind"] == "claim-route"}
    # A ticket named like a claimed route would be found in the claim: looked for elsewhere.
    secret_names = kept - tracks
    assert len(secret_names) >= 4
    blind = sum(1 for event in played.values()
                if event["kind"] == "draw-card" and event["index"] == -1)
    assert blind > 0  # cards were drawn blind
    if board == "europe-1912":  # and cards went unseen into warehouses
        assert any(event["kind"] == "store-card" for event in played.values())
    tickets_scored = False
    for item in in_progress(shown):
        view = same_view_everywhere(item)
        engine = rules.result(item.state).to_json()
        tickets_scored |= any(p["breakdown"]["tickets"] for p in engine["players"])
        scores_less(view, engine, TTR_SECRET_CATEGORIES)
        moves_show(view, ttr_hidden)
        public_fields_kept(view, played)
        for text in (item.page, item.play_page, json.dumps(view, ensure_ascii=False)):
            assert not [name for name in secret_names if name in text]
        assert not set(strings(item.mqtt)) & secret_names
    assert tickets_scored  # there were ticket points to hide
    the_end_shows_everything(shown)


# --- Freight Train --------------------------------------------------------------------------

def test_freight_train_keeps_the_deck_order_secret(tmp_path: Path) -> None:
    rules = GAMES["freight-train"]
    shown = list(whole_game(tmp_path, "freight-train", seed=5))
    played = raw_moves(shown)
    for item in in_progress(shown):
        view = same_view_everywhere(item)
        # The rules hide nothing of the score: yards, trains and tokens are face up.
        scores_less(view, rules.result(item.state).to_json(), set())
        moves_show(view, lambda event: {"deck"} if event["kind"] == "start-day" else set())
        public_fields_kept(view, played)
    the_end_shows_everything(shown)


# --- The Game of Trains ---------------------------------------------------------------------

def got_hidden(event: Mapping[str, Any]) -> set[str]:
    """The deck's order, and the opening's cards discarded face down."""
    return {"deal": {"deck"}, "reshuffle": {"deck"},
            "opening-draw": {"cards"}}.get(event["kind"], set())


def test_the_game_of_trains_keeps_the_deck_and_the_face_down_discards_secret(
        tmp_path: Path) -> None:
    rules = GAMES["game-of-trains"]
    shown = list(whole_game(tmp_path, "game-of-trains", seed=4))
    played = raw_moves(shown)
    for item in in_progress(shown):
        view = same_view_everywhere(item)
        scores_less(view, rules.result(item.state).to_json(), set())
        moves_show(view, got_hidden)
        public_fields_kept(view, played)
    the_end_shows_everything(shown)


# --- Off the Rails --------------------------------------------------------------------------

OTR_SECRET_CATEGORIES = {"gems", "ruby_bonus", "end_missions"}


def otr_hidden(event: Mapping[str, Any]) -> set[str]:
    """The cards left out, set aside or still in the deck; the stones stored behind a
    screen."""
    return {"setup": {"removed", "cave_ins", "deck"},
            "move-carts": {"gems"}}.get(event["kind"], set())


def test_off_the_rails_keeps_the_stored_stones_secret(tmp_path: Path) -> None:
    rules = GAMES["off-the-rails"]
    shown = list(whole_game(tmp_path, "off-the-rails", seed=3))
    played = raw_moves(shown)
    stored = False
    for item in in_progress(shown):
        view = same_view_everywhere(item)
        engine = rules.result(item.state).to_json()
        stored |= any(p["breakdown"]["gems"] for p in engine["players"])
        scores_less(view, engine, OTR_SECRET_CATEGORIES)
        moves_show(view, otr_hidden)
        public_fields_kept(view, played)
    assert stored  # there were stones behind the screens
    the_end_shows_everything(shown)


# --- Whistle Stop ---------------------------------------------------------------------------

def test_whistle_stop_shows_all_it_follows(tmp_path: Path) -> None:
    """Tokens, shares, upgrades and fame lie on the table: every move and score is shown
    whole (only the winners wait for the end)."""
    rules = GAMES["whistle-stop"]
    shown = list(whole_game(tmp_path, "whistle-stop", seed=2))
    played = raw_moves(shown)
    for item in in_progress(shown):
        view = same_view_everywhere(item)
        scores_less(view, rules.result(item.state).to_json(), set())
        moves_show(view, lambda event: set())
        public_fields_kept(view, played)
    the_end_shows_everything(shown)


# --- What a real broker receives ------------------------------------------------------------

@needs_mosquitto
def test_a_real_broker_receives_no_ticket_before_the_end(tmp_path: Path) -> None:
    """Every live view published to Mosquitto (each move waits until the broker has it, so
    none is coalesced away) keeps the tickets kept and their points to the table."""
    rules = GAMES["ticket-to-ride"]
    path = journal_path(tmp_path)
    with mosquitto(tmp_path / "broker") as broker, subscribed(broker) as board, \
            Journal(path) as journal:
        outbox = Outbox()
        session = GameSession.start(journal, rules, PLAYERS, outbox=outbox)
        publisher = Publisher(path, MqttSettings("127.0.0.1", broker.port, "hall"))
        outbox.listen(publisher.wake)
        publisher.start()
        try:
            events = play_random(rules, session.state, seed=7).events
            for event in events:
                session.submit(event)
                assert publisher.wait_until_sent(120), "the broker took the live view"
        finally:
            publisher.stop()
        got = board.wait(lambda got: any(m.payload.get("status") == "finished"
                                         for m in got if m.topic == "companion/hall/live"))
    lives = [m.payload for m in got if m.topic == "companion/hall/live"]
    # The start and each move; the last move's view gave way to the finished play's.
    assert [live["event_count"] for live in lives] == list(range(len(events) + 1))
    assert lives[-1]["status"] == "finished"
    kept = {ticket for event in events if event.kind == "keep-tickets"
            for ticket in event.to_json()["tickets"]}
    claimed = {event.to_json()["track"].split("#")[0] for event in events
               if event.kind == "claim-route"}
    assert kept - claimed
    for live in lives[:-1]:
        assert live["status"] == "playing"
        assert not set(strings(live)) & (kept - claimed)
        assert all("tickets" not in player["breakdown"] for player in live["result"]["players"])
    assert "tickets" in lives[-1]["result"]["players"][0]["breakdown"]
