"""Off the Rails at the table: taps and presses become moves; the screen says what is next.

The board stays on the table; the companion follows the deposit cards, the turn's phases, the
carts, the gems stored, the missions and the cave-ins. The deposit cards are sorted out face
down (the companion sees none of them until one is tapped). A turn is entered like this:

- phase 1: the four actions from a list (`ok` adds the one under the cursor, `back` takes
  the last one away; "Done" ends with fewer than four);
- phase 2 (when the player has a cart on the board): "Nothing came home", or a cart that came
  home (then its gems, kind by kind) or a cart that derailed, anyone's;
- phase 3: tap the deposit card drawn, say the stones it shows, put them out, `ok`. After the
  cave-ins began: choose the colour of the token drawn (and the die in Dice Chasm mode), then
  what the token crushed. `ok` on the phase 3 screen takes a mission first.

`back` steps back; holding `back` undoes the last move (the appliance asks first).
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, CardLike, Reaction
from companion.flows.kit import Button, DraftedUI, leafed, moved, refuses_other_games
from companion.games.names import reason
from companion.games.off_the_rails.messages import (  # fmt: skip
    ALREADY_DRAWN,
    CART_FULL,
    CAVE_IN_IN_DECK,
    CRUSHED_NOTICE,
    DERAIL_NOTICE,
    DRAW_AFTER_CARTS,
    FINISH_STONES,
    FOUR_ACTIONS,
    HOLD_TO_UNDO,
    NO_MISSION_LEFT,
    NO_MORE_CARDS,
    NOT_A_DEPOSIT,
    NOT_THIS_GAME,
    ONE_MISSION,
    PLACE_STONES_FIRST,
    PLACE_TOKEN_FIRST,
)
from companion.games.off_the_rails.move_words import move_words
from companion.games.off_the_rails.screens import OffTheRailsScreens
from companion.games.off_the_rails.ui import (  # fmt: skip
    ALLOWED,
    DONE,
    GEMS,
    HOME,
    MAX_STONES,
    MINE,
    MISSION,
    SEAT,
    LogEntry,
    Mode,
    OffTheRailsUI,
)
from companion.games.off_the_rails.words import GAME, Words
from engine.events import Event
from engine.games.off_the_rails.components import (
    ACTIONS_PER_TURN,
    CAVE_IN_CARD,
    DECK_SIZE,
    DIE_SIDES,
    MINES,
    REMOVED_PER_MINE,
    UNSEEN,
    deposit_cards,
    mine_of,
)  # fmt: skip
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
)  # fmt: skip
from engine.games.off_the_rails.rules import box_room, cart_room
from engine.games.off_the_rails.state import Era, OffTheRailsState, Step
from engine.games.off_the_rails.table import why_illegal


class OffTheRailsFlow(OffTheRailsScreens, DraftedUI[OffTheRailsUI]):
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.ui = OffTheRailsUI()
        #: Derived from the journal: the tags of the cards drawn, and the turns begun.
        self.counted: set[str] = set()
        self.turns = 0

    def current_mode(self, state: OffTheRailsState) -> Mode:
        if state.step is Step.SETUP:
            return Mode.SETUP
        if state.step is Step.OVER:
            return Mode.FINAL
        if state.step not in ALLOWED.get(self.ui.mode, ()):
            return Mode.MAIN
        # A draft from before a change of era, or half-made, is set aside.
        if self.ui.mode is Mode.STONES and (self.ui.card is None or state.era is Era.CAVE_INS):
            return Mode.MAIN
        if self.ui.mode is Mode.ROLL and (self.ui.mine is None or state.era is not Era.CAVE_INS):
            return Mode.MAIN
        return self.ui.mode

    # --- Buttons ------------------------------------------------------------------------------

    def on_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        mode = self.current_mode(state)
        handler = {
            Mode.MAIN: self._main_button,
            Mode.STONES: self._stones_button,
            Mode.GEMS: self._gems_button,
            Mode.MISSION: self._mission_button,
            Mode.ROLL: self._roll_button,
            Mode.CAVE_IN_CARD: self._announce_button,
            Mode.CAVE_INS: self._announce_button,
            Mode.SETUP: self._setup_button,
            Mode.FINAL: self._final_button,
        }[mode]
        return handler(state, button)

    def _main_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        step = state.step
        if step in (Step.ACTIONS, Step.CARTS, Step.CAVE_IN) or (
                step is Step.SUPPLY and state.era is Era.CAVE_INS):
            return self._list_button(state, button)
        if button == "back":
            return Reaction(refusal=self.words.say(HOLD_TO_UNDO))
        if button != "ok":
            return NOTHING
        if step is Step.REFILL:
            return Reaction(Refill())
        if step is Step.SUPPLY:
            return self._ask_mission(state)
        return Reaction(refusal=" ".join(self.words.tap_it()))

    def _list_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        items = self.menu_items(state)
        if button in ("up", "down"):
            self.ui = replace(self.ui, choice=moved(self.ui.choice, button, len(items)))
            return NOTHING
        if button == "back":
            if state.step is Step.ACTIONS and self.ui.actions:
                self.ui = replace(self.ui, actions=self.ui.actions[:-1])
                return NOTHING
            if state.step in (Step.CARTS, Step.CAVE_IN) and self.ui.log:
                self.ui = replace(self.ui, log=self.ui.log[:-1], choice=0)
                return NOTHING
            return Reaction(refusal=self.words.say(HOLD_TO_UNDO))
        if button != "ok" or not items:
            return NOTHING
        key = items[self.ui.choice % len(items)][0]
        if state.step is Step.ACTIONS:
            return self._action_chosen(state, key)
        if state.step is Step.SUPPLY:
            if key == MISSION:
                return self._ask_mission(state)
            mine = key.removeprefix(MINE)
            if state.settings.dice_chasm:
                self.ui = replace(self.ui, mode=Mode.ROLL, mine=mine, roll=1)
                return NOTHING
            return Reaction(DrawCaveInToken(mine))
        if key == DONE:
            if state.step is Step.CARTS:
                return Reaction(MoveCarts(self._home(), self._gems(), tuple(self.seats_entered())))
            return Reaction(PlaceCaveIn(tuple(self.seats_entered())))
        if key == HOME:
            self.ui = replace(self.ui, mode=Mode.GEMS, gem_index=0, unload={})
            return NOTHING
        seat = int(key.removeprefix(SEAT))
        self.ui = replace(self.ui, log=(*self.ui.log, LogEntry(seat=seat)), choice=0)
        name = state.player(seat).name
        notice = (self.words.say(DERAIL_NOTICE, name=name) if state.step is Step.CARTS
                  else self.words.say(CRUSHED_NOTICE, name=name))
        return Reaction(notice=notice)

    def _action_chosen(self, state: OffTheRailsState, key: str) -> Reaction:
        if key != DONE:
            if len(self.ui.actions) >= ACTIONS_PER_TURN:
                return Reaction(refusal=self.words.say(FOUR_ACTIONS))
            self.ui = replace(self.ui, actions=(*self.ui.actions, key))
            keys = [k for k, _ in self.menu_items(state)]
            choice = keys.index(key) if key in keys else min(self.ui.choice, len(keys) - 1)
            self.ui = replace(self.ui, choice=choice)
            if len(self.ui.actions) < ACTIONS_PER_TURN:
                return NOTHING
        return Reaction(TakeActions(self.ui.actions))

    def _ask_mission(self, state: OffTheRailsState) -> Reaction:
        if state.mission_taken:
            return Reaction(refusal=self.words.say(ONE_MISSION))
        if state.missions_left() < 1:
            return Reaction(refusal=self.words.say(NO_MISSION_LEFT))
        self.ui = replace(self.ui, mode=Mode.MISSION)
        return NOTHING

    def _stones_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "back":
            self._enter(Mode.MAIN)
        elif button == "up":
            self.ui = replace(self.ui, stones=min(MAX_STONES, self.ui.stones + 1))
        elif button == "down":
            self.ui = replace(self.ui, stones=max(1, self.ui.stones - 1))
        elif button == "ok" and self.ui.card is not None:
            return Reaction(DrawDeposit(self.ui.card, self.ui.stones), uids=(self.ui.uid or "",))
        return NOTHING

    def _gems_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        index = min(self.ui.gem_index, len(GEMS) - 1)
        gem = GEMS[index]
        if button == "back":
            if index == 0:
                self.ui = replace(self.ui, mode=Mode.MAIN, unload={})
            else:
                self.ui = replace(self.ui, gem_index=index - 1)
        elif button in ("up", "down"):
            count = self.ui.unload.get(gem, 0) + (1 if button == "up" else -1)
            if button == "up" and count > self._gem_room(state, gem):
                others = sum(n for g, n in self.ui.unload.items() if g != gem)
                if count > cart_room(others):
                    return Reaction(refusal=self.words.say(CART_FULL))
                return Reaction(refusal=self.words.none_left(gem))
            self.ui = replace(self.ui, unload={**self.ui.unload, gem: max(0, count)})
        elif button == "ok":
            if index + 1 < len(GEMS):
                self.ui = replace(self.ui, gem_index=index + 1)
                return NOTHING
            load = {g: n for g, n in self.ui.unload.items() if n > 0}
            self.ui = replace(self.ui, log=(*self.ui.log, LogEntry(home=load)), mode=Mode.MAIN,
                              unload={}, choice=0)
            return Reaction(notice=self.words.unloaded(sum(load.values())))
        return NOTHING

    def _gem_room(self, state: OffTheRailsState, gem: str) -> int:
        """The most gems of this kind the unloading cart may hold."""
        others = sum(n for g, n in self.ui.unload.items() if g != gem)
        return min(cart_room(others), box_room(state, gem, self._gems().get(gem, 0)))

    def _mission_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "ok":
            event = ValidateMission()
            return Reaction(event, notice=move_words(self.words, state, event))
        if button == "back":
            self.ui = replace(self.ui, mode=Mode.MAIN)
        return NOTHING

    def _roll_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "back":
            self.ui = replace(self.ui, mode=Mode.MAIN)
        elif button in ("up", "down"):
            step = 1 if button == "up" else -1
            self.ui = replace(self.ui, roll=(self.ui.roll - 1 + step) % DIE_SIDES + 1)
        elif button == "ok" and self.ui.mine is not None:
            return Reaction(DrawCaveInToken(self.ui.mine, self.ui.roll))
        return NOTHING

    def _announce_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _setup_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, len(self._setup_pages(state)))
        if page is None:
            return Reaction(_unseen_setup(state))
        self.ui = replace(self.ui, page=max(0, page - 1) if button == "back" else page)
        return NOTHING

    def _final_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        self.ui = self.ui.turned(button, len(state.players) + 1)
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    @refuses_other_games(NOT_THIS_GAME)
    def on_card(self, state: OffTheRailsState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        mode = self.current_mode(state)
        if mode is Mode.STONES:
            return Reaction(refusal=w.say(FINISH_STONES))
        if mode is not Mode.MAIN:
            return Reaction(refusal=w.not_now())
        deposit = card.kind == "deposit" and card.value in deposit_cards()
        if not deposit and card.kind != CAVE_IN_CARD:
            return Reaction(refusal=w.say(NOT_A_DEPOSIT))
        label = w.deposit(card.value) if deposit else w.cave_in_card()
        if uid in self.counted or (deposit and card.value in state.drawn):
            return Reaction(refusal=w.say(ALREADY_DRAWN, card=label))
        step = state.step
        if step is Step.OPENING or step is Step.REVEAL:
            if not deposit:
                return Reaction(refusal=w.say(CAVE_IN_IN_DECK))
            pile = state.opening if step is Step.OPENING else state.cave_ins
            revealed = state.drawn[len(state.drawn) - (len(MINES) - len(pile)):]
            if any(mine_of(c) == mine_of(card.value) for c in revealed if c != CAVE_IN_CARD):
                return Reaction(refusal=w.mine_revealed(mine_of(card.value)))
            if step is Step.REVEAL:
                return self._checked(state, RevealCaveIn(card.value), uid)
            return self._tapped(state, card.value, uid)
        if step is Step.SUPPLY and state.era is not Era.CAVE_INS:
            if not deposit:
                return self._checked(state, DrawDeposit(CAVE_IN_CARD), uid)
            return self._tapped(state, card.value, uid)
        refusal = {
            Step.ACTIONS: w.say(DRAW_AFTER_CARTS),
            Step.CARTS: w.say(DRAW_AFTER_CARTS),
            Step.REFILL: w.say(PLACE_STONES_FIRST),
            Step.CAVE_IN: w.say(PLACE_TOKEN_FIRST),
            Step.SUPPLY: w.say(NO_MORE_CARDS),
        }.get(step, w.not_now())
        return Reaction(refusal=refusal)

    def _tapped(self, state: OffTheRailsState, card: str, uid: str) -> Reaction:
        """A deposit card to supply a mine: first ask the stones it shows."""
        error = why_illegal(state, DrawDeposit(card, 1))
        if error is not None:
            return Reaction(refusal=reason(error, self.words.language))
        self.ui = replace(self.ui, mode=Mode.STONES, card=card, uid=uid, stones=1)
        return NOTHING

    def _checked(self, state: OffTheRailsState, event: OffTheRailsEvent, uid: str) -> Reaction:
        error = why_illegal(state, event)
        if error is not None:
            return Reaction(refusal=reason(error, self.words.language))
        return Reaction(event, uids=(uid,))

    # --- After a move is committed ------------------------------------------------------------

    def _enter(self, mode: Mode) -> None:
        """`mode` with nothing entered yet (the page is kept)."""
        self.ui = OffTheRailsUI(mode=mode, page=self.ui.page)

    def accepted(self, before: OffTheRailsState, after: OffTheRailsState, event: Event,
                 uids: tuple[str, ...]) -> None:
        self._remember(event, uids)
        mode = Mode.MAIN
        if isinstance(event, DrawDeposit) and event.card == CAVE_IN_CARD:
            mode = Mode.CAVE_IN_CARD
        elif (isinstance(event, PlaceCaveIn) and before.era is Era.LAST_TURNS
              and after.era is Era.CAVE_INS and after.step is not Step.OVER):
            mode = Mode.CAVE_INS
        self.ui = OffTheRailsUI(mode=mode)

    def _remember(self, event: Event, uids: tuple[str, ...]) -> None:
        if isinstance(event, (DrawDeposit, RevealCaveIn)):
            self.counted |= set(uids)
        elif isinstance(event, TakeActions):
            self.turns += 1

    def rebuild(self, state: OffTheRailsState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.counted = set()
        self.turns = 0
        for event, uids in history:
            self._remember(event, uids)
        self.ui = OffTheRailsUI()

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        choices = [(self.words.deposit(card), "deposit", card) for card in deposit_cards()]
        return [*choices, (self.words.cave_in_card(), CAVE_IN_CARD, "")]

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        return self.counted | ({self.ui.uid} if self.ui.uid else set())

def _unseen_setup(state: OffTheRailsState) -> Setup:
    """The deposit cards as the table sorts them out: the companion sees none of them."""
    players = len(state.players)
    return Setup(removed=(UNSEEN,) * (REMOVED_PER_MINE[players] * len(MINES)),
                 opening=(UNSEEN,) * len(MINES), cave_ins=(UNSEEN,) * len(MINES),
                 deck=(UNSEEN,) * (DECK_SIZE[players] + 1))


__all__ = ["GAME", "OffTheRailsFlow"]
