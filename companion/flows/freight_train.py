"""Freight Train at the table: taps and presses become moves; the screen says what is next.

The companion knows a card once it is tapped: the main yard, the deck and the yards start as
unseen cards. A player's phase is entered like this:

- tap a wagon: it is one of the three taken from the main yard; the screen asks where it
  goes (its train, the mixed train, a yard track) when more than one place is legal, then,
  when different wagons go onto the same yard track, which one enters it first;
- `ok` opens the menu: from my yard (tap up to four wagons, `ok`), refill a lane (tap the
  departure card if it shows), bring a locomotive, rearrange or pass;
- `back` steps back; holding `back` undoes the last move (the appliance asks first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from enum import Enum
from typing import Any

from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.freight_train.cards import (
    CARDS_PER_TYPE,
    DEPARTURE,
    LANES,
    LOCOMOTIVES,
    MIXED,
    MOVE_FROM_YARD,
    TAKE_FROM_MAIN_YARD,
    TRACK_SPACES,
    UNKNOWN,
    WAGON_TYPES,
)  # fmt: skip
from engine.games.freight_train.events import (
    BringLocomotive,
    MoveFromYard,
    Rearrange,
    RefillLane,
    StartDay,
    TakeFromMainYard,
)  # fmt: skip
from engine.games.freight_train.rules import (
    can_refill,
    cards_to_shuffle,
    legal_targets,
    may_rearrange,
    pass_cost,
    place_wagon,
    refill_as_seen,
    result,
)  # fmt: skip
from engine.games.freight_train.state import (
    TRAIN,
    YARD_TARGETS,
    FreightTrainState,
    Phase,
    Player,
)  # fmt: skip

from ..inputs import Input, Press, Tap
from ..screens.model import Menu, Screen, Style
from .base import NOTHING, CardLike, Reaction
from .freight_train_text import GAME, Words
from .menus import moved, toward


class Mode(Enum):
    MAIN = "main"
    MENU = "menu"
    TAKE = "take"
    YARD = "yard"
    REFILL = "refill"
    REARRANGE = "rearrange"
    BRING = "bring"
    DEPARTURE = "departure"
    # Derived from the game itself, never stored:
    TALLY = "tally"
    SETUP = "setup"
    FINAL = "final"


class Action(Enum):
    """The menu of a player's phase."""

    YARD = "yard"
    REFILL = "refill"
    BRING = "bring"
    REARRANGE = "rearrange"


@dataclass
class Pick:
    """One wagon of the move being entered: where it came from and where it goes."""

    wagon: str
    uid: str
    target: str | None = None
    #: For a move from the player's yard: the track it left.
    track: int | None = None


