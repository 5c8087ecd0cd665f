"""What The Game of Trains table shows, read from the flow's state."""

from __future__ import annotations

from companion.flows.kit import FlowPart
from companion.games.game_of_trains.messages import (  # fmt: skip
    CONTEXT,
    DEAL_PAGE,
    DEAL_TEXT,
    DEAL_TOP,
    DECK_EMPTY,
    DREW,
    FACE_UP_TITLE,
    HINT_LEARN,
    HINT_REFILL,
    IN_ORDER,
    KEEP,
    OPENING_TOP,
    OUT_OF_ORDER,
    REPLACE_OPTION,
    REPLACING,
    SETUP_TOP,
    SHUFFLE_PAGE,
    SHUFFLE_TEXT,
    TAP_DRAWN_TITLE,
    WHICH_ABILITY,
    WINNER,
)
from companion.games.game_of_trains.ui import GameOfTrainsUI, Mode, known_ability
from companion.games.game_of_trains.words import Words
from companion.screens.model import Menu, Screen, Style
from engine.games.game_of_trains.cards import (
    LINE,
    REMOVED_AT,
    Ability,
    ascending,
    positions_for,
)  # fmt: skip
from engine.games.game_of_trains.state import GameOfTrainsState, Phase


class GameOfTrainsScreens(FlowPart[GameOfTrainsState, Mode]):
    """The screens of The Game of Trains flow; the flow gives the state they read."""

    words: Words
    ui: GameOfTrainsUI
    #: Actions taken so far (the turn shown is the next one).
    turns: int

    def _context(self, state: GameOfTrainsState) -> str:
        return self.words.say(CONTEXT, turn=self.turns + 1, deck=len(state.deck))

    def _turn_top(self, state: GameOfTrainsState) -> str:
        return self.words.turn_top(state.player().name, self._context(state))

    def _setup_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        pages = (w.page(SHUFFLE_PAGE, SHUFFLE_TEXT), w.page(DEAL_PAGE, DEAL_TEXT))
        return w.setup_screen(w.say(SETUP_TOP, players=len(state.players)), pages, self.ui.page)

    def _deal_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        seat = min(len(self.ui.dealt) // LINE, len(state.players) - 1)
        mine = sorted((card for card, _ in self.ui.dealt[seat * LINE:]), reverse=True)
        return Screen(top=w.say(DEAL_TOP), title=w.deal_title(state.players[seat].name),
                      body=(w.line(mine),) if mine else (), hints=w.hint_tap(),
                      progress=(len(mine), LINE))

    def _reshuffle_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        return Screen(top=self._context(state), title=w.say(DECK_EMPTY),
                      body=w.reshuffle_body(len(state.discard)), hints=w.hint_ack(),
                      style=Style.ANNOUNCE)

    def _refill_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        seat = state.refilling[0]
        then = [state.players[s].name for s in state.refilling[1:]]
        return Screen(top=self._context(state), title=w.draws(state.players[seat].name),
                      body=w.refill_body(state.refill_position, then), hints=w.say(HINT_REFILL))

    def _learn_screen(self, state: GameOfTrainsState) -> Screen:
        """Which ability is printed on the card just laid face up: the eight to choose from."""
        w = self.words
        top = (w.say(OPENING_TOP, deck=len(state.deck)) if state.in_opening()
               else self._context(state))
        items = tuple(w.ability(ability) for ability in Ability)
        return Screen(top=top, title=w.say(WHICH_ABILITY, card=state.unknown_face_up()[0]),
                      menu=_menu(items, self.ui.choice), hints=w.say(HINT_LEARN))

    def _face_up_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        items = tuple(w.face_up_item(card, state.ability(card)) for card in state.face_up)
        return Screen(top=self._turn_top(state), title=w.say(FACE_UP_TITLE),
                      menu=_menu(items, self.ui.choice), hints=w.hint_choose())

    def _draw_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        player = state.player()
        if self.ui.drawn is None:
            replaced = player.line[(self.ui.position or 1) - 1]
            return Screen(top=self._turn_top(state), title=w.say(REPLACING, card=replaced),
                          body=w.tap_drawn(), hints=w.hint_tap())
        items = tuple(w.say(REPLACE_OPTION, position=place, card=card)
                      for place, card in enumerate(player.line, start=1))
        return Screen(top=self._turn_top(state), title=w.say(DREW, card=self.ui.drawn[0]),
                      menu=_menu(items, self.ui.choice), hints=w.hint_choose())

    def _use_screen(self, state: GameOfTrainsState) -> Screen:
        if self.ui.using is None:
            return self._main_screen(state)
        w = self.words
        top = self._turn_top(state)
        ability = known_ability(state, self.ui.using)
        if ability in REMOVED_AT:
            return Screen(top=top, title=w.ability(ability),
                          body=w.removal_body(REMOVED_AT[ability],
                                              _spared(state, REMOVED_AT[ability])),
                          hints=w.hint_confirm(), style=Style.CONFIRM)
        items = tuple(self._option_label(state, ability, p) for p in positions_for(ability))
        return Screen(top=top, title=w.ability(ability), menu=_menu(items, self.ui.choice),
                      hints=w.hint_choose())

    def _main_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        player = state.player()
        return Screen(top=self._turn_top(state), title=w.say(TAP_DRAWN_TITLE),
                      body=(w.line(player.line), *w.face_up(state.face_up)),
                      hints=w.hint_main(bool(state.face_up)))

    def _final_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        pages = len(state.players) + 1
        page = min(self.ui.page, pages - 1)
        hints = w.hint_pages()
        if page == 0:
            winner = state.players[state.winner if state.winner is not None else 0]
            return Screen(top=w.final_top(), title=w.say(WINNER, name=winner.name),
                          body=(w.say(IN_ORDER), w.line(winner.line)), hints=hints,
                          style=Style.ANNOUNCE, progress=(1, pages))
        player = state.players[page - 1]
        verdict = w.say(IN_ORDER) if ascending(player.line) else w.say(OUT_OF_ORDER)
        return Screen(top=w.final_top(), title=player.name, body=(w.line(player.line), verdict),
                      hints=hints, progress=(page + 1, pages))

    def _opening_screen(self, state: GameOfTrainsState) -> Screen:
        w = self.words
        opening = self.ui.opening
        top = w.say(OPENING_TOP, deck=len(state.deck))
        name = state.player().name
        if state.phase is Phase.OPENING_DRAW:
            count = state.opening_draws()
            cards = [card for card, _ in opening.drawing]
            body = (w.line(cards),) if cards else w.tap_each_drawn()
            return Screen(top=top, title=w.opening_draw(name, count), body=body,
                          hints=w.hint_tap(bool(cards)), progress=(len(cards), count))
        line = state.player().line
        if opening.kept is not None:
            items = tuple(w.say(REPLACE_OPTION, position=place, card=card)
                          for place, card in enumerate(line, 1))
            return Screen(top=top, title=w.say(KEEP, card=opening.kept),
                          menu=Menu(items, min(opening.choice, LINE - 1)), hints=w.hint_choose())
        drew = w.drew_cards(state.player().drawn)
        if opening.position is not None:
            return Screen(top=top, title=w.say(REPLACING, card=line[opening.position - 1]),
                          body=(drew, *w.tap_kept()), hints=w.hint_tap())
        return Screen(top=top, title=w.keeps_one(name), body=(drew, *w.tap_kept_then_wagon()),
                      hints=w.hint_tap(cancel=False))

    def _option_label(self, state: GameOfTrainsState, ability: Ability, position: int) -> str:
        line = state.player().line
        first = line[position - 1]
        if ability is Ability.SWAP_ADJACENT:
            return self.words.option(ability, first, line[position], position)
        if ability is Ability.SWAP_OVER_ONE:
            return self.words.option(ability, first, line[position + 1], position)
        target = position + 2 if ability is Ability.MOVE_RIGHT_TWO else position - 2
        return self.words.option(ability, first, first, target)


def _spared(state: GameOfTrainsState, position: int) -> list[int]:
    """The locked wagons a removal at `position` leaves in place."""
    return [p.locked for p in state.players if p.locked and p.line[position - 1] == p.locked]


def _menu(items: tuple[str, ...], choice: int) -> Menu:
    return Menu(items, max(0, min(choice, len(items) - 1)))
