"""What the Off the Rails table shows, and the lists its menus offer, read from the flow's
state."""

from __future__ import annotations

from collections import Counter

from companion.flows.kit import FlowPart
from companion.games.off_the_rails.messages import (  # fmt: skip
    ACTIONS_DONE,
    ACTIONS_TITLE,
    ALL_ROLLING,
    BUMPER,
    CARTS_TITLE,
    CAVE_IN_ANNOUNCE,
    CAVE_INS_BEGIN,
    CAVE_INS_PAGE,
    CAVE_INS_TEXT,
    CAVE_INS_TOP,
    DICE_CHASM,
    DONE_LABEL,
    DRAW_CARD,
    DRAW_TOKEN,
    FIRST_CAVE_INS_TOP,
    HINT_ACTIONS,
    HINT_LIST,
    HINT_NUMBER,
    HINT_REFILL,
    HINT_SUPPLY,
    HINT_TAP,
    HINT_TOKEN,
    LAST_ACTIONS_TITLE,
    MISSION_QUESTION,
    NOTHING_CRUSHED,
    OPENING_PAGE,
    OPENING_TEXT,
    OPENING_TOP,
    RANK,
    REVEAL_TITLE,
    ROLL_TITLE,
    SETUP_TOP,
    SUPPLY_TOP,
    TAKE_MISSION,
    TALLY_TITLE,
    TAP_OPENING,
    UNLOAD_TOP,
)
from companion.games.off_the_rails.ui import (
    DONE,
    GEMS,
    HOME,
    MINE,
    MISSION,
    SEAT,
    Mode,
    OffTheRailsUI,
)
from companion.games.off_the_rails.words import Words
from companion.screens.model import Menu, Screen, Style
from engine.games.off_the_rails.components import (
    ACTIONS,
    ACTIONS_PER_TURN,
    ADJUST_DIE,
    CAVE_IN_PLACEMENT,
    CAVE_IN_TOKENS,
    DECK_SIZE,
    MINES,
    PLACE_CART,
    REMOVED_PER_MINE,
    missions_in_play,
)  # fmt: skip
from engine.games.off_the_rails.rules import result
from engine.games.off_the_rails.state import Era, OffTheRailsState, Step


