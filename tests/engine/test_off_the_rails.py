"""Off the Rails: setup, the turn, the cave-in card, cave-ins, the end, the tally."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalEvent, InvalidInput
from engine.games.off_the_rails import RULES, Settings, next_step, why_illegal
from engine.games.off_the_rails.components import CAVE_IN_CARD, MINES
from engine.games.off_the_rails.events import (
    DrawCaveInToken,
    DrawDeposit,
    MoveCarts,
    OffTheRailsEvent,
    PlaceCaveIn,
    Refill,
    RevealCaveIn,
    Setup,
    TakeActions,
    ValidateMission,
)
from engine.games.off_the_rails.rules import apply, new_game
from engine.games.off_the_rails.state import Era, OffTheRailsState, Step
from engine.registry import GAMES

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def play(state: OffTheRailsState, *events: OffTheRailsEvent) -> OffTheRailsState:
    for event in events:
        state = apply(state, event)
    return state


def cards(*spaces: int) -> tuple[str, ...]:
    return tuple(f"{mine}-{space}" for mine in MINES for space in spaces)


def known_setup(players: int, cave_in_at: int | None = None) -> Setup:
    """Removed: the lowest spaces; then one opening and one cave-in card per mine; the deck."""
    drop = 1 if players == 4 else 2
    deck = list(cards(*range(drop + 3, 9)))
    deck.insert((13 if players == 4 else 9) - 1 if cave_in_at is None else cave_in_at - 1,
                CAVE_IN_CARD)
    return Setup(cards(*range(1, drop + 1)), cards(drop + 1), cards(drop + 2), tuple(deck))


def opened(players: int = 4, settings: Settings | None = None, **kwargs: Any) -> OffTheRailsState:
    """Set up, the four opening supplies done: the first player's actions are next."""
    state = apply(new_game(NAMES[:players], settings, **kwargs), known_setup(players))
    while state.step is Step.OPENING:
        state = play(state, DrawDeposit(state.opening[0], 2), Refill())
    return state


def turn(state: OffTheRailsState, *actions: str, carts: MoveCarts | None = None
         ) -> OffTheRailsState:
    """A whole turn: actions, the carts (if any on the board), phase 3."""
    state = apply(state, TakeActions(actions))
    if state.step is Step.CARTS:
        state = apply(state, carts or MoveCarts())
    if state.era is Era.CAVE_INS:
        mine = next(m for m, left in state.tokens_left.items() if left)
        roll = 5 if state.settings.dice_chasm else 0
        return play(state, DrawCaveInToken(mine, roll), PlaceCaveIn())
    top = state.deck[0]
    if top == CAVE_IN_CARD:
        return apply(state, DrawDeposit(top))
    return play(state, DrawDeposit(top, 1), Refill())


def until_cave_in_card(state: OffTheRailsState) -> OffTheRailsState:
    while state.era is Era.SUPPLY:
        state = turn(state)
    return state


def cave_ins_begun(players: int = 4, **kwargs: Any) -> OffTheRailsState:
    """Past the last turns and the four first cave-ins, with Ana's cart on the board."""
    state = opened(players, **kwargs)
    state = turn(state, "place-cart")  # Ana's cart stays out
    state = until_cave_in_card(state)
    while state.step is not Step.REVEAL:
        state = turn(state)
    while state.step is not Step.ACTIONS:
        state = play(state, RevealCaveIn(state.cave_ins[0]), PlaceCaveIn())
    return state


# --- Setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "removed", "deck"), [(2, 8, 17), (3, 8, 17), (4, 4, 21)])
def test_deposit_cards_by_player_count(players: int, removed: int, deck: int) -> None:
    setup = known_setup(players)
    assert (len(setup.removed), len(setup.deck)) == (removed, deck)
    state = apply(new_game(NAMES[:players]), setup)
    assert state.step is Step.OPENING
    short = replace(setup, deck=setup.deck[1:])
    assert "in the deck with the cave-in card" in str(why_illegal(new_game(NAMES[:players]), short))


