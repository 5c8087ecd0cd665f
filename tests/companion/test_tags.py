"""Card identities, their text form on a tag, and the SQLite tag registry."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.cards import (
    ANY_GAME,
    CATALOGUE,
    TEXT_LIMIT,
    Card,
    CardError,
    card_kinds,
    check_card,
)
from companion.games.names import reason
from companion.state.tags import (
    FILENAME,
    AlreadyEnrolled,
    TagError,
    TagRegistry,
    normalise_uid,
    parse_csv,
)
from engine.games.freight_train.cards import WAGON_TYPES
from engine.registry import GAMES

EXAMPLE = Path(__file__).parents[2] / "examples" / "tags-freight-train.csv"
COAL = Card("freight-train", "wagon", "coal")
TANK = Card("freight-train", "wagon", "tank")
DEPARTURE = Card("freight-train", "departure")
ANA = Card("*", "player", "Ana")


@pytest.fixture
def registry(tmp_path: Path) -> Iterator[TagRegistry]:
    with TagRegistry.in_state_dir(tmp_path / "state") as opened:
        yield opened


# --- Card kinds --------------------------------------------------------------------------------


def test_freight_train_card_kinds() -> None:
    assert card_kinds("freight-train") == {"wagon": WAGON_TYPES, "departure": ()}
    assert len(card_kinds("freight-train")["wagon"] or ()) == 11
    assert card_kinds(ANY_GAME) == {"player": None}
    assert card_kinds("no-such-game") == {}


def test_the_catalogue_names_only_known_games() -> None:
    assert set(CATALOGUE) <= set(GAMES) | {ANY_GAME}


def test_check_card_gives_the_canonical_form() -> None:
    assert check_card(Card(" Freight-Train ", "WAGON", " Coal ")) == COAL
    assert check_card(Card("freight-train", "departure", "")) == DEPARTURE
    assert check_card(Card("*", "player", "  Cléo ")) == Card("*", "player", "Cléo")


@pytest.mark.parametrize(("card", "field", "words"), [
    (Card("monopoly", "wagon", "coal"), "game", "unknown game 'monopoly'"),
    (Card("freight-train", "wagn", "coal"), "kind", "unknown kind 'wagn'"),
    (Card("freight-train", "wagon", "coall"), "value", "unknown wagon 'coall'"),
    (Card("freight-train", "wagon", ""), "value", "unknown wagon ''"),
    (Card("freight-train", "departure", "now"), "value", "takes no value"),
    (Card("*", "player", " "), "value", "needs a value"),
    (Card("*", "player", "A\tB"), "value", "printable"),
    (Card("*", "player", "A|B"), "value", "must not contain '|'"),
    (Card("*", "player", "x" * 40), "value", "too long for a tag"),
    (Card("*", "wagon", "coal"), "kind", "unknown kind 'wagon' for *"),
])  # fmt: skip
def test_check_card_refuses(card: Card, field: str, words: str) -> None:
    with pytest.raises(CardError) as caught:
        check_card(card)
    assert caught.value.field == field
    assert words in str(caught.value)


def test_a_game_without_card_kinds_yet() -> None:
    with pytest.raises(CardError, match="has no card kinds yet"):
        check_card(Card("new-game", "engine", ""), games=frozenset({"new-game"}))


# --- Text form ---------------------------------------------------------------------------------


def test_card_text() -> None:
    assert COAL.to_text() == "tc1|freight-train|wagon|coal"
    assert DEPARTURE.to_text() == "tc1|freight-train|departure|"
    assert ANA.to_text() == "tc1|*|player|Ana"


def test_text_read_back_from_a_padded_tag() -> None:
    # SimpleMFRC522 pads the 48 bytes with spaces; a blank tag reads as NULs.
    assert Card.from_text(COAL.to_text().ljust(TEXT_LIMIT)) == COAL
    assert Card.from_text(DEPARTURE.to_text() + "\x00" * 20) == DEPARTURE


@pytest.mark.parametrize("text", ["", "coal", "tc2|freight-train|wagon|coal",
                                  "tc1|freight-train|wagon", "tc1|a|b|c|d"])
def test_text_that_is_not_a_card(text: str) -> None:
    with pytest.raises(CardError, match="not a card's text"):
        Card.from_text(text)


def fits_on_a_tag(card: Card) -> bool:
    return len("|".join(("tc1", card.game, card.kind, card.value)).encode()) <= TEXT_LIMIT


def known_cards() -> st.SearchStrategy[Card]:
    wagons = st.sampled_from(WAGON_TYPES).map(lambda w: Card("freight-train", "wagon", w))
    names = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                                  blacklist_characters="|"), min_size=1, max_size=35)
    players = names.filter(lambda n: n.strip() == n and n.isprintable()).map(
        lambda n: Card("*", "player", n))
    return st.one_of(wagons, st.just(DEPARTURE), players)


@given(known_cards())
def test_text_round_trip(card: Card) -> None:
    if not fits_on_a_tag(card):
        with pytest.raises(CardError, match="too long for a tag"):
            card.to_text()
        return
    text = card.to_text()
    assert len(text.encode("utf-8")) <= TEXT_LIMIT
    assert Card.from_text(text) == card


# --- UIDs --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "uid"), [
    ("04A31F2B", "04A31F2B"),
    ("04a31f2b", "04A31F2B"),
    ("04:a3:1f:2b", "04A31F2B"),
    (" 04 A3 1F 2B ", "04A31F2B"),
    ("04-A3-1F-2B", "04A31F2B"),
    ("0x04a31f2b", "04A31F2B"),
    ("04 A3 1F 2B 11 22 33", "04A31F2B112233"),
    ("0102030405", "0102030405"),
])  # fmt: skip
def test_uids_are_normalised(text: str, uid: str) -> None:
    assert normalise_uid(text) == uid


@pytest.mark.parametrize(("text", "words"), [
    ("", "not a tag UID"),
    ("zz", "not a tag UID"),
    ("04A31F2", "not a tag UID"),
    ("04A3G12B", "not a tag UID"),
    ("04A31F", "3 bytes"),
    ("00" * 11, "11 bytes"),
])  # fmt: skip
def test_bad_uids_are_refused(text: str, words: str) -> None:
    with pytest.raises(TagError, match=words) as caught:
        normalise_uid(text)
    assert caught.value.field == "uid"


# --- Registry ----------------------------------------------------------------------------------


def test_enroll_lookup_forget(registry: TagRegistry) -> None:
    assert registry.lookup("04A31F2B") is None
    registry.enroll("04:a3:1f:2b", Card("Freight-Train", "wagon", "Coal"))
    assert registry.lookup("04a31f2b") == COAL
    assert registry.forget("04 A3 1F 2B")
    assert not registry.forget("04A31F2B")
    assert registry.lookup("04A31F2B") is None


def test_many_tags_may_be_the_same_card(registry: TagRegistry) -> None:
    for uid in ("01020304", "01020305", "01020306"):
        registry.enroll(uid, COAL)
    assert [uid for uid, card in registry.all() if card == COAL] == [
        "01020304", "01020305", "01020306"]


def test_enrolling_the_same_card_again_changes_nothing(registry: TagRegistry) -> None:
    registry.enroll("01020304", COAL)
    registry.enroll("01:02:03:04", COAL)
    assert registry.all() == [("01020304", COAL)]


def test_a_duplicate_enrolment_is_refused(registry: TagRegistry) -> None:
    registry.enroll("01020304", COAL)
    with pytest.raises(AlreadyEnrolled) as caught:
        registry.enroll("01020304", TANK)
    assert caught.value.card == COAL
    assert str(caught.value) == "uid: 01020304 is already enrolled as freight-train wagon coal"
    assert registry.lookup("01020304") == COAL
    registry.enroll("01020304", TANK, replace=True)
    assert registry.lookup("01020304") == TANK


def test_an_unknown_card_is_not_enrolled(registry: TagRegistry) -> None:
    with pytest.raises(TagError) as caught:
        registry.enroll("01020304", Card("freight-train", "wagon", "caboose"))
    assert caught.value.field == "value"
    assert reason(caught.value, "en") == str(caught.value)
    assert len(registry) == 0


def test_all_lists_by_card_and_filters_by_game(registry: TagRegistry) -> None:
    registry.enroll("0A0A0A0A", TANK)
    registry.enroll("0B0B0B0B", ANA)
    registry.enroll("0C0C0C0C", COAL)
    registry.enroll("0D0D0D0D", DEPARTURE)
    assert registry.all() == [("0B0B0B0B", ANA), ("0D0D0D0D", DEPARTURE),
                              ("0C0C0C0C", COAL), ("0A0A0A0A", TANK)]
    assert registry.all("*") == [("0B0B0B0B", ANA)]


def test_the_file_is_in_the_state_dir_with_wal_and_full_sync(tmp_path: Path) -> None:
    state = tmp_path / "new" / "state"
    with TagRegistry.in_state_dir(state) as registry:
        registry.enroll("01020304", COAL)
        db = registry._db
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert (state / FILENAME).is_file()
    with TagRegistry(state / FILENAME) as reopened:
        assert reopened.lookup("01020304") == COAL


def test_a_second_connection_sees_each_commit(tmp_path: Path) -> None:
    path = tmp_path / FILENAME
    with TagRegistry(path) as service, TagRegistry(path) as command_line:
        command_line.enroll("01020304", ANA)
        assert service.lookup("01020304") == ANA


# --- CSV ---------------------------------------------------------------------------------------


def test_the_example_csv_imports(registry: TagRegistry) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert registry.import_csv(text) == 26
    assert {card.value for _, card in registry.all("freight-train") if card.kind == "wagon"} \
        == set(WAGON_TYPES)
    assert registry.import_csv(text) == 0  # the same file again changes nothing


def test_export_then_import_gives_the_same_registry(registry: TagRegistry,
                                                    tmp_path: Path) -> None:
    registry.import_csv(EXAMPLE.read_text(encoding="utf-8"))
    registry.enroll("0E0E0E0E", Card("*", "player", 'Zoë "Z", the second'))
    with TagRegistry(tmp_path / "copy.sqlite3") as copy:
        copy.import_csv(registry.export_csv())
        assert copy.all() == registry.all()


def test_csv_details(registry: TagRegistry) -> None:
    text = ("\ufeffUID, Game, Kind\r\n"
            "# a comment line\r\n"
            "\r\n"
            "01:02:03:04, freight-train, departure\r\n")
    assert registry.import_csv(text) == 1
    assert registry.lookup("01020304") == DEPARTURE


def bad_csv(registry: TagRegistry, text: str) -> TagError:
    registry.enroll("AAAAAAAA", ANA)
    with pytest.raises(TagError) as caught:
        registry.import_csv(text)
    assert registry.all() == [("AAAAAAAA", ANA)]  # nothing written
    return caught.value


@pytest.mark.parametrize(("text", "line", "words"), [
    ("uid,game,kind,value\n01020304,freight-train,wagon,coal\n0102,freight-train,wagon,tank\n",
     3, "2 bytes"),
    ("uid,game,kind,value\n01020304,freight-train,wagon,coal\n\n"
     "05060708,freight-train,wagon,boxx\n", 4, "unknown wagon 'boxx'"),
    ("uid,game,kind,value\n01020304,freight-train,wagon,coal\n01020304,freight-train,wagon,tank\n",
     3, "listed earlier as freight-train wagon coal"),
    ("uid,game,kind,value\n01020304,freight-train,wagon,coal\nAAAAAAAA,*,player,Ben\n",
     3, "already enrolled as * player Ana"),
    ("uid,game,kind,value\n01020304,freight-train,wagon,coal,extra\n", 2, "5 cells"),
    ("uid,game,colour,value\n", 1, "unknown column 'colour'"),
    ("uid,kind,value\n", 1, "lacks the column 'game'"),
    ("uid,game,kind,kind\n", 1, "named twice"),
    ('uid,game,kind,value\n01020304,"freight-train\n', 2, "not valid CSV"),
])  # fmt: skip
def test_a_bad_row_refuses_the_whole_file(registry: TagRegistry, text: str, line: int,
                                          words: str) -> None:
    error = bad_csv(registry, text)
    assert error.line == line
    assert words in str(error)
    assert str(error).startswith(f"line {line}: ")


def test_a_file_without_a_header(registry: TagRegistry) -> None:
    error = bad_csv(registry, "# only a comment\n\n")
    assert error.line is None and "no header line" in str(error)


def test_replace_lets_an_import_change_tags(registry: TagRegistry) -> None:
    registry.enroll("01020304", COAL)
    assert registry.import_csv("uid,game,kind,value\n01020304,freight-train,wagon,tank\n",
                               replace=True) == 1
    assert registry.lookup("01020304") == TANK


uids = st.binary(min_size=4, max_size=10).map(lambda b: b.hex().upper())


@given(st.dictionaries(uids, known_cards().filter(fits_on_a_tag), max_size=20))
def test_csv_round_trip(entries: dict[str, Card]) -> None:
    with TagRegistry(":memory:") as registry:
        for uid, card in entries.items():
            registry.enroll(uid, card)
        parsed = parse_csv(registry.export_csv())
        assert {uid: card for uid, card, _ in parsed} == entries


def test_a_registry_file_that_is_not_sqlite(tmp_path: Path) -> None:
    (tmp_path / FILENAME).write_text("not a database\n" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        TagRegistry.in_state_dir(tmp_path)
