"""Off the Rails: what the companion runs, as events.

Read top to bottom like the rulebook: setup (deposit cards by player count, the cave-in card
hidden in the deck, the opening supply), a turn (four actions, the carts move, phase 3 supplies
a mine), the beginning of the end (the cave-in card, one last turn each, the first cave-ins),
cave-in phases, the end and the score. The board itself stays on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...deck import trigger_in_place
from ...errors import N_, IllegalEvent
from ...game import TallyResult
from ...last_round import LastRound, turns_after_trigger
from ...rulebook import rule_for, settings_of
from ...unseen import reveal
from .components import (
    ACTIONS,
    ACTIONS_PER_TURN,
    ADJUST_DIE,
    CART_CAPACITY,
    CAVE_IN_CARD,
    CAVE_IN_PLACEMENT,
    CAVE_IN_TOKENS,
    DECK_SIZE,
    DIE_SIDES,
    GEMS_IN_BOX,
    MINES,
    PLACE_CART,
    REMOVED_PER_MINE,
    SPACES,
    UNSEEN,
    deposit_cards,
    mine_of,
    space_of,
)
from .events import (
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
from .state import Era, OffTheRailsState, Pending, Player, Settings, Step
from .tally import Holdings
from .tally import result as score_table

# --- Setup -------------------------------------------------------------------------------------


def new_game(
    names: Sequence[str], settings: Settings | Mapping[str, Any] | None = None, first: int = 0
) -> OffTheRailsState:
    """A table of 2 to 4 players (a colour and two carts each); `first` plays first.

    `settings` may also be given in its JSON form, as stored in the journal.
    """
    if len(names) not in REMOVED_PER_MINE:
        raise IllegalEvent(N_("Off the Rails is for 2 to 4 players"))
    if not 0 <= first < len(names):
        raise IllegalEvent(N_("The first player must be one of the players"))
    return OffTheRailsState(
        settings=settings_of(Settings, settings),
        players=tuple(Player(name) for name in names),
        first=first,
        current=first,
    )



def _setup(state: OffTheRailsState, event: Setup) -> OffTheRailsState:
    """Remove cards unseen, set two piles of one card per mine aside, hide the cave-in card."""
    _check_step(state, Step.SETUP, N_("The deposit cards are already sorted out"))
    count = len(state.players)
    per_mine = REMOVED_PER_MINE[count]
    if (len(event.removed), len(event.opening), len(event.cave_ins), len(event.deck)) != (
        per_mine * len(MINES), len(MINES), len(MINES), DECK_SIZE[count] + 1,
    ):  # fmt: skip
        raise IllegalEvent(N_("With {count} players: {removed} cards out, 4 and 4 aside, "
                              "{deck} in the deck with the cave-in card"),
                           count=count, removed=per_mine * len(MINES), deck=DECK_SIZE[count] + 1)
    known = [c for c in (*event.removed, *event.opening, *event.cave_ins, *event.deck)
             if c not in (UNSEEN, CAVE_IN_CARD)]  # fmt: skip
    if any(c not in deposit_cards() for c in known) or len(set(known)) != len(known):
        raise IllegalEvent(N_("Each deposit card once: a mine and a space from 1 to 8"))
    if CAVE_IN_CARD in (*event.removed, *event.opening, *event.cave_ins):
        raise IllegalEvent(N_("The cave-in card goes into the deck"))
    _check_mines(event.removed, per_mine)
    _check_mines(event.opening, 1)
    _check_mines(event.cave_ins, 1)
    _check_mines(event.deck, DECK_SIZE[count] // len(MINES))
    placement = CAVE_IN_PLACEMENT[count]
    if CAVE_IN_CARD in event.deck:
        if not trigger_in_place(event.deck, CAVE_IN_CARD, placement):
            where = placement.positions(DECK_SIZE[count])
            raise IllegalEvent(N_("The cave-in card lies between cards {low} and {high}"),
                               low=where[0] + 1, high=where[-1] + 1)
    elif UNSEEN not in event.deck:
        raise IllegalEvent(N_("The cave-in card is missing from the deck"))
    return replace(
        state, step=Step.OPENING, removed=event.removed, opening=event.opening,
        cave_ins=event.cave_ins, deck=event.deck,
    )  # fmt: skip


def _check_mines(cards: Iterable[str], most: int) -> None:
    counts = Counter(mine_of(c) for c in cards if c not in (UNSEEN, CAVE_IN_CARD))
    if any(n > most for n in counts.values()):
        raise IllegalEvent(N_("Too many cards of one mine in a pile"))


# --- Deposit cards: the opening supply and phase 3 ---------------------------------------------


def _draw_deposit(state: OffTheRailsState, event: DrawDeposit) -> OffTheRailsState:
    if state.step is Step.OPENING:
        opening = _take_from_pile(state, state.opening, event.card)
        return _supply(replace(state, opening=opening), event)
    if state.step is not Step.SUPPLY or state.era is Era.CAVE_INS:
        raise IllegalEvent(N_("No deposit card is drawn now"))
    _check_from_deck(state, event.card)
    state = replace(state, deck=state.deck[1:], deck_draws=state.deck_draws + 1)
    if event.card == CAVE_IN_CARD:
        return _cave_in_card(replace(state, drawn=state.drawn + (CAVE_IN_CARD,)))
    return _supply(state, event)


def _supply(state: OffTheRailsState, event: DrawDeposit) -> OffTheRailsState:
    """The card shows a mine, a space and how many stones to draw from the bag."""
    if event.stones < 1:
        raise IllegalEvent(N_("A deposit card shows at least one stone"))
    pending = Pending(mine_of(event.card), space_of(event.card), event.stones)
    return replace(state, step=Step.REFILL, pending=pending, drawn=state.drawn + (event.card,))


def _refill(state: OffTheRailsState, event: Refill) -> OffTheRailsState:
    _check_step(state, Step.REFILL, N_("No stones to put out now"))
    state = replace(state, pending=None)
    if state.deck_draws:
        return _end_turn(state)
    if state.opening:
        return replace(state, step=Step.OPENING)
    return replace(state, step=Step.ACTIONS, current=state.first)


def _check_from_deck(state: OffTheRailsState, card: str) -> None:
    """The top card, as declared; an unseen top may be any card not seen elsewhere."""
    top = state.deck[0]
    position = state.deck_draws  # 0-based position of this card in the general deck
    allowed = CAVE_IN_PLACEMENT[len(state.players)].positions(DECK_SIZE[len(state.players)])
    reveal(top, card, strict=True, refusal=N_("The top card is {seen}, not {said}"))
    hidden = CAVE_IN_CARD not in state.drawn and CAVE_IN_CARD not in state.deck
    if card == CAVE_IN_CARD:
        if top == UNSEEN and not (hidden and position in allowed):
            raise IllegalEvent(N_("The cave-in card cannot be this card"))
        return
    if card not in deposit_cards():
        raise IllegalEvent(N_("{card} is not a deposit card"), card=card)
    if top == UNSEEN:
        if hidden and position == allowed[-1]:
            raise IllegalEvent(N_("This card must be the cave-in card"))
        _check_unseen(state, card)


def _take_from_pile(state: OffTheRailsState, pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    """Reveal `card` from a face-down pile of one card per mine."""
    if card in pile:
        index = pile.index(card)
        return pile[:index] + pile[index + 1 :]
    if card not in deposit_cards():
        raise IllegalEvent(N_("{card} is not a deposit card"), card=card)
    # The pile holds one card per mine: the mines revealed from it (the last cards drawn)
    # and those of its known cards are taken.
    revealed = state.drawn[len(state.drawn) - (len(MINES) - len(pile)) :]
    taken = {mine_of(c) for c in (*pile, *revealed) if c != UNSEEN}
    if UNSEEN not in pile or mine_of(card) in taken:
        raise IllegalEvent(N_("{card} is not in that pile"), card=card)
    _check_unseen(state, card)
    index = pile.index(UNSEEN)
    return pile[:index] + pile[index + 1 :]


def _check_unseen(state: OffTheRailsState, card: str) -> None:
    located = {*state.drawn, *state.opening, *state.cave_ins, *state.deck}
    if card in located:
        raise IllegalEvent(N_("{card} is elsewhere"), card=card)
    mines = [mine_of(c) for c in located if c not in (UNSEEN, CAVE_IN_CARD)]
    if mines.count(mine_of(card)) >= len(SPACES) - REMOVED_PER_MINE[len(state.players)]:
        raise IllegalEvent(N_("Every {mine} card in play is already out"), mine=mine_of(card))


# --- A turn: phase 1, the four actions ---------------------------------------------------------


def _take_actions(state: OffTheRailsState, event: TakeActions) -> OffTheRailsState:
    """Lay or upgrade rails (on the board), put a cart on a start track, turn a die."""
    _check_step(state, Step.ACTIONS, N_("The actions are taken at the start of a turn"))
    if len(event.actions) > ACTIONS_PER_TURN:
        raise IllegalEvent(N_("Four actions a turn"))
    player = state.player()
    for action in event.actions:
        if action not in ACTIONS:
            raise IllegalEvent(N_("Not an action: {action}"), action=action)
        if action == PLACE_CART:
            if player.reserve < 1:
                raise IllegalEvent(N_("{name} has no cart in reserve"), name=player.name)
            player = replace(player, reserve=player.reserve - 1, on_board=player.on_board + 1)
        if action == ADJUST_DIE and player.on_board < 1:
            raise IllegalEvent(N_("{name} has no cart on the board"), name=player.name)
    step = Step.CARTS if player.on_board else Step.SUPPLY
    return replace(state, players=_with(state, state.current, player), step=step)


# --- A turn: phase 2, the carts move -----------------------------------------------------------


def _move_carts(state: OffTheRailsState, event: MoveCarts) -> OffTheRailsState:
    """Carts reaching an edge unload and go home; derailed carts lose their load."""
    _check_step(state, Step.CARTS, N_("The carts move after the actions"))
    player = state.player()
    if not 0 <= event.home <= player.on_board:
        raise IllegalEvent(N_("{name} has {count} carts on the board"),
                           name=player.name, count=player.on_board)
    _check_gems(state, event.gems, event.home)
    gems = Counter(player.gems)
    gems.update(event.gems)
    player = replace(
        player, on_board=player.on_board - event.home, reserve=player.reserve + event.home,
        gems={gem: gems[gem] for gem in GEMS_IN_BOX if gems[gem]},
    )  # fmt: skip
    state = replace(state, players=_with(state, state.current, player))
    # Until the first cave-ins a derailed cart goes back to the reserve; from then on it is lost.
    lost = state.era is Era.CAVE_INS
    return replace(state, players=_remove_carts(state, event.derailed, lost), step=Step.SUPPLY)


def cart_room(loaded: int) -> int:
    """How many more stones a cart holding `loaded` may carry home."""
    return max(0, CART_CAPACITY - loaded)


def box_room(state: OffTheRailsState, gem: str, taking: int = 0) -> int:
    """How many more of `gem` the box still holds, the players' and `taking` counted."""
    stored = sum(p.gems.get(gem, 0) for p in state.players) + taking
    return max(0, GEMS_IN_BOX[gem] - stored)