class OffTheRailsScreens(FlowPart[OffTheRailsState, Mode]):
    """The screens and lists of the Off the Rails flow; the flow gives the state they read."""

    words: Words
    ui: OffTheRailsUI
    #: Derived from the journal: the turns begun.
    turns: int

    def screen(self, state: OffTheRailsState) -> Screen:
        w = self.words
        mode = self.current_mode(state)
        if mode is Mode.SETUP:
            return w.setup_screen(w.say(SETUP_TOP), self._setup_pages(state), self.ui.page)
        if mode is Mode.FINAL:
            return self._tally_screen(state)
        top = self._top(state)
        name = state.player().name
        if mode is Mode.CAVE_IN_CARD:
            names = [state.player(seat).name for seat in (state.current, *state.still_to_play)]
            return Screen(top=top, title=w.say(CAVE_IN_ANNOUNCE), body=w.cave_in_body(names),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.CAVE_INS:
            return Screen(top=top, title=w.say(CAVE_INS_BEGIN), body=w.cave_ins_rules(),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.STONES:
            return Screen(top=top, title=w.stones_title(self.ui.card or "", self.ui.stones),
                          body=w.stones_question(), hints=w.say(HINT_NUMBER))
        if mode is Mode.GEMS:
            gem = GEMS[min(self.ui.gem_index, len(GEMS) - 1)]
            return Screen(top=w.say(UNLOAD_TOP, count=sum(self.ui.unload.values())),
                          title=w.gem_title(gem, self.ui.unload.get(gem, 0)),
                          body=w.unload_question(), hints=w.hint_pages(),
                          progress=(self.ui.gem_index + 1, len(GEMS)))
        if mode is Mode.MISSION:
            return Screen(top=top, title=w.say(MISSION_QUESTION, name=name),
                          body=w.mission_body(state.missions_left()), hints=w.hint_confirm(),
                          style=Style.CONFIRM)
        if mode is Mode.ROLL:
            return Screen(top=top, title=w.say(ROLL_TITLE, roll=self.ui.roll),
                          body=w.roll_question(self.ui.mine or MINES[0]), hints=w.say(HINT_NUMBER))
        return self._main_screen(state, top)

    def _main_screen(self, state: OffTheRailsState, top: str) -> Screen:
        w = self.words
        step = state.step
        name = state.player().name
        if step is Step.OPENING:
            return Screen(top=top, title=w.say(TAP_OPENING), body=w.tap_it(),
                          hints=w.say(HINT_TAP), progress=(len(MINES) - len(state.opening),
                                                        len(MINES)))
        if step is Step.REVEAL:
            return Screen(top=top, title=w.say(REVEAL_TITLE), body=w.tap_it(),
                          hints=w.say(HINT_TAP), progress=(len(MINES) - len(state.cave_ins),
                                                        len(MINES)))
        if step is Step.REFILL:
            stones = state.pending.stones if state.pending else 0
            return Screen(top=top, title=w.refill_title(state.drawn[-1]),
                          body=w.refill_body(stones), hints=w.say(HINT_REFILL))
        if step is Step.ACTIONS:
            number = min(len(self.ui.actions) + 1, ACTIONS_PER_TURN)
            title = w.say(LAST_ACTIONS_TITLE if state.era is Era.LAST_TURNS else ACTIONS_TITLE,
                          name=name, number=number)
            return Screen(top=top, title=title, menu=self._menu(state), hints=w.say(HINT_ACTIONS))
        if step is Step.CARTS:
            return Screen(top=top, title=w.say(CARTS_TITLE, name=name), menu=self._menu(state),
                          hints=w.say(HINT_LIST))
        if step is Step.CAVE_IN:
            pending = state.pending
            mine, space = (pending.mine, pending.space) if pending else (MINES[0], 0)
            title = w.cave_in_title(mine, space, or_next=state.era is Era.CAVE_INS)
            return Screen(top=top, title=title, menu=self._menu(state), hints=w.say(HINT_LIST))
        if state.era is Era.CAVE_INS:
            return Screen(top=top, title=w.say(DRAW_TOKEN, name=name), menu=self._menu(state),
                          hints=w.say(HINT_TOKEN))
        body = (*w.tap_top_card(), w.missions_left(state.missions_left(), state.mission_taken))
        return Screen(top=top, title=w.say(DRAW_CARD, name=name), body=body,
                      hints=w.say(HINT_SUPPLY))

    def _top(self, state: OffTheRailsState) -> str:
        """The context line; in a player's turn, the player's name first."""
        context = self._context(state)
        if state.step in (Step.ACTIONS, Step.CARTS, Step.SUPPLY):
            return self.words.turn_top(state.player().name, context)
        return context

    def _context(self, state: OffTheRailsState) -> str:
        w = self.words
        if state.step in (Step.OPENING, Step.REFILL) and not state.deck_draws:
            return w.say(OPENING_TOP)
        if state.step is Step.REVEAL or (state.step is Step.CAVE_IN
                                         and state.era is Era.LAST_TURNS):
            return w.say(FIRST_CAVE_INS_TOP, done=len(MINES) - len(state.cave_ins))
        if state.era is Era.CAVE_INS:
            return w.say(CAVE_INS_TOP, placed=state.tokens_placed(), total=CAVE_IN_TOKENS)
        if state.era is Era.LAST_TURNS:
            return w.last_turns_top([state.player(seat).name for seat in state.still_to_play])
        turn = self.turns + (1 if state.step is Step.ACTIONS else 0)
        return w.say(SUPPLY_TOP, turn=max(turn, 1), deck=len(state.deck))

    def _setup_pages(self, state: OffTheRailsState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        players = len(state.players)
        deck = DECK_SIZE[players]
        where = CAVE_IN_PLACEMENT[players].positions(deck)
        top, middle = where[0], len(where) - 1
        bottom = deck - top - middle
        pages = [
            w.setup_removed(REMOVED_PER_MINE[players]),
            w.page(OPENING_PAGE, OPENING_TEXT),
            w.page(CAVE_INS_PAGE, CAVE_INS_TEXT),
            w.setup_deck(deck, top, middle, bottom),
            w.setup_cave_in_card(top, middle, bottom),
            w.setup_players(missions_in_play(players), state.players[state.first].name),
        ]
        modes = [mode for on, mode in ((state.settings.bumper, w.say(BUMPER)),
                                       (state.settings.dice_chasm, w.say(DICE_CHASM))) if on]
        return [*pages, w.setup_modes(modes)] if modes else pages

    def _tally_screen(self, state: OffTheRailsState) -> Screen:
        w = self.words
        tally = result(state)
        pages = len(tally.players) + 1
        page = min(self.ui.page, pages - 1)
        if page < len(tally.players):
            score = tally.players[page]
            lines = w.tally_lines(score.breakdown)
            return Screen(top=w.final_top(),
                          title=w.say(TALLY_TITLE, name=score.name, total=score.total),
                          menu=Menu(lines, -1), hints=w.hint_pages(), progress=(page + 1, pages))
        ranking = sorted(tally.players, key=lambda score: -score.total)
        lines = tuple(w.say(RANK, place=place + 1, name=score.name, tokens=score.total)
                      for place, score in enumerate(ranking))
        return Screen(top=w.final_top(), title=w.winners(tally.winners), menu=Menu(lines, -1),
                      hints=w.hint_pages(), style=Style.ANNOUNCE)

    # --- The lists ----------------------------------------------------------------------------

    def menu_items(self, state: OffTheRailsState) -> list[tuple[str, str]]:
        """The current list as (key, label)."""
        w = self.words
        step = state.step
        player = state.player()
        if step is Step.ACTIONS:
            placed = self.ui.actions.count(PLACE_CART)
            reserve, on_board = player.reserve - placed, player.on_board + placed
            counts = Counter(self.ui.actions)
            items = [(action, w.action(action, counts[action])) for action in ACTIONS
                     if (action != PLACE_CART or reserve > 0)
                     and (action != ADJUST_DIE or on_board > 0)]
            return [*items, (DONE, w.say(ACTIONS_DONE, done=len(self.ui.actions)))]
        if step is Step.CARTS:
            home = self._home()
            first = w.say(DONE_LABEL) if self.ui.log else w.say(ALL_ROLLING)
            items = [(DONE, first)]
            if self._carts_left(state, state.current) > 0:
                items.append((HOME, w.cart_home(home, sum(self._gems().values()))))
            seats = Counter(self.seats_entered())
            items += [(f"{SEAT}{seat}", w.derailed(p.name, seats[seat]))
                      for seat, p in enumerate(state.players)
                      if self._carts_left(state, seat) > 0]
            return items
        if step is Step.CAVE_IN:
            seats = Counter(self.seats_entered())
            first = w.say(DONE_LABEL) if self.ui.log else w.say(NOTHING_CRUSHED)
            return [(DONE, first), *((f"{SEAT}{seat}", w.crushed(p.name, seats[seat]))
                                     for seat, p in enumerate(state.players)
                                     if self._carts_left(state, seat) > 0)]
        if step is Step.SUPPLY and state.era is Era.CAVE_INS:
            items = [(f"{MINE}{mine}", w.token_option(mine, left))
                     for mine, left in state.tokens_left.items() if left > 0]
            if not state.mission_taken and state.missions_left() > 0:
                items.append((MISSION, w.say(TAKE_MISSION)))
            return items
        return []

    def _menu(self, state: OffTheRailsState) -> Menu:
        items = self.menu_items(state)
        return Menu(tuple(label for _, label in items), self.ui.choice % max(1, len(items)))

    def _home(self) -> int:
        return sum(1 for entry in self.ui.log if entry.home is not None)

    def _gems(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for entry in self.ui.log:
            total.update(entry.home or {})
        return {gem: total[gem] for gem in GEMS if total[gem]}

    def seats_entered(self) -> list[int]:
        return [entry.seat for entry in self.ui.log if entry.seat is not None]

    def _carts_left(self, state: OffTheRailsState, seat: int) -> int:
        """Carts of `seat` still on the board, with what was entered so far."""
        left = state.player(seat).on_board - self.seats_entered().count(seat)
        if seat == state.current and state.step is Step.CARTS:
            left -= self._home()
        return left
