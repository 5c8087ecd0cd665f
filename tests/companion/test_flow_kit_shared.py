"""The pieces the game flows share: the guard against other games' cards, menus whose items
carry their labels, one table of each mode's screen and buttons, and the words said as they
are."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from companion.flows.base import Reaction
from companion.flows.kit import Labelled, by_mode, refuses_other_games, ui_draft, ui_from_draft
from companion.flows.words import TableWords
from companion.games.cards import Card
from companion.games.freight_train.flow import FreightTrainFlow
from companion.games.freight_train.ui import Action as FreightTrainAction
from companion.games.game_of_trains.flow import GameOfTrainsFlow
from companion.games.off_the_rails.flow import OffTheRailsFlow
from companion.games.whistle_stop.flow import WhistleStopFlow
from companion.games.whistle_stop.ui import Action, Mode, WhistleStopUI
from companion.i18n.translate import translator

GUARDED = [FreightTrainFlow, GameOfTrainsFlow, OffTheRailsFlow, WhistleStopFlow]


class Seen:
    """A flow of one game that records the cards it is given."""

    game = "whistle-stop"

    def __init__(self) -> None:
        self.words = TableWords("fr")
        self.read: list[str] = []

    @refuses_other_games("Not now: finish this first")
    def on_card(self, state: Any, card: Card, uid: str) -> Reaction:
        self.read.append(uid)
        return Reaction(notice=card.value)


def test_a_card_of_another_game_is_refused_before_the_flow_reads_it() -> None:
    flow = Seen()
    refusal = flow.on_card(None, Card("freight-train", "wagon", "coal"), "04A1")
    assert refusal == Reaction(refusal="Pas maintenant : finissez ceci") and flow.read == []
    assert flow.on_card(None, Card("whistle-stop", "share", "red-1"), "04B2").notice == "red-1"
    assert flow.read == ["04B2"]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("flow_type", GUARDED, ids=lambda flow: flow.game)
def test_every_game_refuses_another_games_card_in_its_own_words(flow_type: Any,
                                                                language: str) -> None:
    messages = importlib.import_module(flow_type.__module__.rsplit(".", 1)[0] + ".messages")
    other = "ticket-to-ride"
    # The state is never read: the card is refused first.
    reaction = flow_type(language).on_card(None, Card(other, "train", "red"), "04C3")
    expected = translator(language).gettext(messages.NOT_THIS_GAME)
    assert reaction == Reaction(refusal=expected) and expected.startswith(("Not a", "Pas une"))


def test_a_menu_item_keeps_its_value_in_the_draft_and_says_its_label() -> None:
    ui = WhistleStopUI(last_action=Action.END)
    draft = ui_draft(ui)
    assert draft["last_action"] == "end"
    assert ui_from_draft(WhistleStopUI, draft) == ui
    assert TableWords("fr").label(Action.END) == translator("fr").gettext("End the turn")
    assert TableWords("en").label(FreightTrainAction.YARD) == "From my yard"
    assert all(isinstance(item, Labelled) and item.label for item in FreightTrainAction)


def test_one_table_gives_each_mode_its_screen_and_its_buttons() -> None:
    def shown(state: Any) -> Any:
        return state

    def pressed(state: Any, button: Any) -> Any:
        return button

    screens, buttons = by_mode({Mode.MAIN: (shown, pressed)})
    assert screens == {Mode.MAIN: shown} and buttons == {Mode.MAIN: pressed}
    flow = WhistleStopFlow("en")
    assert set(flow.screens) == set(flow.buttons) == set(Mode)


def test_the_words_every_game_says_as_they_are() -> None:
    french = TableWords("fr")
    assert (french.hint_ack(), french.more()) == ("ok:continuer", "▼ suite")
    assert TableWords("en").page("Tickets", "Deal the tickets.") == ("Tickets",
                                                                     ("Deal the tickets.",))


def test_a_final_result_turns_its_pages_round_and_round() -> None:
    ui = WhistleStopUI(page=2, last_action=Action.FAME)
    assert [ui.turned(button, 3).page for button in ("up", "down", "ok", "back")] == [1, 0, 0, 2]
    assert ui.turned("ok", 3) == WhistleStopUI(page=0, last_action=Action.FAME)
