"""What the Freight Train table shows, read from the flow's state."""

from __future__ import annotations

from companion.flows.kit import FlowPart
from companion.games.freight_train.messages import (  # fmt: skip
    BRING_BODY,
    BRING_QUESTION,
    CHOOSE_MOVE,
    CONTEXT,
    DEPARTURE,
    ENTERS_FIRST,
    FROM_TRACK,
    HINT_DONE,
    HINT_MAIN,
    HINT_ORDER,
    HINT_PASS,
    HINT_PAY,
    HINT_PLACE,
    HINT_REARRANGE,
    HINT_REARRANGE_FREE,
    HINT_TALLY,
    HINT_TAP,
    MAIN_YARD_PAGE,
    MAIN_YARD_TEXT,
    MIXED_OPTION,
    NOBODY_SCORES,
    RANK,
    SETUP_TOP,
    STANDINGS,
    TALLY_TITLE,
    TALLY_TOP,
    TAP_FROM_YARD,
    TAP_TO_TAKE,
    TAP_WAGON,
    TOKENS_AND_LOCOS,
    TRACK_OPTION,
    TRAINS_AND_YARD,
    YARDS_PAGE,
    YARDS_TEXT,
)
from companion.games.freight_train.ui import Action, FreightTrainUI, Mode, Pick
from companion.games.freight_train.words import Words
from companion.screens.model import Menu, Screen, Style
from engine.games.freight_train.cards import (
    CARDS_PER_TYPE,
    LOCOMOTIVES,
    MIXED,
    MOVE_FROM_YARD,
    TAKE_FROM_MAIN_YARD,
    TRACK_SPACES,
)  # fmt: skip
from engine.games.freight_train.end_of_day import nobody_scored
from engine.games.freight_train.rules import may_rearrange, pass_cost, result
from engine.games.freight_train.state import TRAIN, YARD_TARGETS, FreightTrainState, Player

#: The tally page of the types that paid nobody, among the pages of each player's seat.
NOBODY = -1