@pytest.mark.parametrize(("players", "low", "high"), [(4, 13, 17), (3, 9, 13), (2, 9, 13)])
def test_cave_in_card_position(players: int, low: int, high: int) -> None:
    start = new_game(NAMES[:players])
    for position in (low, high):
        assert why_illegal(start, known_setup(players, position)) is None
    for position in (low - 1, high + 1):
        reason = str(why_illegal(start, known_setup(players, position)))
        assert f"between cards {low} and {high}" in reason


def test_bad_setups_are_refused() -> None:
    start = new_game(NAMES)
    setup = known_setup(4)
    no_card = replace(setup, deck=tuple("red-8" if c == CAVE_IN_CARD else c for c in setup.deck))
    assert why_illegal(start, no_card) is not None
    twice = replace(setup, opening=("red-1",) + setup.opening[1:])
    assert "Each deposit card once" in str(why_illegal(start, twice))
    two_red = replace(setup, opening=("red-2", "red-3", "?", "?"),
                      cave_ins=("?",) * 4)
    assert "Too many cards of one mine" in str(why_illegal(start, two_red))
    pile = replace(setup, cave_ins=(CAVE_IN_CARD,) + setup.cave_ins[1:])
    assert "goes into the deck" in str(why_illegal(start, pile))
    assert "already sorted out" in str(why_illegal(apply(start, setup), setup))


def test_unseen_setup_at_the_table() -> None:
    state = apply(new_game(NAMES[:2]), Setup(("?",) * 8, ("?",) * 4, ("?",) * 4, ("?",) * 17))
    assert str(next_step(state)) == "Reveal an opening deposit card"
    state = play(state, DrawDeposit("red-5", 3), Refill())
    assert "not in that pile" in str(why_illegal(state, DrawDeposit("red-6", 1)))
    assert "elsewhere" not in str(why_illegal(state, DrawDeposit("blue-5", 1)))


# --- The opening supply and phase 3 ------------------------------------------------------------


def test_opening_supply_one_card_per_mine() -> None:
    state = apply(new_game(NAMES, first=2), known_setup(4))
    state = apply(state, DrawDeposit("yellow-2", 3))
    assert str(next_step(state)) == "Refill mine yellow space 2 with 3 stones"
    assert "not in that pile" in str(why_illegal(play(state, Refill()), DrawDeposit("red-5", 1)))
    state = opened(first=2)
    assert state.step is Step.ACTIONS and state.current == 2 and state.opening == ()
    assert str(next_step(state)) == "Cleo: 4 actions"


def test_a_deposit_card_shows_stones() -> None:
    state = apply(new_game(NAMES), known_setup(4))
    assert "at least one stone" in str(why_illegal(state, DrawDeposit("red-2", 0)))


def test_phase_three_supplies_the_mine_of_the_top_card() -> None:
    state = apply(opened(), TakeActions(("lay-rail",) * 4))
    assert state.step is Step.SUPPLY  # no cart on the board: no phase 2
    assert str(next_step(state)) == "Ana: draw a deposit card"
    assert "top card is red-4, not red-5" in str(why_illegal(state, DrawDeposit("red-5", 1)))
    state = apply(state, DrawDeposit("red-4", 2))
    assert str(next_step(state)) == "Refill mine red space 4 with 2 stones"
    state = apply(state, Refill())
    assert state.current == 1 and state.step is Step.ACTIONS and state.deck_draws == 1


# --- Phase 1: actions --------------------------------------------------------------------------


def test_four_actions_at_most() -> None:
    state = opened()
    assert "Four actions" in str(why_illegal(state, TakeActions(("lay-rail",) * 5)))
    assert "Not an action" in str(why_illegal(state, TakeActions(("fly",))))
    assert why_illegal(state, TakeActions(())) is None