class FreightTrainFlow:
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.mode = Mode.MAIN
        self.picks: list[Pick] = []
        #: Taken wagons whose entry into their yard track is settled, first in first.
        self.entry: list[int] = []
        self.choice = 0
        self.departure_seen = False
        self.split = 0
        self.page = 0
        self.tallies_seen = 0
        self.counted: set[str] = set()

    # --- What the screen shows ----------------------------------------------------------------

    def current_mode(self, state: FreightTrainState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.DEAL:
            return Mode.TALLY if len(state.tallies) > self.tallies_seen else Mode.SETUP
        return self.mode

    def screen(self, state: FreightTrainState) -> Screen:
        w = self.words
        mode = self.current_mode(state)
        top = w.context(state.day, state.round, len(state.players))
        if mode is Mode.SETUP:
            pages = self._setup_pages(state)
            title, body = pages[min(self.page, len(pages) - 1)]
            return Screen(top=w.setup_top(state.day), title=title, body=body,
                          hints=w.hint_pages(), progress=(self.page + 1, len(pages)))
        if mode in (Mode.TALLY, Mode.FINAL):
            return self._tally_screen(state, final=mode is Mode.FINAL)
        player = state.player()
        top = w.turn_top(player.name, top)
        if mode is Mode.DEPARTURE:
            return Screen(top=top, title=w.departure(), body=self._still_to_play(state),
                          hints=w.hint_ack(), style=Style.ANNOUNCE)
        if mode is Mode.MENU:
            actions = self._actions(state)
            return Screen(top=top, title=w.menu_title(player.name),
                          menu=Menu(tuple(w.action(a) for a in actions), self.choice),
                          hints=w.hint_choose())
        if mode in (Mode.TAKE, Mode.YARD):
            return self._move_screen(state, top)
        if mode is Mode.REFILL:
            return Screen(top=top, title=w.refill_title(),
                          body=w.refill_body(self.departure_seen), hints=w.hint_done())
        if mode is Mode.REARRANGE:
            total = player.yard_size()
            return Screen(top=top, title=w.action(Action.REARRANGE),
                          body=w.rearrange_body(self.split, total - self.split,
                                                pass_cost(state, player)),
                          hints=w.hint_rearrange())
        if mode is Mode.BRING:
            return Screen(top=top, title=w.bring_question(),
                          body=(w.bring_body(player.locomotives),),
                          hints=w.hint_confirm(), style=Style.CONFIRM)
        body = (w.trains_and_yard(player.train_count(), player.yard_size()),
                w.tokens_and_locos(player.tokens, player.free_locomotives()))
        if state.departure_drawn:
            body += self._still_to_play(state)[:1]
        can_take = state.wagons_in_main_yard() >= TAKE_FROM_MAIN_YARD
        title = w.tap_to_take(TAKE_FROM_MAIN_YARD) if can_take else w.choose_move()
        return Screen(top=top, title=title, body=body, hints=w.hint_main())

    def _move_screen(self, state: FreightTrainState, top: str) -> Screen:
        w = self.words
        taking = self.mode is Mode.TAKE
        needed = TAKE_FROM_MAIN_YARD if taking else MOVE_FROM_YARD
        done = sum(1 for pick in self.picks if pick.target is not None)
        pending = self._pending()
        if pending is not None:
            options = self._options(state, pending)
            labels = tuple(self._option_label(state, pending, option) for option in options)
            return Screen(top=top, title=w.wagon(pending.wagon), menu=Menu(labels, self.choice),
                          hints=w.hint_place(), progress=(done, needed))
        question = self._order_question()
        if question is not None:
            track, wagons = question
            return Screen(top=top, title=w.enters_first(track + 1),
                          menu=Menu(tuple(w.wagon(wagon) for wagon in wagons), self.choice),
                          hints=w.hint_order(), progress=(done, needed))
        if taking:
            return Screen(top=top, title=w.tap_wagon(done + 1, needed), progress=(done, needed),
                          body=self._picked_lines(), hints=w.hint_tap())
        return Screen(top=top, title=w.tap_from_yard(), progress=(done, needed),
                      body=self._picked_lines(), hints=w.hint_done())

    def _picked_lines(self) -> tuple[str, ...]:
        return tuple(self.words.placed(p.wagon, p.target) for p in self.picks if p.target)[-3:]

    def _still_to_play(self, state: FreightTrainState) -> tuple[str, ...]:
        names = [state.players[seat].name for seat in state.still_to_play]
        return (self.words.still_to_play(names),)

    def _tally_screen(self, state: FreightTrainState, final: bool) -> Screen:
        w = self.words
        tally = state.tallies[-1]
        pages = self._tally_pages(state)
        page = min(self.page, len(pages) - 1)
        top = w.final_top() if final else w.tally_top(tally.day)
        hints = w.hint_pages() if final else w.hint_tally()
        seat, body = pages[page]
        if seat is not None:
            player = state.players[seat]
            gain = sum(tally.paid[seat].values())
            return Screen(top=top, title=w.tally_title(player.name, gain, player.tokens),
                          body=body, hints=hints, progress=(page + 1, len(pages)))
        ranking = sorted(range(len(state.players)), key=lambda s: -state.players[s].tokens)
        lines = tuple(w.rank(place + 1, state.players[s].name, state.players[s].tokens)
                      for place, s in enumerate(ranking))
        title = w.winners(list(result(state).winners)) if final else w.standings(tally.day)
        return Screen(top=top, title=title, menu=Menu(lines, -1), hints=hints,
                      style=Style.ANNOUNCE if final else Style.PROMPT)

    def _tally_pages(self, state: FreightTrainState) -> list[tuple[int | None, tuple[str, ...]]]:
        """The pages of the last tally: each player's breakdown on one page or more (seat,
        lines), then the ranking (None)."""
        paid = state.tallies[-1].paid
        return [*((seat, lines) for seat in range(len(state.players))
                  for lines in self.words.breakdown_pages(paid[seat])), (None, ())]

    def _setup_pages(self, state: FreightTrainState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        players = len(state.players)
        if state.day == 1:
            first = state.players[state.round_first].name
            return [
                w.setup_cards(CARDS_PER_TYPE[players], 16 - CARDS_PER_TYPE[players]),
                w.setup_players(LOCOMOTIVES[players], first),
                w.setup_main_yard(),
                w.setup_yards(),
                w.setup_departure(1),
            ]
        granted = [p.name for p in state.players if not p.brought_locomotive_today]
        return [w.setup_reshuffle(state.day), w.setup_main_yard(),
                w.setup_departure(state.day), w.setup_locomotives(granted)]

    # --- Buttons ------------------------------------------------------------------------------

    def on_button(self, state: FreightTrainState, button: str) -> Reaction:
        mode = self.current_mode(state)
        handler = {
            Mode.MAIN: self._main_button,
            Mode.MENU: self._menu_button,
            Mode.TAKE: self._move_button,
            Mode.YARD: self._move_button,
            Mode.REFILL: self._refill_button,
            Mode.REARRANGE: self._rearrange_button,
            Mode.BRING: self._bring_button,
            Mode.DEPARTURE: self._departure_button,
            Mode.TALLY: self._tally_button,
            Mode.SETUP: self._setup_button,
            Mode.FINAL: self._final_button,
        }[mode]
        return handler(state, button)

    def _main_button(self, state: FreightTrainState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MENU)
        return NOTHING

    def _menu_button(self, state: FreightTrainState, button: str) -> Reaction:
        actions = self._actions(state)
        if button == "back":
            self._enter(Mode.MAIN)
        elif button in ("up", "down"):
            self.choice = moved(self.choice, button, len(actions))
        elif button == "ok":
            action = actions[self.choice]
            if action is Action.YARD:
                self._enter(Mode.YARD)
            elif action is Action.REFILL:
                self._enter(Mode.REFILL)
            elif action is Action.BRING:
                self._enter(Mode.BRING)
            else:
                self._enter(Mode.REARRANGE)
                self.split = len(state.player().yard[0])
        return NOTHING

    def _move_button(self, state: FreightTrainState, button: str) -> Reaction:
        pending = self._pending()
        question = self._order_question()
        if question is not None:
            return self._order_button(state, question, button)
        if button == "back":
            if (pending is not None and pending.track is not None and self.mode is Mode.YARD
                    and len(self._tracks_for(state, pending.wagon)) > 1):
                pending.track = None  # back to the question of which track it left
                self.choice = 0
                return NOTHING
            if self.picks:
                self.picks.pop()
                self.choice = 0
            else:
                self._enter(Mode.MAIN)
            return NOTHING
        if pending is not None:
            options = self._options(state, pending)
            if button in ("up", "down"):
                self.choice = moved(self.choice, button, len(options))
                return NOTHING
            if button == "ok":
                return self._choose(state, pending, options[self.choice])
            return NOTHING
        if button == "ok" and self.mode is Mode.YARD:
            if not self.picks:
                return Reaction(refusal=self.words.tap_yard_first())
            return self._submit_yard_move(state)
        return NOTHING

    def _order_button(self, state: FreightTrainState, question: tuple[int, tuple[str, ...]],
                      button: str) -> Reaction:
        """Which of the different wagons going onto one yard track enters it first."""
        track, wagons = question
        if button == "back":
            if self.entry:
                self.entry.pop()
            else:
                self.picks.pop()
            self.choice = 0
        elif button in ("up", "down"):
            self.choice = moved(self.choice, button, len(wagons))
        elif button == "ok":
            chosen = wagons[self.choice]
            self.entry.append(next(index for index in self._unordered(track)
                                   if self.picks[index].wagon == chosen))
            self.choice = 0
            if self._order_question() is None:
                return self._submit_take(state)
        return NOTHING

    def _refill_button(self, state: FreightTrainState, button: str) -> Reaction:
        if button == "back":
            self._enter(Mode.MAIN)
            return NOTHING
        if button != "ok":
            return NOTHING
        lane = state.empty_lanes()[0] if state.empty_lanes() else 0
        return Reaction(refill_as_seen(state, lane, self.departure_seen))

    def _rearrange_button(self, state: FreightTrainState, button: str) -> Reaction:
        player = state.player()
        total = player.yard_size()
        low, high = max(0, total - TRACK_SPACES), min(total, TRACK_SPACES)
        if button == "back":
            self._enter(Mode.MAIN)
        elif button == "up":
            self.split = min(high, self.split + 1)
        elif button == "down":
            self.split = max(low, self.split - 1)
        elif button == "ok":
            if not may_rearrange(state, player) and self.split == len(player.yard[0]):
                return Reaction(Rearrange(player.yard))  # a pass: nothing moved
            # The companion cannot see the new order, even with the same split: forget it.
            layout = ((UNKNOWN,) * self.split, (UNKNOWN,) * (total - self.split))
            return Reaction(Rearrange(layout))
        return NOTHING

    def _bring_button(self, state: FreightTrainState, button: str) -> Reaction:
        if button == "ok":
            return Reaction(BringLocomotive(), notice=self.words.locomotive_brought())
        if button == "back":
            self._enter(Mode.MAIN)
        return NOTHING

    def _departure_button(self, state: FreightTrainState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _tally_button(self, state: FreightTrainState, button: str) -> Reaction:
        pages = len(self._tally_pages(state))
        if button in ("up", "down"):
            self.page = moved(self.page, button, pages)
        elif button == "ok":
            if self.page < pages - 1:
                self.page += 1
            else:
                self.tallies_seen = len(state.tallies)
                self.page = 0
        return NOTHING

    def _setup_button(self, state: FreightTrainState, button: str) -> Reaction:
        pages = len(self._setup_pages(state))
        if button in ("up", "down"):
            self.page = moved(self.page, button, pages)
        elif button == "ok":
            if self.page < pages - 1:
                self.page += 1
            else:
                return Reaction(self._unseen_layout(state), notice=self.words.day_begins(state.day))
        return NOTHING

    def _final_button(self, state: FreightTrainState, button: str) -> Reaction:
        if button in ("up", "down", "ok"):
            self.page = moved(self.page, "down" if button == "ok" else button,
                               len(self._tally_pages(state)))
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: FreightTrainState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        mode = self.current_mode(state)
        if card.game != GAME:
            return Reaction(refusal=w.not_this_game())
        if mode in (Mode.TALLY, Mode.SETUP, Mode.FINAL, Mode.DEPARTURE, Mode.BRING,
                    Mode.REARRANGE):
            return Reaction(refusal=w.not_now())
        if card.kind == "departure":
            return self._departure_tapped(state, mode)
        if card.kind != "wagon" or card.value not in state.settings.wagon_types:
            return Reaction(refusal=w.not_a_wagon())
        if uid in self.counted or any(p.uid == uid for p in self.picks):
            return Reaction(refusal=w.already_counted(card.value))
        if mode is Mode.REFILL:
            return Reaction(refusal=w.finish_refill())
        if self._pending() is not None:
            return Reaction(refusal=w.choose_first())
        if self._order_question() is not None:
            return Reaction(refusal=w.choose_order_first())
        if mode in (Mode.MAIN, Mode.MENU):
            if state.wagons_in_main_yard() < TAKE_FROM_MAIN_YARD:
                return Reaction(refusal=w.refill_first())
            self._enter(Mode.TAKE)
        if self.mode is Mode.YARD:
            return self._yard_wagon(state, card.value, uid)
        return self._add_pick(state, Pick(card.value, uid))

    def _departure_tapped(self, state: FreightTrainState, mode: Mode) -> Reaction:
        w = self.words
        if state.departure_drawn:
            return Reaction(refusal=w.departure_already())
        if mode is Mode.REFILL:
            self.departure_seen = True
            return Reaction(notice=w.departure())
        if mode in (Mode.MAIN, Mode.MENU) and can_refill(state):
            self._enter(Mode.REFILL)
            self.departure_seen = True
            return NOTHING
        return Reaction(refusal=w.departure_needs_refill())

    def _yard_wagon(self, state: FreightTrainState, wagon: str, uid: str) -> Reaction:
        if len(self.picks) >= MOVE_FROM_YARD:
            return Reaction(refusal=self.words.four_at_most())
        tracks = self._tracks_for(state, wagon)
        if not tracks:
            return Reaction(refusal=self.words.not_in_yard(wagon))
        pick = Pick(wagon, uid, track=tracks[0] if len(tracks) == 1 else None)
        return self._add_pick(state, pick)

    def _add_pick(self, state: FreightTrainState, pick: Pick) -> Reaction:
        options = self._options(state, pick)
        if not options:
            return Reaction(refusal=self.words.no_place(pick.wagon))
        self.picks.append(pick)
        self.choice = 0
        if len(options) == 1:
            return self._choose(state, pick, options[0])
        return NOTHING

    def _choose(self, state: FreightTrainState, pick: Pick, option: str) -> Reaction:
        """Settle the pending question of `pick`: its yard track, then where it goes."""
        self.choice = 0
        if self.mode is Mode.YARD and pick.track is None:
            pick.track = int(option)
            options = self._options(state, pick)
            if not options:
                self.picks.pop()
                return Reaction(refusal=self.words.no_place(pick.wagon))
            if len(options) == 1:
                return self._choose(state, pick, options[0])
            return NOTHING
        pick.target = option
        notice = self.words.counted(pick.wagon, option, self._length_after(state, pick))
        if self.mode is Mode.TAKE and len(self.picks) == TAKE_FROM_MAIN_YARD:
            if self._order_question() is not None:
                return Reaction(notice=notice)
            return replace(self._submit_take(state), notice=notice)
        if self.mode is Mode.YARD and len(self.picks) == MOVE_FROM_YARD:
            return replace(self._submit_yard_move(state), notice=notice)
        return Reaction(notice=notice)

    # --- Building the moves -------------------------------------------------------------------

    def _submit_take(self, state: FreightTrainState) -> Reaction:
        lanes = [len(lane) for lane in state.main_yard]
        chosen = []
        for _ in self.picks:
            # Lanes are not tracked at the table: take from the shortest non-empty lane, so the
            # companion's count of empty lanes is never below the table's.
            lane = min((n, i) for i, n in enumerate(lanes) if n)[1]
            lanes[lane] -= 1
            chosen.append(lane)
        event = TakeFromMainYard(tuple(chosen), tuple(p.wagon for p in self.picks),
                                 tuple(p.target or "" for p in self.picks), self._entry_order())
        return Reaction(event, uids=tuple(p.uid for p in self.picks))

    def _entry_order(self) -> tuple[int, ...]:
        """The order the taken wagons enter the yard: on each track, the wagons said to enter
        first, then the others as tapped; empty when that is the order of the take."""
        tapped = [i for i, pick in enumerate(self.picks) if pick.target in YARD_TARGETS]
        order = list(tapped)
        for target in YARD_TARGETS:
            places = [n for n, i in enumerate(tapped) if self.picks[i].target == target]
            settled = [i for i in self.entry if self.picks[i].target == target]
            others = [tapped[n] for n in places if tapped[n] not in settled]
            for place, index in zip(places, settled + others):
                order[place] = index
        return () if order == tapped else tuple(order)

    def _submit_yard_move(self, state: FreightTrainState) -> Reaction:
        done = [p for p in self.picks if p.target is not None]
        if len(done) != len(self.picks):
            return Reaction(refusal=self.words.choose_first())
        event = MoveFromYard(tuple(p.track or 0 for p in done), tuple(p.wagon for p in done),
                             tuple(p.target or "" for p in done))
        return Reaction(event, uids=tuple(p.uid for p in done))

    @staticmethod
    def _unseen_layout(state: FreightTrainState) -> StartDay:
        """The day's layout as the table makes it: the companion sees none of the cards."""
        lanes = ((UNKNOWN,) * 5,) * LANES
        yards: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
        if state.day == 1:
            yards = (((UNKNOWN,) * 6, (UNKNOWN,) * 6),) * len(state.players)
        laid = 25 + 12 * len(yards)
        deck = (UNKNOWN,) * (len(cards_to_shuffle(state)) - laid + 1)
        return StartDay(main_yard=lanes, deck=deck, yards=yards)

    # --- Questions about the move being entered -----------------------------------------------

    def _pending(self) -> Pick | None:
        if self.picks and self.picks[-1].target is None:
            return self.picks[-1]
        return None

    def _unordered(self, track: int) -> list[int]:
        """The taken wagons going onto `track` whose turn to enter is not settled yet."""
        return [i for i, pick in enumerate(self.picks)
                if pick.target == YARD_TARGETS[track] and i not in self.entry]

    def _order_question(self) -> tuple[int, tuple[str, ...]] | None:
        """Once the three wagons are placed: a yard track that different wagons still enter in
        an unsettled order, and those wagons (each type once); None when nothing is left to ask.
        Wagons of one type need no order: the track looks the same either way."""
        if (self.mode is not Mode.TAKE or len(self.picks) < TAKE_FROM_MAIN_YARD
                or self._pending() is not None):
            return None
        for track in range(len(YARD_TARGETS)):
            wagons = tuple(dict.fromkeys(self.picks[i].wagon for i in self._unordered(track)))
            if len(wagons) > 1:
                return track, wagons
        return None

    def _player_so_far(self, state: FreightTrainState) -> Player:
        """The current player with the wagons already placed in this move (the yard's order
        is settled later: only its counts matter here)."""
        player = state.player()
        for pick in self.picks:
            if pick.target is None:
                continue
            if pick.track is not None:
                tracks = list(player.yard)
                tracks[pick.track] = tracks[pick.track][1:]
                player = replace(player, yard=(tracks[0], tracks[1]))
            player = place_wagon(player, pick.wagon, pick.target)
        return player

    def _tracks_for(self, state: FreightTrainState, wagon: str) -> list[int]:
        """Yard tracks whose open end may hold this wagon."""
        yard = self._player_so_far(state).yard
        return [i for i, track in enumerate(yard) if track and track[0] in (UNKNOWN, wagon)]

    def _options(self, state: FreightTrainState, pick: Pick) -> tuple[str, ...]:
        if self.mode is Mode.YARD and pick.track is None:
            return tuple(str(track) for track in self._tracks_for(state, pick.wagon))
        player = self._player_so_far(state)
        return legal_targets(player, pick.wagon, into_yard=self.mode is Mode.TAKE)

    def _option_label(self, state: FreightTrainState, pick: Pick, option: str) -> str:
        if self.mode is Mode.YARD and pick.track is None:
            return self.words.from_track(int(option) + 1)
        player = self._player_so_far(state)
        if option == TRAIN:
            return self.words.train_option(pick.wagon, player.trains.get(pick.wagon, 0))
        if option == MIXED:
            return self.words.mixed_option(len(player.mixed))
        track = YARD_TARGETS.index(option)
        return self.words.track_option(track + 1, len(player.yard[track]))

    def _length_after(self, state: FreightTrainState, pick: Pick) -> int:
        player = self._player_so_far(state)
        if pick.target == TRAIN:
            return player.trains.get(pick.wagon, 0)
        if pick.target == MIXED:
            return len(player.mixed)
        return len(player.yard[YARD_TARGETS.index(pick.target or YARD_TARGETS[0])])

    def _actions(self, state: FreightTrainState) -> list[Action]:
        player = state.player()
        actions = []
        if player.yard_size():
            actions.append(Action.YARD)
        if can_refill(state):
            actions.append(Action.REFILL)
        if state.day < 3 and not player.brought_locomotive_today:
            actions.append(Action.BRING)
        actions.append(Action.REARRANGE)
        return actions

    def _enter(self, mode: Mode) -> None:
        self.mode = mode
        self.picks = []
        self.entry = []
        self.choice = 0
        self.departure_seen = False

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: FreightTrainState, after: FreightTrainState, event: Event,
                 uids: tuple[str, ...]) -> None:
        self._remember(event, uids)
        self._enter(Mode.MAIN)
        self.page = 0
        if isinstance(event, RefillLane) and after.departure_drawn and not before.departure_drawn:
            self.mode = Mode.DEPARTURE

    def _remember(self, event: Event, uids: tuple[str, ...]) -> None:
        """Cards in trains are counted until the next day's shuffle takes them back."""
        if isinstance(event, StartDay):
            self.counted = set()
        elif isinstance(event, (TakeFromMainYard, MoveFromYard)):
            self.counted |= {uid for uid, target in zip(uids, event.targets)
                             if target in (TRAIN, MIXED)}

    def rebuild(self, state: FreightTrainState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.counted = set()
        for event, uids in history:
            self._remember(event, uids)
        self._enter(Mode.MAIN)
        self.page = 0
        self.tallies_seen = min(self.tallies_seen, len(state.tallies))

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        choices = [(self.words.wagon(wagon), "wagon", wagon) for wagon in WAGON_TYPES]
        return [*choices, (self.words.departure_card(), "departure", "")]

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        return self.counted | {pick.uid for pick in self.picks}

    def draft(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "picks": [asdict(pick) for pick in self.picks],
            "entry": list(self.entry),
            "choice": self.choice,
            "departure_seen": self.departure_seen,
            "split": self.split,
            "page": self.page,
            "tallies_seen": self.tallies_seen,
        }

    def restore(self, draft: dict[str, Any]) -> None:
        try:
            mode = Mode(draft.get("mode", "main"))
            picks = [Pick(**pick) for pick in draft.get("picks", [])]
            entry = [int(index) for index in draft.get("entry", [])]
        except (TypeError, ValueError):
            return  # a draft from another version: start the phase afresh
        self.mode = mode if mode not in (Mode.TALLY, Mode.SETUP, Mode.FINAL) else Mode.MAIN
        self.picks = picks
        self.entry = [index for index in entry if 0 <= index < len(picks)]
        self.choice = int(draft.get("choice", 0))
        self.departure_seen = bool(draft.get("departure_seen", False))
        self.split = int(draft.get("split", 0))
        self.page = int(draft.get("page", 0))
        self.tallies_seen = int(draft.get("tallies_seen", 0))

    # --- The automated player of the demo -----------------------------------------------------

    def next_input(self, state: FreightTrainState, goal: Event,
                   uid_for: Callable[[str, str], str]) -> Input:
        mode = self.current_mode(state)
        if mode in (Mode.DEPARTURE, Mode.TALLY, Mode.SETUP, Mode.FINAL):
            return Press("ok")
        if isinstance(goal, TakeFromMainYard):
            return self._toward_take(state, goal, mode, uid_for)
        wanted = {
            MoveFromYard: (Mode.YARD, Action.YARD),
            RefillLane: (Mode.REFILL, Action.REFILL),
            BringLocomotive: (Mode.BRING, Action.BRING),
            Rearrange: (Mode.REARRANGE, Action.REARRANGE),
        }.get(type(goal))
        if wanted is None:
            raise IllegalEvent("no table input enters this move")
        target_mode, action = wanted
        if mode is Mode.MAIN:
            return Press("ok")
        if mode is Mode.MENU:
            return toward(self.choice, self._actions(state).index(action))
        if mode is not target_mode:
            return Press("back")
        if isinstance(goal, MoveFromYard):
            return self._toward_yard_move(state, goal, uid_for)
        if isinstance(goal, RefillLane):
            if DEPARTURE in goal.drawn and not self.departure_seen:
                return Tap(uid_for("departure", ""))
            return Press("ok")
        if isinstance(goal, Rearrange):
            want = len(goal.yard[0])
            if self.split == want:
                return Press("ok")
            return Press("up" if self.split < want else "down")
        return Press("ok")

    def _toward_take(self, state: FreightTrainState, goal: TakeFromMainYard, mode: Mode,
                     uid_for: Callable[[str, str], str]) -> Input:
        if mode not in (Mode.MAIN, Mode.MENU, Mode.TAKE):
            return Press("back")
        pending = self._pending()
        if pending is not None:
            index = len(self.picks) - 1
            return toward(self.choice, self._options(state, pending).index(goal.targets[index]))
        question = self._order_question()
        if question is not None:
            track, wagons = question
            # The wagons are tapped in the goal's order, so pick i is the goal's wagon i.
            onto = [goal.wagons[i] for i in goal.yard_entries()
                    if goal.targets[i] == YARD_TARGETS[track]]
            settled = sum(1 for i in self.entry if self.picks[i].target == YARD_TARGETS[track])
            return toward(self.choice, wagons.index(onto[settled]))
        return Tap(uid_for("wagon", goal.wagons[len(self.picks)]))

    def _toward_yard_move(self, state: FreightTrainState, goal: MoveFromYard,
                          uid_for: Callable[[str, str], str]) -> Input:
        pending = self._pending()
        if pending is not None:
            index = len(self.picks) - 1
            options = self._options(state, pending)
            wanted = str(goal.tracks[index]) if pending.track is None else goal.targets[index]
            return toward(self.choice, options.index(wanted))
        if len(self.picks) < len(goal.wagons):
            return Tap(uid_for("wagon", goal.wagons[len(self.picks)]))
        return Press("ok")




__all__ = ["GAME", "WAGON_TYPES", "FreightTrainFlow"]
