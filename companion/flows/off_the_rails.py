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

from collections import Counter
from collections.abc import Callable
from enum import Enum
from typing import Any

from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.off_the_rails.components import (
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
    UNSEEN,
    deposit_cards,
    mine_of,
    missions_in_play,
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
from engine.games.off_the_rails.rules import box_room, cart_room, result
from engine.games.off_the_rails.state import Era, OffTheRailsState, Step
from engine.games.off_the_rails.table import why_illegal

from ..i18n import reason
from ..inputs import Input, Press, Tap
from ..screens.model import Menu, Screen, Style
from .base import NOTHING, CardLike, Reaction
from .menus import moved, toward
from .off_the_rails_text import GAME, Words

#: The most stones a deposit card is taken to show (the rules text does not print them).
MAX_STONES = 9
#: The gems, in the order they are asked for when a cart unloads.
GEMS = tuple(GEMS_IN_BOX)

# Keys of the menu items (kept in the draft, so plain strings).
DONE = "done"
HOME = "home"
MISSION = "mission"
SEAT = "seat:"
MINE = "mine:"


class Mode(Enum):
    MAIN = "main"
    #: A deposit card was tapped: how many stones does it show?
    STONES = "stones"
    #: A cart came home: its gems, one kind after the other.
    GEMS = "gems"
    #: Take a mission? (phase 3)
    MISSION = "mission"
    #: Dice Chasm: the eight-sided die's result.
    ROLL = "roll"
    #: The cave-in card was drawn: the last turns.
    CAVE_IN_CARD = "cave-in-card"
    #: The first cave-ins are placed: the rules change.
    CAVE_INS = "cave-ins"
    # Derived from the game itself, never stored:
    SETUP = "setup"
    FINAL = "final"


#: The modes each step of the game allows besides MAIN (the others fall back to MAIN).
ALLOWED = {
    Mode.STONES: (Step.OPENING, Step.SUPPLY),
    Mode.GEMS: (Step.CARTS,),
    Mode.MISSION: (Step.SUPPLY,),
    Mode.ROLL: (Step.SUPPLY,),
    Mode.CAVE_IN_CARD: (Step.ACTIONS,),
    Mode.CAVE_INS: (Step.ACTIONS, Step.CARTS, Step.SUPPLY),
}


class OffTheRailsFlow:
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

    # --- What the screen shows ----------------------------------------------------------------

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

    def screen(self, state: OffTheRailsState) -> Screen:
        w = self.words
        mode = self.current_mode(state)
        if mode is Mode.SETUP:
            pages = self._setup_pages(state)
            page = min(self.page, len(pages) - 1)
            title, body = pages[page]
            return Screen(top=w.setup_top(), title=title, body=body, hints=w.hint_pages(),
                          progress=(page + 1, len(pages)))
        if mode is Mode.FINAL:
            return self._tally_screen(state)
        top = self._top(state)
        name = state.player().name
        if mode is Mode.CAVE_IN_CARD:
            names = [state.player(seat).name for seat in (state.current, *state.still_to_play)]
            return Screen(top=top, title=w.cave_in_announce(), body=w.cave_in_body(names),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.CAVE_INS:
            return Screen(top=top, title=w.cave_ins_begin(), body=w.cave_ins_rules(),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.STONES:
            return Screen(top=top, title=w.stones_title(self.card or "", self.stones),
                          body=w.stones_question(), hints=w.hint_number())
        if mode is Mode.GEMS:
            gem = GEMS[min(self.gem_index, len(GEMS) - 1)]
            return Screen(top=w.unload_top(sum(self.unload.values())),
                          title=w.gem_title(gem, self.unload.get(gem, 0)),
                          body=w.unload_question(), hints=w.hint_pages(),
                          progress=(self.gem_index + 1, len(GEMS)))
        if mode is Mode.MISSION:
            return Screen(top=top, title=w.mission_question(name),
                          body=w.mission_body(state.missions_left()), hints=w.hint_confirm(),
                          style=Style.CONFIRM)
        if mode is Mode.ROLL:
            return Screen(top=top, title=w.roll_title(self.roll),
                          body=w.roll_question(self.mine or MINES[0]), hints=w.hint_number())
        return self._main_screen(state, top)

    def _main_screen(self, state: OffTheRailsState, top: str) -> Screen:
        w = self.words
        step = state.step
        name = state.player().name
        if step is Step.OPENING:
            return Screen(top=top, title=w.tap_opening(), body=w.tap_it(),
                          hints=w.hint_tap(), progress=(len(MINES) - len(state.opening),
                                                        len(MINES)))
        if step is Step.REVEAL:
            return Screen(top=top, title=w.reveal_title(), body=w.tap_it(),
                          hints=w.hint_tap(), progress=(len(MINES) - len(state.cave_ins),
                                                        len(MINES)))
        if step is Step.REFILL:
            stones = state.pending.stones if state.pending else 0
            return Screen(top=top, title=w.refill_title(state.drawn[-1]),
                          body=w.refill_body(stones), hints=w.hint_refill())
        if step is Step.ACTIONS:
            number = min(len(self.actions) + 1, ACTIONS_PER_TURN)
            title = (w.last_actions_title(name, number) if state.era is Era.LAST_TURNS
                     else w.actions_title(name, number))
            return Screen(top=top, title=title, menu=self._menu(state), hints=w.hint_actions())
        if step is Step.CARTS:
            return Screen(top=top, title=w.carts_title(name), menu=self._menu(state),
                          hints=w.hint_list())
        if step is Step.CAVE_IN:
            pending = state.pending
            mine, space = (pending.mine, pending.space) if pending else (MINES[0], 0)
            title = w.cave_in_title(mine, space, or_next=state.era is Era.CAVE_INS)
            return Screen(top=top, title=title, menu=self._menu(state), hints=w.hint_list())
        if state.era is Era.CAVE_INS:
            return Screen(top=top, title=w.draw_token(name), menu=self._menu(state),
                          hints=w.hint_token())
        body = (*w.tap_top_card(), w.missions_left(state.missions_left(), state.mission_taken))
        return Screen(top=top, title=w.draw_card(name), body=body, hints=w.hint_supply())

    def _top(self, state: OffTheRailsState) -> str:
        """The context line; in a player's turn, the player's name first."""
        context = self._context(state)
        if state.step in (Step.ACTIONS, Step.CARTS, Step.SUPPLY):
            return self.words.turn_top(state.player().name, context)
        return context

    def _context(self, state: OffTheRailsState) -> str:
        w = self.words
        if state.step in (Step.OPENING, Step.REFILL) and not state.deck_draws:
            return w.opening_top()
        if state.step is Step.REVEAL or (state.step is Step.CAVE_IN
                                         and state.era is Era.LAST_TURNS):
            return w.first_cave_ins_top(len(MINES) - len(state.cave_ins))
        if state.era is Era.CAVE_INS:
            return w.cave_ins_top(state.tokens_placed(), CAVE_IN_TOKENS)
        if state.era is Era.LAST_TURNS:
            return w.last_turns_top([state.player(seat).name for seat in state.still_to_play])
        turn = self.turns + (1 if state.step is Step.ACTIONS else 0)
        return w.supply_top(max(turn, 1), len(state.deck))

    def _setup_pages(self, state: OffTheRailsState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        players = len(state.players)
        deck = DECK_SIZE[players]
        where = CAVE_IN_PLACEMENT[players].positions(deck)
        top, middle = where[0], len(where) - 1
        bottom = deck - top - middle
        pages = [
            w.setup_removed(REMOVED_PER_MINE[players]),
            w.setup_opening(),
            w.setup_cave_ins(),
            w.setup_deck(deck, top, middle, bottom),
            w.setup_cave_in_card(top, middle, bottom),
            w.setup_players(missions_in_play(players), state.players[state.first].name),
        ]
        modes = [mode for on, mode in ((state.settings.bumper, w.bumper()),
                                       (state.settings.dice_chasm, w.dice_chasm())) if on]
        return [*pages, w.setup_modes(modes)] if modes else pages

    def _tally_screen(self, state: OffTheRailsState) -> Screen:
        w = self.words
        tally = result(state)
        pages = len(tally.players) + 1
        page = min(self.page, pages - 1)
        if page < len(tally.players):
            score = tally.players[page]
            lines = w.tally_lines(score.breakdown)
            return Screen(top=w.final_top(), title=w.tally_title(score.name, score.total),
                          menu=Menu(lines, -1), hints=w.hint_pages(), progress=(page + 1, pages))
        ranking = sorted(tally.players, key=lambda score: -score.total)
        lines = tuple(w.rank(place + 1, score.name, score.total)
                      for place, score in enumerate(ranking))
        return Screen(top=w.final_top(), title=w.winners(tally.winners), menu=Menu(lines, -1),
                      hints=w.hint_pages(), style=Style.ANNOUNCE)

    # --- The lists ----------------------------------------------------------------------------

    def _items(self, state: OffTheRailsState) -> list[tuple[str, str]]:
        """The current list as (key, label)."""
        w = self.words
        step = state.step
        player = state.player()
        if step is Step.ACTIONS:
            placed = self.actions.count(PLACE_CART)
            reserve, on_board = player.reserve - placed, player.on_board + placed
            counts = Counter(self.actions)
            items = [(action, w.action(action, counts[action])) for action in ACTIONS
                     if (action != PLACE_CART or reserve > 0)
                     and (action != ADJUST_DIE or on_board > 0)]
            return [*items, (DONE, w.actions_done(len(self.actions)))]
        if step is Step.CARTS:
            home = self._home()
            first = w.done() if self.log else w.all_rolling()
            items = [(DONE, first)]
            if self._carts_left(state, state.current) > 0:
                items.append((HOME, w.cart_home(home, sum(self._gems().values()))))
            seats = Counter(self._seats())
            items += [(f"{SEAT}{seat}", w.derailed(p.name, seats[seat]))
                      for seat, p in enumerate(state.players)
                      if self._carts_left(state, seat) > 0]
            return items
        if step is Step.CAVE_IN:
            seats = Counter(self._seats())
            first = w.done() if self.log else w.nothing_crushed()
            return [(DONE, first), *((f"{SEAT}{seat}", w.crushed(p.name, seats[seat]))
                                     for seat, p in enumerate(state.players)
                                     if self._carts_left(state, seat) > 0)]
        if step is Step.SUPPLY and state.era is Era.CAVE_INS:
            items = [(f"{MINE}{mine}", w.token_option(mine, left))
                     for mine, left in state.tokens_left.items() if left > 0]
            if not state.mission_taken and state.missions_left() > 0:
                items.append((MISSION, w.take_mission()))
            return items
        return []

    def _menu(self, state: OffTheRailsState) -> Menu:
        items = self._items(state)
        return Menu(tuple(label for _, label in items), self.choice % max(1, len(items)))

    def _home(self) -> int:
        return sum(1 for entry in self.log if "home" in entry)

    def _gems(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for entry in self.log:
            total.update(entry.get("home", {}))
        return {gem: total[gem] for gem in GEMS if total[gem]}

    def _seats(self) -> list[int]:
        return [int(entry["seat"]) for entry in self.log if "seat" in entry]

    def _carts_left(self, state: OffTheRailsState, seat: int) -> int:
        """Carts of `seat` still on the board, with what was entered so far."""
        left = state.player(seat).on_board - self._seats().count(seat)
        if seat == state.current and state.step is Step.CARTS:
            left -= self._home()
        return left

    # --- Buttons ------------------------------------------------------------------------------

    def on_button(self, state: OffTheRailsState, button: str) -> Reaction:
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

    def _main_button(self, state: OffTheRailsState, button: str) -> Reaction:
        step = state.step
        if step in (Step.ACTIONS, Step.CARTS, Step.CAVE_IN) or (
                step is Step.SUPPLY and state.era is Era.CAVE_INS):
            return self._list_button(state, button)
        if button == "back":
            return Reaction(refusal=self.words.hold_to_undo())
        if button != "ok":
            return NOTHING
        if step is Step.REFILL:
            return Reaction(Refill())
        if step is Step.SUPPLY:
            return self._ask_mission(state)
        return Reaction(refusal=" ".join(self.words.tap_it()))

    def _list_button(self, state: OffTheRailsState, button: str) -> Reaction:
        items = self._items(state)
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
            return Reaction(refusal=self.words.hold_to_undo())
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
                return Reaction(MoveCarts(self._home(), self._gems(), tuple(self._seats())))
            return Reaction(PlaceCaveIn(tuple(self._seats())))
        if key == HOME:
            self.mode, self.gem_index, self.unload = Mode.GEMS, 0, {}
            return NOTHING
        seat = int(key.removeprefix(SEAT))
        self.log.append({"seat": seat})
        self.choice = 0
        name = state.player(seat).name
        notice = (self.words.derail_notice(name) if state.step is Step.CARTS
                  else self.words.crushed_notice(name))
        return Reaction(notice=notice)

    def _action_chosen(self, state: OffTheRailsState, key: str) -> Reaction:
        if key != DONE:
            if len(self.actions) >= ACTIONS_PER_TURN:
                return Reaction(refusal=self.words.four_actions())
            self.actions.append(key)
            keys = [k for k, _ in self._items(state)]
            self.choice = keys.index(key) if key in keys else min(self.choice, len(keys) - 1)
            if len(self.actions) < ACTIONS_PER_TURN:
                return NOTHING
        return Reaction(TakeActions(tuple(self.actions)))

    def _ask_mission(self, state: OffTheRailsState) -> Reaction:
        if state.mission_taken:
            return Reaction(refusal=self.words.one_mission())
        if state.missions_left() < 1:
            return Reaction(refusal=self.words.no_mission_left())
        self.mode = Mode.MISSION
        return NOTHING

    def _stones_button(self, state: OffTheRailsState, button: str) -> Reaction:
        if button == "back":
            self._enter(Mode.MAIN)
        elif button == "up":
            self.stones = min(MAX_STONES, self.stones + 1)
        elif button == "down":
            self.stones = max(1, self.stones - 1)
        elif button == "ok" and self.card is not None:
            return Reaction(DrawDeposit(self.card, self.stones), uids=(self.uid or "",))
        return NOTHING

    def _gems_button(self, state: OffTheRailsState, button: str) -> Reaction:
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
                if count > cart_room(others):
                    return Reaction(refusal=self.words.cart_full())
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
        return min(cart_room(others), box_room(state, gem, self._gems().get(gem, 0)))

    def _mission_button(self, state: OffTheRailsState, button: str) -> Reaction:
        if button == "ok":
            return Reaction(ValidateMission(),
                            notice=self.words.mission_taken(state.player().name))
        if button == "back":
            self.mode = Mode.MAIN
        return NOTHING

    def _roll_button(self, state: OffTheRailsState, button: str) -> Reaction:
        if button == "back":
            self.mode = Mode.MAIN
        elif button in ("up", "down"):
            self.roll = (self.roll - 1 + (1 if button == "up" else -1)) % DIE_SIDES + 1
        elif button == "ok" and self.mine is not None:
            return Reaction(DrawCaveInToken(self.mine, self.roll))
        return NOTHING

    def _announce_button(self, state: OffTheRailsState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _setup_button(self, state: OffTheRailsState, button: str) -> Reaction:
        pages = len(self._setup_pages(state))
        if button in ("up", "down"):
            self.page = moved(self.page, button, pages)
        elif button == "back":
            self.page = max(0, self.page - 1)
        elif button == "ok":
            if self.page < pages - 1:
                self.page += 1
            else:
                return Reaction(_unseen_setup(state))
        return NOTHING

    def _final_button(self, state: OffTheRailsState, button: str) -> Reaction:
        if button in ("up", "down", "ok"):
            self.page = moved(self.page, "down" if button == "ok" else button,
                               len(state.players) + 1)
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: OffTheRailsState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        mode = self.current_mode(state)
        if card.game != GAME:
            return Reaction(refusal=w.not_this_game())
        if mode is Mode.STONES:
            return Reaction(refusal=w.finish_stones())
        if mode is not Mode.MAIN:
            return Reaction(refusal=w.not_now())
        deposit = card.kind == "deposit" and card.value in deposit_cards()
        if not deposit and card.kind != CAVE_IN_CARD:
            return Reaction(refusal=w.not_a_deposit())
        label = w.deposit(card.value) if deposit else w.cave_in_card()
        if uid in self.counted or (deposit and card.value in state.drawn):
            return Reaction(refusal=w.already_drawn(label))
        step = state.step
        if step is Step.OPENING or step is Step.REVEAL:
            if not deposit:
                return Reaction(refusal=w.cave_in_in_deck())
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
            Step.ACTIONS: w.draw_after_carts(),
            Step.CARTS: w.draw_after_carts(),
            Step.REFILL: w.place_stones_first(),
            Step.CAVE_IN: w.place_token_first(),
            Step.SUPPLY: w.no_more_cards(),
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
        return {
            "mode": self.mode.value,
            "choice": self.choice,
            "page": self.page,
            "actions": list(self.actions),
            "log": [dict(entry) for entry in self.log],
            "gem_index": self.gem_index,
            "unload": dict(self.unload),
            "card": self.card,
            "uid": self.uid,
            "stones": self.stones,
            "mine": self.mine,
            "roll": self.roll,
        }

    def restore(self, draft: dict[str, Any]) -> None:
        try:
            mode = Mode(draft.get("mode", "main"))
            actions = [str(a) for a in draft.get("actions", []) if a in ACTIONS]
            log = [_entry(entry) for entry in draft.get("log", [])]
            unload = {str(g): int(n) for g, n in dict(draft.get("unload", {})).items()
                      if g in GEMS_IN_BOX}
            card = draft.get("card")
            mine = draft.get("mine")
            numbers = [int(draft.get(key, 0)) for key in ("choice", "page", "gem_index",
                                                         "stones", "roll")]
        except (TypeError, ValueError, AttributeError):
            return  # a draft from another version: start the phase afresh
        self.mode = mode if mode not in (Mode.SETUP, Mode.FINAL) else Mode.MAIN
        self.actions, self.log, self.unload = actions, log, unload
        self.card = card if card in deposit_cards() else None
        self.uid = str(draft["uid"]) if self.card and draft.get("uid") else None
        self.mine = mine if mine in MINES else None
        self.choice, self.page = max(0, numbers[0]), max(0, numbers[1])
        self.gem_index = min(max(0, numbers[2]), len(GEMS) - 1)
        self.stones = min(max(1, numbers[3]), MAX_STONES)
        self.roll = min(max(1, numbers[4]), DIE_SIDES)

    # --- The automated player of the demo -----------------------------------------------------

    def next_input(self, state: OffTheRailsState, goal: Event,
                   uid_for: Callable[[str, str], str]) -> Input:
        mode = self.current_mode(state)
        if mode in (Mode.SETUP, Mode.FINAL, Mode.CAVE_IN_CARD, Mode.CAVE_INS):
            return Press("ok")
        if isinstance(goal, DrawDeposit):
            if goal.card == CAVE_IN_CARD:
                return Tap(uid_for(CAVE_IN_CARD, "")) if mode is Mode.MAIN else Press("back")
            if mode is Mode.STONES and self.card == goal.card:
                return _toward_number(self.stones, goal.stones, "up", "down")
            return Tap(uid_for("deposit", goal.card)) if mode is Mode.MAIN else Press("back")
        if isinstance(goal, RevealCaveIn):
            return Tap(uid_for("deposit", goal.card)) if mode is Mode.MAIN else Press("back")
        if isinstance(goal, ValidateMission):
            if mode is Mode.MISSION:
                return Press("ok")
            if mode is not Mode.MAIN:
                return Press("back")
            if state.era is Era.CAVE_INS:
                return self._toward_key(state, MISSION)
            return Press("ok")
        if isinstance(goal, DrawCaveInToken):
            if mode is Mode.ROLL:
                if self.mine != goal.mine:
                    return Press("back")
                return _toward_number(self.roll, goal.roll, "up", "down")
            if mode is not Mode.MAIN:
                return Press("back")
            return self._toward_key(state, f"{MINE}{goal.mine}")
        if isinstance(goal, MoveCarts):
            return self._toward_carts(state, goal, mode)
        if mode is not Mode.MAIN:
            return Press("back")
        if isinstance(goal, Refill):
            return Press("ok")
        if isinstance(goal, TakeActions):
            done = tuple(self.actions)
            if done != goal.actions[: len(done)] or len(done) > len(goal.actions):
                return Press("back")
            wanted = goal.actions[len(done)] if len(done) < len(goal.actions) else DONE
            return self._toward_key(state, wanted)
        if isinstance(goal, PlaceCaveIn):
            return self._toward_seats(state, goal.crushed)
        raise IllegalEvent("no table input enters this move")

    def _toward_carts(self, state: OffTheRailsState, goal: MoveCarts, mode: Mode) -> Input:
        loads = split_gems(goal.gems, goal.home)
        entered = [entry["home"] for entry in self.log if "home" in entry]
        if mode is Mode.GEMS:
            if len(entered) >= len(loads) or entered != loads[: len(entered)]:
                return Press("back")
            target = loads[len(entered)]
            gem = GEMS[min(self.gem_index, len(GEMS) - 1)]
            return _toward_number(self.unload.get(gem, 0), target.get(gem, 0), "up", "down")
        if mode is not Mode.MAIN or entered != loads[: len(entered)]:
            return Press("back")
        if len(entered) < goal.home:
            return self._toward_key(state, HOME)
        return self._toward_seats(state, goal.derailed)

    def _toward_seats(self, state: OffTheRailsState, seats: tuple[int, ...]) -> Input:
        missing = Counter(seats) - Counter(self._seats())
        if Counter(self._seats()) - Counter(seats):
            return Press("back")
        for seat in seats:
            if missing[seat]:
                return self._toward_key(state, f"{SEAT}{seat}")
        return self._toward_key(state, DONE)

    def _toward_key(self, state: OffTheRailsState, key: str) -> Input:
        keys = [k for k, _ in self._items(state)]
        if key not in keys:
            raise IllegalEvent("no table input enters this move")
        return toward(self.choice % len(keys), keys.index(key))


def split_gems(gems: dict[str, int], home: int) -> list[dict[str, int]]:
    """The gems unloaded in one phase 2, cart by cart (each cart holds at most five)."""
    loads: list[dict[str, int]] = [{} for _ in range(home)]
    cart = 0
    for gem in GEMS:
        for _ in range(gems.get(gem, 0)):
            if not loads:
                return loads
            if cart < home - 1 and sum(loads[cart].values()) >= CART_CAPACITY:
                cart += 1
            loads[cart][gem] = loads[cart].get(gem, 0) + 1
    return loads


def _unseen_setup(state: OffTheRailsState) -> Setup:
    """The deposit cards as the table sorts them out: the companion sees none of them."""
    players = len(state.players)
    return Setup(removed=(UNSEEN,) * (REMOVED_PER_MINE[players] * len(MINES)),
                 opening=(UNSEEN,) * len(MINES), cave_ins=(UNSEEN,) * len(MINES),
                 deck=(UNSEEN,) * (DECK_SIZE[players] + 1))


def _entry(entry: Any) -> dict[str, Any]:
    if "seat" in entry:
        return {"seat": int(entry["seat"])}
    return {"home": {str(g): int(n) for g, n in dict(entry["home"]).items() if g in GEMS_IN_BOX}}




def _toward_number(current: int, wanted: int, more: str, less: str) -> Input:
    if current == wanted:
        return Press("ok")
    return Press(more if current < wanted else less)


__all__ = ["GAME", "OffTheRailsFlow", "split_gems"]