def test_carts_come_from_the_reserve_and_dice_need_a_cart() -> None:
    state = opened()
    assert "no cart on the board" in str(why_illegal(state, TakeActions(("adjust-die",))))
    assert why_illegal(state, TakeActions(("place-cart", "adjust-die"))) is None
    assert "no cart in reserve" in str(why_illegal(state, TakeActions(("place-cart",) * 3)))
    state = apply(state, TakeActions(("place-cart", "place-cart")))
    assert (state.player().reserve, state.player().on_board) == (0, 2)
    assert state.step is Step.CARTS and str(next_step(state)) == "Ana: move your carts"


# --- Phase 2: carts ----------------------------------------------------------------------------


def test_carts_home_store_their_gems() -> None:
    state = apply(opened(), TakeActions(("place-cart", "place-cart")))
    state = apply(state, MoveCarts(home=1, gems={"ruby": 3, "diamond": 2}))
    ana = state.players[0]
    assert (ana.reserve, ana.on_board, ana.gems) == (1, 1, {"ruby": 3, "diamond": 2})
    assert state.step is Step.SUPPLY


def test_gems_only_come_home_with_carts() -> None:
    state = apply(opened(), TakeActions(("place-cart", "place-cart")))
    assert "at most 5 stones" in str(why_illegal(state, MoveCarts(gems={"ruby": 1})))
    assert "at most 5 stones" in str(why_illegal(state, MoveCarts(1, {"ruby": 6})))
    assert why_illegal(state, MoveCarts(2, {"ruby": 6, "gold": 4})) is None
    assert "only 5 diamond" in str(why_illegal(
        replace(state, players=(replace(state.players[0], gems={"diamond": 4}),
                                *state.players[1:])), MoveCarts(1, {"diamond": 2})))
    assert "rock, ruby" in str(why_illegal(state, MoveCarts(1, {"coal": 1})))
    assert "has 2 carts" in str(why_illegal(state, MoveCarts(3)))


def test_a_derailed_cart_goes_home_before_the_cave_ins() -> None:
    state = turn(opened(), "place-cart")  # Ana's cart stays on the board
    state = apply(state, TakeActions(("place-cart",)))
    state = apply(state, MoveCarts(derailed=(0, 1)))
    assert [(p.reserve, p.on_board, p.lost) for p in state.players[:2]] == [(2, 0, 0), (2, 0, 0)]
    assert "no cart on the board" in str(why_illegal(
        apply(opened(), TakeActions(("place-cart",))), MoveCarts(derailed=(2,))))


def test_one_mission_a_turn_at_its_end() -> None:
    state = opened()
    assert "end of a turn" in str(why_illegal(state, ValidateMission()))
    state = play(state, TakeActions(()), ValidateMission())
    assert state.players[0].missions == 1
    assert "Only one mission" in str(why_illegal(state, ValidateMission()))
    state = replace(state, players=(replace(state.players[0], missions=5), *state.players[1:]))
    state = replace(state, mission_taken=False)
    assert "No mission card is left" in str(why_illegal(state, ValidateMission()))


# --- The cave-in card and the last turns -------------------------------------------------------


def test_the_cave_in_card_gives_everyone_one_last_turn() -> None:
    state = until_cave_in_card(opened(first=1))
    # Drawn on the 13th draw, by the player after twelve turns from Ben: Ben again.
    assert state.deck_draws == 13 and state.era is Era.LAST_TURNS
    assert state.current == 2 and state.still_to_play == (3, 0, 1)
    assert state.drawn[-1] == CAVE_IN_CARD and state.step is Step.ACTIONS
    assert str(next_step(state)) == "Cleo: last turn, 4 actions"
    for seat in (2, 3, 0, 1):
        assert state.current == seat
        state = turn(state)
    assert state.step is Step.REVEAL and len(state.deck) == 4
    assert str(next_step(state)) == "Cave-in! Reveal a set-aside deposit card"