def _check_gems(state: OffTheRailsState, gems: dict[str, int], home: int) -> None:
    if any(gem not in GEMS_IN_BOX or count < 0 for gem, count in gems.items()):
        raise IllegalEvent(N_("Gems are rock, ruby, emerald, gold and diamond"))
    if sum(gems.values()) > CART_CAPACITY * home:
        raise IllegalEvent(N_("A cart carries at most {count} stones home"), count=CART_CAPACITY)
    for gem, count in gems.items():
        stored = sum(p.gems.get(gem, 0) for p in state.players)
        if stored + count > GEMS_IN_BOX[gem]:
            raise IllegalEvent(N_("The game has only {count} {gem}"),
                               count=GEMS_IN_BOX[gem], gem=gem)


def _remove_carts(state: OffTheRailsState, seats: Sequence[int], lost: bool) -> tuple[Player, ...]:
    """Take one cart off the board per entry of `seats`: to the reserve, or out of the game."""
    players = list(state.players)
    for seat in seats:
        if not 0 <= seat < len(players) or players[seat].on_board < 1:
            raise IllegalEvent(N_("That player has no cart on the board"))
        p = players[seat]
        players[seat] = replace(
            p, on_board=p.on_board - 1, lost=p.lost + int(lost), reserve=p.reserve + int(not lost)
        )
    return tuple(players)


