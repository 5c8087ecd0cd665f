"""The end of a Freight Train day as the table reads it: tied players share their place, and a
type whose trains paid nobody says so instead of vanishing."""

from __future__ import annotations

import dataclasses

from companion.flows.automaton import physical_moves
from companion.games.freight_train.flow import FreightTrainFlow
from companion.games.freight_train.ui import Action
from companion.games.freight_train.words import Words
from companion.screens.model import Screen
from companion.screens.render import cuts
from engine.games.freight_train import RULES
from engine.games.freight_train.state import FreightTrainState

NAMES = ("Ana", "Ben", "Cléo")


def final(tokens: tuple[int, ...], trains: tuple[dict[str, int], ...] = ({}, {}, {}),
          mixed: tuple[int, ...] = (0, 0, 0)) -> FreightTrainState:
    """The end of a whole game with these tokens and these trains left on the table."""
    state = RULES.replay(RULES.new_game(NAMES), physical_moves(RULES, NAMES, 1))
    players = tuple(dataclasses.replace(player, tokens=held, trains=own,
                                        mixed=("coal", "tank", "box")[:length])
                    for player, held, own, length in zip(state.players, tokens, trains, mixed))
    return dataclasses.replace(state, players=players)


def pages(state: FreightTrainState, language: str = "en") -> list[Screen]:
    flow = FreightTrainFlow(language)
    shown: list[Screen] = []
    for _ in range(30):
        screen = flow.screen(state)
        if shown and screen == shown[0]:
            break
        shown.append(screen)
        flow.on_button(state, "down")
    return shown


def test_tied_players_share_their_place_in_the_standings() -> None:
    ranking = pages(final((12, 12, 7)))[-1]
    assert ranking.menu is not None
    assert ranking.menu.items == ("1. Ana 12", "1. Ben 12", "3. Cléo 7")
    ranking = pages(final((7, 12, 12)), "fr")[-1]
    assert ranking.menu is not None and [item[:2] for item in ranking.menu.items] == [
        "1.", "1.", "3."]


def test_a_type_cancelled_by_a_tie_for_second_says_nobody_scores() -> None:
    """Rule 6: "Si deux joueurs sont à égalité pour le deuxième plus long train d'un type
    donné de wagon, aucun joueur ne reçoit de jetons pour ce type de wagon"."""
    state = final((10, 9, 8), ({"coal": 5, "tank": 3}, {"coal": 3, "tank": 1}, {"coal": 3}),
                  mixed=(3, 1, 1))
    for language, title, reason, coal in (("en", "Nobody scores", "Tie for 2nd place:", "Coal"),
                                          ("fr", "Personne ne marque", "Égalité pour la 2e :",
                                           "Charbon")):
        shown = pages(state, language)
        nobody = [screen for screen in shown if screen.title == title]
        assert len(nobody) == 1, [screen.title for screen in shown]
        assert nobody[0].body[0] == reason and coal in nobody[0].body[1]
        assert "Tank" not in " ".join(nobody[0].body)  # tank paid Ana 3 and Ben 1
        assert shown[-1].menu is not None               # the standings still come last
        assert not any(cuts(screen) for screen in shown)


def test_no_page_when_every_type_paid_someone() -> None:
    shown = pages(final((10, 9, 8), ({"coal": 5}, {"coal": 3}, {})))
    assert all(screen.title != "Nobody scores" for screen in shown)


def test_every_price_of_the_pass_screen_fits_in_both_languages() -> None:
    for language in ("en", "fr"):
        words = Words(language)
        for cost, allowed in ((1, True), (0, True), (0, False)):
            screen = Screen(top="ANA · D1 · R9", title=words.label(Action.REARRANGE),
                            body=words.rearrange_body(8, 8, cost, allowed), hints="ok")
            assert not cuts(screen), (language, screen.body)
