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

from typing import Any

from engine.events import Event
from engine.games.off_the_rails.components import (
    ACTIONS_PER_TURN,
    CART_CAPACITY,
    CAVE_IN_CARD,
    DECK_SIZE,
    DIE_SIDES,
    GEMS_IN_BOX,
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
from engine.games.off_the_rails.state import Era, OffTheRailsState, Step
from engine.games.off_the_rails.table import why_illegal

from ..i18n import reason
from .base import NOTHING, CardLike, Reaction
from .kit import Button, leafed, moved, other_game, turned, ui_draft, ui_from_draft
from .off_the_rails_screens import OffTheRailsScreens
from .off_the_rails_text import (
    ALREADY_DRAWN,
    CART_FULL,
    CAVE_IN_IN_DECK,
    CRUSHED_NOTICE,
    DERAIL_NOTICE,
    DRAW_AFTER_CARTS,
    FINISH_STONES,
    FOUR_ACTIONS,
    GAME,
    HOLD_TO_UNDO,
    MISSION_TAKEN,
    NO_MISSION_LEFT,
    NO_MORE_CARDS,
    NOT_A_DEPOSIT,
    NOT_THIS_GAME,
    ONE_MISSION,
    PLACE_STONES_FIRST,
    PLACE_TOKEN_FIRST,
    Words,
)  # fmt: skip
from .off_the_rails_ui import (
    ALLOWED,
    DONE,
    GEMS,
    HOME,
    MAX_STONES,
    MINE,
    MISSION,
    SEAT,
    Mode,
    OffTheRailsUI,
)  # fmt: skip


class OffTheRailsFlow(OffTheRailsScreens):
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.mode = Mode.MAIN
        self.choice = 0
        self.page = 0
        #: Phase 1: the actions chosen so far.
        self.actions: list[str] = []
        #: Phase 2 and cave-ins: what was entered so far, in order: {"home": gems} for a cart
        #: home, {"seat": n} for a cart derailed or crushed.
        self.log: list[dict[str, Any]] = []
        #: A cart unloading: which gem is asked, and the counts so far.
        self.gem_index = 0
        self.unload: dict[str, int] = {}
        #: The deposit card tapped, its tag and the stones it shows.
        self.card: str | None = None
        self.uid: str | None = None
        self.stones = 1
        #: Dice Chasm: the token's mine and the die.
        self.mine: str | None = None
        self.roll = 1
        #: Derived from the journal: the tags of the cards drawn, and the turns begun.
        self.counted: set[str] = set()
        self.turns = 0

    def current_mode(self, state: OffTheRailsState) -> Mode:
        if state.step is Step.SETUP:
            return Mode.SETUP
        if state.step is Step.OVER:
            return Mode.FINAL
        if state.step not in ALLOWED.get(self.mode, ()):
            return Mode.MAIN
        # A draft from before a change of era, or half-made, is set aside.
        if self.mode is Mode.STONES and (self.card is None or state.era is Era.CAVE_INS):
            return Mode.MAIN
        if self.mode is Mode.ROLL and (self.mine is None or state.era is not Era.CAVE_INS):
            return Mode.MAIN
        return self.mode

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
            self.choice = moved(self.choice, button, len(items))
            return NOTHING
        if button == "back":
            if state.step is Step.ACTIONS and self.actions:
                self.actions.pop()
                return NOTHING
            if state.step in (Step.CARTS, Step.CAVE_IN) and self.log:
                self.log.pop()
                self.choice = 0
                return NOTHING
            return Reaction(refusal=self.words.say(HOLD_TO_UNDO))
        if button != "ok" or not items:
            return NOTHING
        key = items[self.choice % len(items)][0]
        if state.step is Step.ACTIONS:
            return self._action_chosen(state, key)
        if state.step is Step.SUPPLY:
            if key == MISSION:
                return self._ask_mission(state)
            mine = key.removeprefix(MINE)
            if state.settings.dice_chasm:
                self.mode, self.mine, self.roll = Mode.ROLL, mine, 1
                return NOTHING
            return Reaction(DrawCaveInToken(mine))
        if key == DONE:
            if state.step is Step.CARTS:
                return Reaction(MoveCarts(self._home(), self._gems(), tuple(self.seats_entered())))
            return Reaction(PlaceCaveIn(tuple(self.seats_entered())))
        if key == HOME:
            self.mode, self.gem_index, self.unload = Mode.GEMS, 0, {}
            return NOTHING
        seat = int(key.removeprefix(SEAT))
        self.log.append({"seat": seat})
        self.choice = 0
        name = state.player(seat).name
        notice = (self.words.say(DERAIL_NOTICE, name=name) if state.step is Step.CARTS
                  else self.words.say(CRUSHED_NOTICE, name=name))
        return Reaction(notice=notice)

    def _action_chosen(self, state: OffTheRailsState, key: str) -> Reaction:
        if key != DONE:
            if len(self.actions) >= ACTIONS_PER_TURN:
                return Reaction(refusal=self.words.say(FOUR_ACTIONS))
            self.actions.append(key)
            keys = [k for k, _ in self.menu_items(state)]
            self.choice = keys.index(key) if key in keys else min(self.choice, len(keys) - 1)
            if len(self.actions) < ACTIONS_PER_TURN:
                return NOTHING
        return Reaction(TakeActions(tuple(self.actions)))

    def _ask_mission(self, state: OffTheRailsState) -> Reaction:
        if state.mission_taken:
            return Reaction(refusal=self.words.say(ONE_MISSION))
        if state.missions_left() < 1:
            return Reaction(refusal=self.words.say(NO_MISSION_LEFT))
        self.mode = Mode.MISSION
        return NOTHING

    def _stones_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "back":
            self._enter(Mode.MAIN)
        elif button == "up":
            self.stones = min(MAX_STONES, self.stones + 1)
        elif button == "down":
            self.stones = max(1, self.stones - 1)
        elif button == "ok" and self.card is not None:
            return Reaction(DrawDeposit(self.card, self.stones), uids=(self.uid or "",))
        return NOTHING

    def _gems_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        index = min(self.gem_index, len(GEMS) - 1)
        gem = GEMS[index]
        if button == "back":
            if index == 0:
                self.mode, self.unload = Mode.MAIN, {}
            else:
                self.gem_index = index - 1
        elif button in ("up", "down"):
            count = self.unload.get(gem, 0) + (1 if button == "up" else -1)
            if button == "up" and count > self._gem_room(state, gem):
                others = sum(n for g, n in self.unload.items() if g != gem)
                if count > CART_CAPACITY - others:
                    return Reaction(refusal=self.words.say(CART_FULL))
                return Reaction(refusal=self.words.none_left(gem))
            self.unload[gem] = max(0, count)
        elif button == "ok":
            if index + 1 < len(GEMS):
                self.gem_index = index + 1
                return NOTHING
            load = {g: n for g, n in self.unload.items() if n > 0}
            self.log.append({"home": load})
            self.mode, self.unload, self.choice = Mode.MAIN, {}, 0
            return Reaction(notice=self.words.unloaded(sum(load.values())))
        return NOTHING

    def _gem_room(self, state: OffTheRailsState, gem: str) -> int:
        """The most gems of this kind the unloading cart may hold."""
        others = sum(n for g, n in self.unload.items() if g != gem)
        stored = sum(p.gems.get(gem, 0) for p in state.players) + self._gems().get(gem, 0)
        return max(0, min(CART_CAPACITY - others, GEMS_IN_BOX[gem] - stored))

    def _mission_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "ok":
            return Reaction(ValidateMission(),
                            notice=self.words.say(MISSION_TAKEN, name=state.player().name))
        if button == "back":
            self.mode = Mode.MAIN
        return NOTHING

    def _roll_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "back":
            self.mode = Mode.MAIN
        elif button in ("up", "down"):
            self.roll = (self.roll - 1 + (1 if button == "up" else -1)) % DIE_SIDES + 1
        elif button == "ok" and self.mine is not None:
            return Reaction(DrawCaveInToken(self.mine, self.roll))
        return NOTHING

    def _announce_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _setup_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        page = leafed(self.page, button, len(self._setup_pages(state)))
        if page is None:
            return Reaction(_unseen_setup(state))
        self.page = max(0, page - 1) if button == "back" else page
        return NOTHING

    def _final_button(self, state: OffTheRailsState, button: Button) -> Reaction:
        self.page = turned(self.page, button, len(state.players) + 1)
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: OffTheRailsState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        mode = self.current_mode(state)
        foreign = other_game(card, GAME, w.say(NOT_THIS_GAME))
        if foreign:
            return foreign
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
        self.mode, self.card, self.uid, self.stones = Mode.STONES, card, uid, 1
        return NOTHING

    def _checked(self, state: OffTheRailsState, event: OffTheRailsEvent, uid: str) -> Reaction:
        error = why_illegal(state, event)
        if error is not None:
            return Reaction(refusal=reason(error, self.words.language))
        return Reaction(event, uids=(uid,))

    # --- After a move is committed ------------------------------------------------------------

    def _enter(self, mode: Mode) -> None:
        self.mode = mode
        self.choice = 0
        self.actions = []
        self.log = []
        self.gem_index = 0
        self.unload = {}
        self.card = self.uid = None
        self.stones = 1
        self.mine = None
        self.roll = 1

    def accepted(self, before: OffTheRailsState, after: OffTheRailsState, event: Event,
                 uids: tuple[str, ...]) -> None:
        self._remember(event, uids)
        self._enter(Mode.MAIN)
        self.page = 0
        if isinstance(event, DrawDeposit) and event.card == CAVE_IN_CARD:
            self.mode = Mode.CAVE_IN_CARD
        elif (isinstance(event, PlaceCaveIn) and before.era is Era.LAST_TURNS
              and after.era is Era.CAVE_INS and after.step is not Step.OVER):
            self.mode = Mode.CAVE_INS

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
        self._enter(Mode.MAIN)
        self.page = 0

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        choices = [(self.words.deposit(card), "deposit", card) for card in deposit_cards()]
        return [*choices, (self.words.cave_in_card(), CAVE_IN_CARD, "")]

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        return self.counted | ({self.uid} if self.uid else set())

    def draft(self) -> dict[str, Any]:
        return ui_draft(OffTheRailsUI(
            self.mode, self.choice, self.page, tuple(self.actions),
            tuple(dict(entry) for entry in self.log), self.gem_index, dict(self.unload),
            self.card, self.uid, self.stones, self.mine, self.roll))

    def restore(self, draft: dict[str, Any]) -> None:
        ui = ui_from_draft(OffTheRailsUI, draft)
        if ui is None or not ui.fits():
            return  # a draft from another version: start the phase afresh
        self.mode, self.choice, self.page = ui.mode, ui.choice, ui.page
        self.actions, self.log = list(ui.actions), [dict(entry) for entry in ui.log]
        self.gem_index, self.unload = ui.gem_index, dict(ui.unload)
        self.card, self.uid, self.stones = ui.card, ui.uid, ui.stones
        self.mine, self.roll = ui.mine, ui.roll


def _unseen_setup(state: OffTheRailsState) -> Setup:
    """The deposit cards as the table sorts them out: the companion sees none of them."""
    players = len(state.players)
    return Setup(removed=(UNSEEN,) * (REMOVED_PER_MINE[players] * len(MINES)),
                 opening=(UNSEEN,) * len(MINES), cave_ins=(UNSEEN,) * len(MINES),
                 deck=(UNSEEN,) * (DECK_SIZE[players] + 1))


__all__ = ["GAME", "OffTheRailsFlow"]