class FreightTrainScreens(FlowPart[FreightTrainState, Mode]):
    """The screens of the Freight Train flow; the flow gives the state they read."""

    words: Words
    ui: FreightTrainUI

    def actions(self, state: FreightTrainState) -> list[Action]:
        raise NotImplementedError

    def _refill_screen(self, top: str) -> Screen:
        raise NotImplementedError

    def pending_pick(self) -> Pick | None:
        raise NotImplementedError

    def order_question(self) -> tuple[int, tuple[str, ...]] | None:
        raise NotImplementedError

    def options_for(self, state: FreightTrainState, pick: Pick) -> tuple[str, ...]:
        raise NotImplementedError

    def _player_so_far(self, state: FreightTrainState) -> Player:
        raise NotImplementedError

    def screen(self, state: FreightTrainState) -> Screen:
        w = self.words
        mode = self.current_mode(state)
        top = w.say(CONTEXT, day=state.day, round=state.round, players=len(state.players))
        if mode is Mode.SETUP:
            return w.setup_screen(w.say(SETUP_TOP, day=state.day), self._setup_pages(state),
                                  self.ui.page)
        if mode in (Mode.TALLY, Mode.FINAL):
            return self._tally_screen(state, final=mode is Mode.FINAL)
        player = state.player()
        top = w.turn_top(player.name, top)
        if mode is Mode.DEPARTURE:
            return Screen(top=top, title=w.say(DEPARTURE), body=self._still_to_play(state),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.MENU:
            actions = self.actions(state)
            return Screen(top=top, title=w.menu_title(player.name),
                          menu=Menu(tuple(w.label(a) for a in actions), self.ui.choice),
                          hints=w.hint_choose())
        if mode in (Mode.TAKE, Mode.YARD):
            return self._move_screen(state, top)
        if mode is Mode.REFILL:
            return self._refill_screen(top)
        if mode is Mode.REARRANGE:
            return self._rearrange_screen(state, top)
        if mode is Mode.BRING:
            return Screen(top=top, title=w.say(BRING_QUESTION),
                          body=(w.say(BRING_BODY, count=player.locomotives),),
                          hints=w.hint_confirm(), style=Style.CONFIRM)
        body: tuple[str, ...] = (
            w.say(TRAINS_AND_YARD, trains=player.train_count(), yard=player.yard_size()),
            w.say(TOKENS_AND_LOCOS, tokens=player.tokens, free=player.free_locomotives()))
        if state.departure_drawn:
            body += self._still_to_play(state)[:1]
        can_take = state.wagons_in_main_yard() >= TAKE_FROM_MAIN_YARD
        title = w.say(TAP_TO_TAKE, count=TAKE_FROM_MAIN_YARD) if can_take else w.say(CHOOSE_MOVE)
        return Screen(top=top, title=title, body=body, hints=w.say(HINT_MAIN))

    def _rearrange_screen(self, state: FreightTrainState, top: str) -> Screen:
        """The split of the yard between its tracks, and what ok costs: only what the rules
        allow is offered (without a token and unless the table is stuck, only a pass)."""
        w = self.words
        player = state.player()
        total = player.yard_size()
        cost = pass_cost(state, player)
        allowed = may_rearrange(state, player)
        movable = allowed and max(0, total - TRACK_SPACES) < min(total, TRACK_SPACES)
        if cost:
            hints = w.say(HINT_REARRANGE) if movable else w.say(HINT_PAY)
        else:
            hints = w.say(HINT_REARRANGE_FREE) if movable else w.say(HINT_PASS)
        return Screen(top=top, title=w.label(Action.REARRANGE),
                      body=w.rearrange_body(self.ui.split, total - self.ui.split, cost, allowed),
                      hints=hints)

    def _move_screen(self, state: FreightTrainState, top: str) -> Screen:
        w = self.words
        taking = self.ui.mode is Mode.TAKE
        needed = TAKE_FROM_MAIN_YARD if taking else MOVE_FROM_YARD
        done = sum(1 for pick in self.ui.picks if pick.target is not None)
        pending = self.pending_pick()
        if pending is not None:
            options = self.options_for(state, pending)
            labels = tuple(self._option_label(state, pending, option) for option in options)
            return Screen(top=top, title=w.wagon(pending.wagon), menu=Menu(labels, self.ui.choice),
                          hints=w.say(HINT_PLACE), progress=(done, needed))
        question = self.order_question()
        if question is not None:
            track, wagons = question
            return Screen(top=top, title=w.say(ENTERS_FIRST, track=track + 1),
                          menu=Menu(tuple(w.wagon(wagon) for wagon in wagons), self.ui.choice),
                          hints=w.say(HINT_ORDER), progress=(done, needed))
        if taking:
            return Screen(top=top, title=w.say(TAP_WAGON, number=done + 1, needed=needed),
                          progress=(done, needed), body=self._picked_lines(), hints=w.say(HINT_TAP))
        return Screen(top=top, title=w.say(TAP_FROM_YARD), progress=(done, needed),
                      body=self._picked_lines(), hints=w.say(HINT_DONE))

    def _picked_lines(self) -> tuple[str, ...]:
        return tuple(self.words.placed(p.wagon, p.target) for p in self.ui.picks if p.target)[-3:]

    def _still_to_play(self, state: FreightTrainState) -> tuple[str, ...]:
        names = [state.players[seat].name for seat in state.still_to_play]
        return (self.words.still_to_play(names),)

    def _tally_screen(self, state: FreightTrainState, final: bool) -> Screen:
        w = self.words
        tally = state.tallies[-1]
        pages = self._tally_pages(state)
        page = min(self.ui.page, len(pages) - 1)
        top = w.final_top() if final else w.say(TALLY_TOP, day=tally.day)
        hints = w.hint_pages() if final else w.say(HINT_TALLY)
        seat, body = pages[page]
        if seat == NOBODY:
            return Screen(top=top, title=w.say(NOBODY_SCORES), body=body, hints=hints,
                          progress=(page + 1, len(pages)))
        if seat is not None:
            player = state.players[seat]
            gain = sum(tally.paid[seat].values())
            return Screen(top=top,
                          title=w.say(TALLY_TITLE, name=player.name, gain=gain,
                                      total=player.tokens),
                          body=body, hints=hints, progress=(page + 1, len(pages)))
        tokens = [player.tokens for player in state.players]
        ranking = sorted(range(len(state.players)), key=lambda s: -tokens[s])
        # Tied players share their place: 1, 1, 3.
        lines = tuple(w.say(RANK, place=1 + sum(other > tokens[s] for other in tokens),
                            name=state.players[s].name, tokens=tokens[s]) for s in ranking)
        title = w.winners(list(result(state).winners)) if final else w.say(STANDINGS, day=tally.day)
        return Screen(top=top, title=title, menu=Menu(lines, -1), hints=hints,
                      style=Style.ANNOUNCE if final else Style.PROMPT)

    def _tally_pages(self, state: FreightTrainState) -> list[tuple[int | None, tuple[str, ...]]]:
        """The pages of the last tally: each player's breakdown on one page or more (seat,
        lines), the types whose trains paid nobody and why (NOBODY), then the ranking (None)."""
        paid = state.tallies[-1].paid
        cancelled = self.words.nobody_pages(nobody_scored(state))
        return [*((seat, lines) for seat in range(len(state.players))
                  for lines in self.words.breakdown_pages(paid[seat])),
                *((NOBODY, lines) for lines in cancelled), (None, ())]

    def _setup_pages(self, state: FreightTrainState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        players = len(state.players)
        if state.day == 1:
            first = state.players[state.round_first].name
            return [
                w.setup_cards(CARDS_PER_TYPE[players], 16 - CARDS_PER_TYPE[players]),
                w.setup_players(LOCOMOTIVES[players], first),
                w.page(MAIN_YARD_PAGE, MAIN_YARD_TEXT),
                w.page(YARDS_PAGE, YARDS_TEXT),
                w.setup_departure(1),
            ]
        granted = [p.name for p in state.players if not p.brought_locomotive_today]
        return [w.setup_reshuffle(state.day), w.page(MAIN_YARD_PAGE, MAIN_YARD_TEXT),
                w.setup_departure(state.day), w.setup_locomotives(granted)]

    def _option_label(self, state: FreightTrainState, pick: Pick, option: str) -> str:
        if self.ui.mode is Mode.YARD and pick.track is None:
            return self.words.say(FROM_TRACK, track=int(option) + 1)
        player = self._player_so_far(state)
        if option == TRAIN:
            return self.words.train_option(player.trains.get(pick.wagon, 0))
        if option == MIXED:
            return self.words.say(MIXED_OPTION, length=len(player.mixed))
        track = YARD_TARGETS.index(option)
        return self.words.say(TRACK_OPTION, track=track + 1, wagons=len(player.yard[track]))
