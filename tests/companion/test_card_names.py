"""Cards named as printed: values by their names in English and French, tickets by their
cities, numbers a box does not have refused, and `companion tags enroll` taking them."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.main import main
from companion.games.card_names import AmbiguousCard, card_from_words, printed_name
from companion.games.cards import Card, CardError, check_card
from companion.games.names import reason
from companion.state.tags import FILENAME, TagRegistry
from engine.games.ticket_to_ride.library import INDEX, SHIPPED, shipped_map

TTR = "ticket-to-ride"
PARIS_WIEN = Card(TTR, "ticket", "europe-33")


def refusal(game: str, kind: str, text: str, board: str | None = None,
            language: str = "en") -> str:
    with pytest.raises(CardError) as refused:
        card_from_words(game, kind, text, language, board)
    return reason(refused.value, language)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text", ["Paris-Wien", "Paris – Wien", "paris wien", "WIEN / PARIS",
                                  "Wien, Paris", "europe-33", "Europe-33"])
def test_a_ticket_by_its_cities_in_any_spelling(text: str, language: str) -> None:
    assert card_from_words(TTR, "ticket", text, language, "europe") == PARIS_WIEN
    assert printed_name(PARIS_WIEN, language) == "Paris – Wien"


def test_the_map_s_other_spellings_and_accents_are_optional() -> None:
    zagreb = card_from_words(TTR, "ticket", "Paris Zagreb", "en", "Europe")
    assert printed_name(zagreb, "en") == "Paris – Zágráb"
    assert card_from_words(TTR, "ticket", "bielsko biala - plock", "fr") == Card(
        TTR, "ticket", "poland-01")
    bern = card_from_words(TTR, "ticket", "Bern France Deutschland Österreich Italia", "en",
                           "switzerland")
    assert printed_name(bern, "en").startswith("Bern → France")


def test_a_ticket_on_one_map_only_needs_no_map() -> None:
    denver = card_from_words(TTR, "ticket", "El Paso – Denver", "en")
    assert shipped_map("usa").ticket("Denver-El Paso")
    assert printed_name(denver, "fr") == "Denver – El Paso"


def test_a_ticket_of_several_maps_asks_which_map() -> None:
    with pytest.raises(AmbiguousCard) as refused:
        card_from_words(TTR, "ticket", "Paris-Wien", "en")
    assert refused.value.by_board
    assert reason(refused.value, "en") == (
        "value: Paris – Wien is a ticket of several maps: Europe, Europe 1912; say which map")


def test_one_city_lists_its_tickets() -> None:
    text = refusal(TTR, "ticket", "Paris", board="europe")
    assert text == ("value: 'Paris' fits several tickets: Paris – Zágráb, Edinburgh – Paris, "
                    "Paris – Wien")


def test_a_misspelt_ticket_names_the_nearest_by_its_cities() -> None:
    assert refusal(TTR, "ticket", "Paris – Wine", board="europe") == (
        "value: no ticket Paris – Wine on Europe; nearest: Paris – Wien, Edinburgh – Paris")
    assert "e.g." in refusal(TTR, "ticket", "xx yy", board="europe")
    assert "(Europe)" in refusal(TTR, "ticket", "Paris – Wine")
    french = refusal(TTR, "ticket", "Paris – Wine", board="europe", language="fr")
    assert "Paris – Wien" in french and "Europe" in french


@pytest.mark.parametrize("name", SHIPPED)
def test_numbers_past_a_shipped_box_s_tickets_are_refused(name: str) -> None:
    count = INDEX[name].tickets
    assert count == len(shipped_map(name).tickets)
    last, past = f"{name}-{count:02d}", f"{name}-{count + 1:02d}"
    assert check_card(Card(TTR, "ticket", last)).value == last
    assert card_from_words(TTR, "ticket", last, "en").value == last
    text = refusal(TTR, "ticket", past)
    assert text == (f"value: no ticket {past}: {INDEX[name].title} has {count} tickets "
                    f"({name}-01 to {last})")
    with pytest.raises(CardError, match=f"{name}-01 to {last}"):
        check_card(Card(TTR, "ticket", past))


def test_another_map_s_number_is_refused_when_the_map_is_named() -> None:
    assert "Europe has 46 tickets" in refusal(TTR, "ticket", "usa-03", board="europe")
    assert "unknown map 'atlantis'" in refusal(TTR, "ticket", "Paris-Wien", board="atlantis")


def test_a_long_list_of_values_is_not_spelt_out() -> None:
    with pytest.raises(CardError) as refused:
        check_card(Card(TTR, "ticket", "usa 3"))
    assert len(str(refused.value)) < 120 and "…" in str(refused.value)


@pytest.mark.parametrize(("language", "text", "card"), [
    ("fr", "charbon", Card("freight-train", "wagon", "coal")),
    ("fr", "Wagon Charbon", Card("freight-train", "wagon", "coal")),
    ("fr", "coal", Card("freight-train", "wagon", "coal")),
    ("en", "Coal", Card("freight-train", "wagon", "coal")),
    ("en", "coal wagon", Card("freight-train", "wagon", "coal")),
    ("fr", "citerne", Card("freight-train", "wagon", "tank")),
])
def test_values_by_their_names(language: str, text: str, card: Card) -> None:
    assert card_from_words("freight-train", "wagon", text, language) == card


def test_kinds_by_their_names_and_printed_names_in_both_languages() -> None:
    departure = card_from_words("freight-train", "Carte départ des trains", "", "fr")
    assert departure == Card("freight-train", "departure", "")
    red = card_from_words(TTR, "train", "rouge", "fr")
    assert (printed_name(red, "fr"), printed_name(red, "en")) == ("Rouge", "Red")
    boat = card_from_words(TTR, "transport-boat", "bateau rouge", "fr")
    assert printed_name(boat, "en") == "Red boat"
    assert printed_name(Card("*", "player", "Cléo"), "fr") == "Cléo"


def test_unknown_names_are_refused_as_check_card_does() -> None:
    assert "unknown wagon 'charbonx'" in refusal("freight-train", "wagon", "charbonx")
    assert "unknown game" in refusal("chess", "wagon", "coal")


def test_enroll_takes_a_ticket_by_its_cities(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"

    def enroll(*args: str, lang: str = "en") -> tuple[int, str, str]:
        status = main(["--lang", lang, "tags", "enroll", *args, "--state-dir", str(state)])
        out, err = capsys.readouterr()
        return status, out, err

    assert enroll("04A31F2B", TTR, "ticket", "Paris – Wien", "--board", "europe")[:2] == (
        0, "04A31F2B enrolled as ticket-to-ride ticket europe-33 (Paris – Wien)\n")
    status, out, err = enroll("04A31F2B", TTR, "ticket", "London – Wien", "--board", "europe")
    assert status == 2 and "already enrolled as ticket-to-ride ticket europe-33 (Paris – Wien)" \
        in err and "--replace" in err
    status, out, err = enroll("04A31F2C", TTR, "ticket", "paris wien")
    assert status == 2 and out == "" and "--board MAP" in err
    status, out, err = enroll("04A31F2C", TTR, "ticket", "europe-47")
    assert status == 2 and err == ("companion tags: value: no ticket europe-47: Europe has 46 "
                                   "tickets (europe-01 to europe-46)\n")
    status, out, _ = enroll("04A31F2D", "freight-train", "wagon", "charbon", lang="fr")
    assert status == 0 and "wagon coal (Charbon)" in out
    with TagRegistry(state / FILENAME) as registry:
        assert dict(registry.all()) == {"04A31F2B": PARIS_WIEN,
                                        "04A31F2D": Card("freight-train", "wagon", "coal")}