def test_the_first_cave_ins_come_from_the_set_aside_cards() -> None:
    state = opened()
    state = turn(state, "place-cart")
    state = until_cave_in_card(state)
    while state.step is not Step.REVEAL:
        state = turn(state)
    assert "not in that pile" in str(why_illegal(state, RevealCaveIn("red-4")))
    state = apply(state, RevealCaveIn("green-3"))
    assert str(next_step(state)) == "Cave-in: green token on space 3"
    state = apply(state, PlaceCaveIn(crushed=(0,)))  # Ana's cart lay there
    assert (state.players[0].on_board, state.players[0].lost) == (0, 1)
    for card in state.cave_ins:
        state = play(state, RevealCaveIn(card), PlaceCaveIn())
    # No cart left on the board: every cart still in play is home, the game is over.
    assert RULES.is_over(state) and state.tokens_placed() == 4


def test_cave_in_phase_places_tokens_next_to_their_mine() -> None:
    state = cave_ins_begun()
    assert state.era is Era.CAVE_INS and state.tokens_placed() == 4
    state = apply(state, TakeActions(()))
    assert str(next_step(state)).endswith("draw a cave-in token")
    assert "Draw a deposit card" not in str(why_illegal(state, DrawCaveInToken("red")))
    assert "No deposit card is drawn now" in str(why_illegal(state, DrawDeposit("red-4", 1)))
    assert "Dice Chasm mode only" in str(why_illegal(state, DrawCaveInToken("red", 4)))
    state = apply(state, DrawCaveInToken("red"))
    assert str(next_step(state)) == "Cave-in: red token next to a red one"
    state = apply(state, PlaceCaveIn())
    assert state.tokens_left["red"] == 3 and state.step is Step.ACTIONS


def test_after_the_cave_ins_derailed_carts_leave_the_game() -> None:
    state = cave_ins_begun()
    seat = state.current
    state = apply(state, TakeActions(("place-cart",)))
    state = apply(state, MoveCarts(derailed=(seat, 0)))
    assert state.players[seat].lost == 1 and state.players[0].lost == 1


def test_dice_chasm_rolls_the_space() -> None:
    state = cave_ins_begun(settings=Settings(dice_chasm=True))
    state = apply(state, TakeActions(()))
    assert str(next_step(state)).endswith("draw a cave-in token, roll the die")
    assert why_illegal(state, DrawCaveInToken("red")) is not None
    assert why_illegal(state, DrawCaveInToken("red", 9)) is not None
    state = apply(state, DrawCaveInToken("blue", 6))
    assert str(next_step(state)) == "Cave-in: blue token on space 6 or next to it"


def test_all_twenty_tokens_end_the_game_and_carts_still_out_are_lost() -> None:
    state = cave_ins_begun()
    while not RULES.is_over(state):
        assert state.players[0].on_board == 1
        state = turn(state)
    assert state.tokens_placed() == 20 and state.players[0].lost == 1
    assert str(next_step(state)) == "Game over: count the gems"


def test_no_token_of_an_empty_mine() -> None:
    state = apply(cave_ins_begun(), TakeActions(()))
    state = replace(state, tokens_left={**state.tokens_left, "red": 0})
    assert "No red cave-in token is left" in str(why_illegal(state, DrawCaveInToken("red")))


# --- A deck the table has not seen -------------------------------------------------------------


def test_unseen_deck_hides_the_cave_in_card_where_the_rule_says() -> None:
    setup = Setup(("?",) * 4, cards(2), cards(3), ("?",) * 21)
    state = apply(new_game(NAMES), setup)
    while state.step is Step.OPENING:
        state = play(state, DrawDeposit(state.opening[0], 1), Refill())
    state = apply(state, TakeActions(()))
    assert "cannot be this card" in str(why_illegal(state, DrawDeposit(CAVE_IN_CARD)))
    assert "is elsewhere" in str(why_illegal(state, DrawDeposit("red-2", 1)))
    state = replace(state, deck_draws=16, deck=("?",) * 5)
    assert "must be the cave-in card" in str(why_illegal(state, DrawDeposit("red-8", 1)))
    assert apply(state, DrawDeposit(CAVE_IN_CARD)).era is Era.LAST_TURNS