def _validate_mission(state: OffTheRailsState, event: ValidateMission) -> OffTheRailsState:
    """At the end of the turn, one mission whose conditions are met."""
    _check_step(state, Step.SUPPLY, N_("Missions are taken at the end of a turn"))
    if state.mission_taken:
        raise IllegalEvent(N_("Only one mission a turn"))
    if state.missions_left() < 1:
        raise IllegalEvent(N_("No mission card is left"))
    player = replace(state.player(), missions=state.player().missions + 1)
    return replace(state, players=_with(state, state.current, player), mission_taken=True)


# --- The beginning of the end ------------------------------------------------------------------


def _cave_in_card(state: OffTheRailsState) -> OffTheRailsState:
    """No supply this turn; every player, the one who drew it included, plays one last turn."""
    rule = LastRound.ONE_MORE_TURN_EACH
    rest = turns_after_trigger(state.order, state.first, state.current, rule)
    return _end_turn(replace(state, era=Era.LAST_TURNS, still_to_play=rest))


def _reveal_cave_in(state: OffTheRailsState, event: RevealCaveIn) -> OffTheRailsState:
    """A set-aside card places the first cave-in token of its mine, as for a supply."""
    _check_step(state, Step.REVEAL, N_("The set-aside cards are revealed after the last turns"))
    cave_ins = _take_from_pile(state, state.cave_ins, event.card)
    mine = mine_of(event.card)
    return replace(
        state, cave_ins=cave_ins, drawn=state.drawn + (event.card,), step=Step.CAVE_IN,
        pending=Pending(mine, space_of(event.card)),
        tokens_left={**state.tokens_left, mine: state.tokens_left[mine] - 1},
    )  # fmt: skip