# --- The tally ---------------------------------------------------------------------------------


def tally(*players: dict[str, Any]) -> dict[str, Any]:
    table = {"game": "off-the-rails", "players": list(players)}
    return GAMES["off-the-rails"].tally(table).to_json()


def test_tally_every_line() -> None:
    result = tally(
        {"name": "A", "gems": {"rock": 2, "ruby": 4, "emerald": 1, "gold": 0, "diamond": 1},
         "carts": 1, "missions": 2},
        {"name": "B", "gems": {"ruby": 1, "gold": 3}, "end_mission_points": 3},
    )
    a, b = result["players"]
    assert a["breakdown"] == {"gems": 10, "ruby_bonus": 5, "carts": 3, "missions": 8,
                              "end_missions": 0}
    assert a["total"] == 26 and b["total"] == 13 and result["winners"] == ["A"]


def test_tally_ruby_bonus_ties_and_nobody() -> None:
    tied = tally({"name": "A", "gems": {"ruby": 2}}, {"name": "B", "gems": {"ruby": 2}})
    assert [p["breakdown"]["ruby_bonus"] for p in tied["players"]] == [5, 5]
    assert tied["winners"] == ["A", "B"]
    none = tally({"name": "A", "gems": {"gold": 2}}, {"name": "B"})
    assert [p["breakdown"]["ruby_bonus"] for p in none["players"]] == [0, 0]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([{"name": "A", "gems": {"coal": 1}}, {"name": "B"}], "players[0].gems.coal: not a gem"),
        ([{"name": "A", "gems": {"ruby": -1}}, {"name": "B"}],
         "players[0].gems.ruby: must be at least 0"),
        ([{"name": "A", "carts": 3}, {"name": "B"}], "players[0].carts: must be at most 2"),
        ([{"name": "A", "gems": {"diamond": 3}}, {"name": "B", "gems": {"diamond": 3}}],
         "players[1].gems.diamond: the game has only 5 of these (got 6 in all)"),
        ([{"name": "A", "missions": 2}, {"name": "B", "missions": 2}],
         "players[1].missions: only 3 mission cards are in play (got 4 in all)"),
        ([{"name": "A", "gems": []}, {"name": "B"}], "players[0].gems: must be an object"),
        # Three mission cards in play with two players, 4 points each: 12 at most.
        ([{"name": "A", "end_mission_points": 13}, {"name": "B"}],
         "players[0].end_mission_points: must be at most 12: 3 mission cards are in play, "
         "4 points each (got 13)"),
        ([{"name": "A", "end_mission_points": 10**9}, {"name": "B"}, {"name": "C"}],
         "players[0].end_mission_points: must be at most 16: 4 mission cards"),
        ([{"name": "A", "gems": {"ruby": 1, "Ruby": 2}}, {"name": "B"}],
         "players[0].gems.Ruby: names the same as ruby: give it once"),
        ([{"name": "A"}], "players: Off the Rails is for 2 to 4 players"),
    ],
)
def test_tally_refusals(players: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(InvalidInput) as error:
        tally(*players)
    assert str(error.value).startswith(message)


def test_tally_reads_gems_in_any_case() -> None:
    result = tally({"name": "A", "gems": {"Ruby": 2, "DIAMOND": 1}}, {"name": "B"})
    assert result["players"][0]["breakdown"]["gems"] == 6


def test_registered() -> None:
    assert GAMES["off-the-rails"] is RULES and RULES.players == range(2, 5)
    with pytest.raises(IllegalEvent, match="2 to 4 players"):
        new_game(NAMES[:1])