def _draw_cave_in_token(state: OffTheRailsState, event: DrawCaveInToken) -> OffTheRailsState:
    """Phase 3 from now on: a token drawn at random, placed next to one of its mine."""
    _check_step(state, Step.SUPPLY, N_("No cave-in token is drawn now"))
    if state.era is not Era.CAVE_INS:
        raise IllegalEvent(N_("Draw a deposit card"))
    if state.tokens_left.get(event.mine, 0) < 1:
        raise IllegalEvent(N_("No {mine} cave-in token is left"), mine=event.mine)
    if state.settings.dice_chasm != (1 <= event.roll <= DIE_SIDES):
        raise IllegalEvent(N_("Roll the eight-sided die in Dice Chasm mode only"))
    left = {**state.tokens_left, event.mine: state.tokens_left[event.mine] - 1}
    pending = Pending(event.mine, event.roll)
    return replace(state, tokens_left=left, step=Step.CAVE_IN, pending=pending)


def _place_cave_in(state: OffTheRailsState, event: PlaceCaveIn) -> OffTheRailsState:
    """Whatever lies under the token leaves the game: carts, stones, rail tiles."""
    _check_step(state, Step.CAVE_IN, N_("No cave-in token to place now"))
    state = replace(state, players=_remove_carts(state, event.crushed, lost=True), pending=None)
    if state.era is Era.CAVE_INS:
        return _end_turn(state)
    if state.cave_ins:
        return replace(state, step=Step.REVEAL)
    state = replace(state, era=Era.CAVE_INS)
    if _ended(state):
        return _game_over(state)
    return _next_player(state)


# --- Turns and the end -------------------------------------------------------------------------


def _end_turn(state: OffTheRailsState) -> OffTheRailsState:
    state = replace(state, mission_taken=False)
    if state.era is Era.LAST_TURNS:
        if not state.still_to_play:
            return replace(state, step=Step.REVEAL)
        return replace(
            state, step=Step.ACTIONS, current=state.still_to_play[0],
            still_to_play=state.still_to_play[1:],
        )  # fmt: skip
    if state.era is Era.CAVE_INS and _ended(state):
        return _game_over(state)
    return _next_player(state)


def _next_player(state: OffTheRailsState) -> OffTheRailsState:
    return replace(state, step=Step.ACTIONS, current=state.order.next_seat(state.current))


def _ended(state: OffTheRailsState) -> bool:
    """Every cart still in play is home, or all 20 cave-in tokens lie on the board."""
    return state.carts_on_board() == 0 or state.tokens_placed() == CAVE_IN_TOKENS


def _game_over(state: OffTheRailsState) -> OffTheRailsState:
    """Carts still on the board leave the game with their load."""
    players = tuple(replace(p, on_board=0, lost=p.lost + p.on_board) for p in state.players)
    return replace(state, players=players, step=Step.OVER)


def is_over(state: OffTheRailsState) -> bool:
    return state.step is Step.OVER


def holdings(state: OffTheRailsState) -> tuple[Holdings, ...]:
    return tuple(Holdings(p.name, p.gems, p.reserve, p.missions) for p in state.players)


def result(state: OffTheRailsState) -> TallyResult:
    """The score from what the companion followed; end-of-game missions come from the tally."""
    return score_table(holdings(state))


# --- Applying an event -------------------------------------------------------------------------

_HANDLERS: dict[type[Any], Callable[[OffTheRailsState, Any], OffTheRailsState]] = {
    Setup: _setup,
    DrawDeposit: _draw_deposit,
    Refill: _refill,
    TakeActions: _take_actions,
    MoveCarts: _move_carts,
    ValidateMission: _validate_mission,
    RevealCaveIn: _reveal_cave_in,
    DrawCaveInToken: _draw_cave_in_token,
    PlaceCaveIn: _place_cave_in,
}


def apply(state: OffTheRailsState, event: OffTheRailsEvent) -> OffTheRailsState:
    """The state after `event`, or IllegalEvent with the reason (the state is unchanged)."""
    handler = rule_for(_HANDLERS, event, over=state.step is Step.OVER,
                       foreign=N_("Not an Off the Rails move"))
    return handler(state, event)


def _check_step(state: OffTheRailsState, step: Step, reason: str) -> None:
    if state.step is not step:
        raise IllegalEvent(reason)


def _with(state: OffTheRailsState, seat: int, player: Player) -> tuple[Player, ...]:
    return state.players[:seat] + (player,) + state.players[seat + 1 :]
