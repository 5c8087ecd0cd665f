"""Freight Train at the table: taps and presses become moves; the screen says what is next.

The companion knows a card once it is tapped: the main yard, the deck and the yards start as
unseen cards. A player's phase is entered like this:

- tap a wagon: it is one of the three taken from the main yard; the screen asks where it
  goes (its train, the mixed train, a yard track) when more than one place is legal, then,
  when different wagons go onto the same yard track, which one enters it first;
- `ok` opens the menu: from my yard (tap up to four wagons, `ok`), refill a lane (the players
  first check on the board that two lanes or more are empty, see `refill`; then tap the
  departure card if it shows), bring a locomotive, rearrange or pass;
- `back` steps back; holding `back` undoes the last move (the appliance asks first).
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.base import NOTHING, CardLike, Reaction
from companion.flows.kit import Button, DraftedUI, leafed, moved, refuses_other_games
from companion.games.freight_train.messages import (  # fmt: skip
    CHOOSE_FIRST,
    CHOOSE_ORDER_FIRST,
    DAY_BEGINS,
    DEPARTURE_ALREADY,
    FINISH_REFILL,
    FOUR_AT_MOST,
    LOCOMOTIVE_BROUGHT,
    NOT_A_WAGON,
    NOT_THIS_GAME,
    REFILL_FIRST,
    TAP_YARD_FIRST,
)
from companion.games.freight_train.move_words import move_words
from companion.games.freight_train.refill import RefillEntry
from companion.games.freight_train.screens import FreightTrainScreens
from companion.games.freight_train.ui import Action, FreightTrainUI, Mode, Pick
from companion.games.freight_train.words import GAME, Words
from engine.events import Event
from engine.games.freight_train.cards import (
    LANES,
    MIXED,
    MOVE_FROM_YARD,
    TAKE_FROM_MAIN_YARD,
    TRACK_SPACES,
    UNKNOWN,
    WAGON_TYPES,
)  # fmt: skip
from engine.games.freight_train.end_of_day import cards_to_shuffle
from engine.games.freight_train.events import (
    BringLocomotive,
    MoveFromYard,
    Rearrange,
    RefillLane,
    StartDay,
    TakeFromMainYard,
)  # fmt: skip
from engine.games.freight_train.rules import may_rearrange, refill_possible
from engine.games.freight_train.state import (
    TRAIN,
    YARD_TARGETS,
    FreightTrainState,
    Phase,
    Player,
)  # fmt: skip
from engine.games.freight_train.trains import legal_targets, place_wagon


class FreightTrainFlow(RefillEntry, FreightTrainScreens, DraftedUI[FreightTrainUI]):
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.ui = FreightTrainUI()
        #: Taken wagons whose entry into their yard track is settled, first in first.
        self.counted: set[str] = set()
        #: The seat that played the last move seen here (None after a rebuild).
        self.last_mover: int | None = None

    def current_mode(self, state: FreightTrainState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.DEAL:
            return Mode.TALLY if len(state.tallies) > self.ui.tallies_seen else Mode.SETUP
        return self.ui.mode

    # --- Buttons ------------------------------------------------------------------------------

    def on_button(self, state: FreightTrainState, button: Button) -> Reaction:
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

    def _main_button(self, state: FreightTrainState, button: Button) -> Reaction:
        if button == "ok":
            self._enter(Mode.MENU)
        return NOTHING

    def _menu_button(self, state: FreightTrainState, button: Button) -> Reaction:
        actions = self.actions(state)
        if button == "back":
            self._enter(Mode.MAIN)
        elif button in ("up", "down"):
            self._set(choice=moved(self.ui.choice, button, len(actions)))
        elif button == "ok":
            action = actions[self.ui.choice]
            if action is Action.YARD:
                self._enter(Mode.YARD)
            elif action is Action.REFILL:
                self._enter(Mode.REFILL)
            elif action is Action.BRING:
                self._enter(Mode.BRING)
            else:
                self._enter(Mode.REARRANGE)
                self._set(split=len(state.player().yard[0]))
        return NOTHING

    def _move_button(self, state: FreightTrainState, button: Button) -> Reaction:
        pending = self.pending_pick()
        question = self.order_question()
        if question is not None:
            return self._order_button(state, question, button)
        if button == "back":
            if (pending is not None and pending.track is not None and self.ui.mode is Mode.YARD
                    and len(self._tracks_for(state, pending.wagon)) > 1):
                # Back to the question of which track it left.
                self._set(picks=(*self.ui.picks[:-1], replace(pending, track=None)), choice=0)
                return NOTHING
            if self.ui.picks:
                self._set(picks=self.ui.picks[:-1], choice=0)
            else:
                self._enter(Mode.MAIN)
            return NOTHING
        if pending is not None:
            options = self.options_for(state, pending)
            if button in ("up", "down"):
                self._set(choice=moved(self.ui.choice, button, len(options)))
                return NOTHING
            if button == "ok":
                return self._choose(state, pending, options[self.ui.choice])
            return NOTHING
        if button == "ok" and self.ui.mode is Mode.YARD:
            if not self.ui.picks:
                return Reaction(refusal=self.words.say(TAP_YARD_FIRST))
            return self._submit_yard_move(state)
        return NOTHING

    def _order_button(self, state: FreightTrainState, question: tuple[int, tuple[str, ...]],
                      button: Button) -> Reaction:
        """Which of the different wagons going onto one yard track enters it first."""
        track, wagons = question
        if button == "back":
            if self.ui.entry:
                self._set(entry=self.ui.entry[:-1], choice=0)
            else:
                self._set(picks=self.ui.picks[:-1], choice=0)
        elif button in ("up", "down"):
            self._set(choice=moved(self.ui.choice, button, len(wagons)))
        elif button == "ok":
            chosen = wagons[self.ui.choice]
            first = next(index for index in self._unordered(track)
                         if self.ui.picks[index].wagon == chosen)
            self._set(entry=(*self.ui.entry, first), choice=0)
            if self.order_question() is None:
                return self._submit_take(state)
        return NOTHING

    def _rearrange_button(self, state: FreightTrainState, button: Button) -> Reaction:
        player = state.player()
        total = player.yard_size()
        low, high = max(0, total - TRACK_SPACES), min(total, TRACK_SPACES)
        if not may_rearrange(state, player):
            low = high = len(player.yard[0])  # no token, the table not stuck: only a pass
        if button == "back":
            self._enter(Mode.MAIN)
        elif button == "up":
            self._set(split=min(high, self.ui.split + 1))
        elif button == "down":
            self._set(split=max(low, self.ui.split - 1))
        elif button == "ok":
            if not may_rearrange(state, player) and self.ui.split == len(player.yard[0]):
                return Reaction(Rearrange(player.yard))  # a pass: nothing moved
            # The companion cannot see the new order, even with the same split: forget it.
            layout = ((UNKNOWN,) * self.ui.split, (UNKNOWN,) * (total - self.ui.split))
            return Reaction(Rearrange(layout))
        return NOTHING

    def _bring_button(self, state: FreightTrainState, button: Button) -> Reaction:
        if button == "ok":
            return Reaction(BringLocomotive(), notice=self.words.say(LOCOMOTIVE_BROUGHT))
        if button == "back":
            self._enter(Mode.MAIN)
        return NOTHING

    def _departure_button(self, state: FreightTrainState, button: Button) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _tally_button(self, state: FreightTrainState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, len(self._tally_pages(state)))
        if page is None:
            self._set(tallies_seen=len(state.tallies), page=0)
        else:
            self._set(page=page)
        return NOTHING

    def _setup_button(self, state: FreightTrainState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, len(self._setup_pages(state)))
        if page is None:
            return Reaction(self._unseen_layout(state),
                            notice=self.words.say(DAY_BEGINS, day=state.day))
        self._set(page=page)
        return NOTHING

    def _final_button(self, state: FreightTrainState, button: Button) -> Reaction:
        self.ui = self.ui.turned(button, len(self._tally_pages(state)))
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    @refuses_other_games(NOT_THIS_GAME)
    def on_card(self, state: FreightTrainState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        mode = self.current_mode(state)
        if mode in (Mode.TALLY, Mode.SETUP, Mode.FINAL, Mode.DEPARTURE, Mode.BRING,
                    Mode.REARRANGE):
            return Reaction(refusal=w.not_now())
        if card.kind == "departure":
            if state.departure_drawn:
                return Reaction(refusal=w.say(DEPARTURE_ALREADY))
            return self._departure_tapped(state, mode)
        if card.kind != "wagon" or card.value not in state.settings.wagon_types:
            return Reaction(refusal=w.say(NOT_A_WAGON))
        if uid in self.counted or any(p.uid == uid for p in self.ui.picks):
            return Reaction(refusal=w.already_counted(card.value))
        if mode is Mode.REFILL:
            return Reaction(refusal=w.say(FINISH_REFILL))
        if self.pending_pick() is not None:
            return Reaction(refusal=w.say(CHOOSE_FIRST))
        if self.order_question() is not None:
            return Reaction(refusal=w.say(CHOOSE_ORDER_FIRST))
        if mode in (Mode.MAIN, Mode.MENU):
            if state.wagons_in_main_yard() < TAKE_FROM_MAIN_YARD:
                return Reaction(refusal=w.say(REFILL_FIRST))
            self._enter(Mode.TAKE)
        if self.ui.mode is Mode.YARD:
            return self._yard_wagon(state, card.value, uid)
        return self._add_pick(state, Pick(card.value, uid))

    def _yard_wagon(self, state: FreightTrainState, wagon: str, uid: str) -> Reaction:
        if len(self.ui.picks) >= MOVE_FROM_YARD:
            return Reaction(refusal=self.words.say(FOUR_AT_MOST))
        tracks = self._tracks_for(state, wagon)
        if not tracks:
            return Reaction(refusal=self.words.not_in_yard(wagon))
        pick = Pick(wagon, uid, track=tracks[0] if len(tracks) == 1 else None)
        return self._add_pick(state, pick)

    def _add_pick(self, state: FreightTrainState, pick: Pick) -> Reaction:
        options = self.options_for(state, pick)
        if not options:
            return Reaction(refusal=self.words.no_place(pick.wagon))
        self._set(picks=(*self.ui.picks, pick), choice=0)
        if len(options) == 1:
            return self._choose(state, pick, options[0])
        return NOTHING

    def _choose(self, state: FreightTrainState, pick: Pick, option: str) -> Reaction:
        """Settle the pending question of `pick`: its yard track, then where it goes."""
        if self.ui.mode is Mode.YARD and pick.track is None:
            pick = replace(pick, track=int(option))
            self._set(picks=(*self.ui.picks[:-1], pick), choice=0)
            options = self.options_for(state, pick)
            if not options:
                self._set(picks=self.ui.picks[:-1])
                return Reaction(refusal=self.words.no_place(pick.wagon))
            if len(options) == 1:
                return self._choose(state, pick, options[0])
            return NOTHING
        pick = replace(pick, target=option)
        self._set(picks=(*self.ui.picks[:-1], pick), choice=0)
        notice = self.words.counted(pick.wagon, option, self._length_after(state, pick))
        if self.ui.mode is Mode.TAKE and len(self.ui.picks) == TAKE_FROM_MAIN_YARD:
            if self.order_question() is not None:
                return Reaction(notice=notice)
            return replace(self._submit_take(state), notice=notice)
        if self.ui.mode is Mode.YARD and len(self.ui.picks) == MOVE_FROM_YARD:
            return replace(self._submit_yard_move(state), notice=notice)
        return Reaction(notice=notice)

    # --- Building the moves -------------------------------------------------------------------

    def _submit_take(self, state: FreightTrainState) -> Reaction:
        lanes = [len(lane) for lane in state.main_yard]
        chosen = []
        for _ in self.ui.picks:
            # Lanes are not tracked at the table: take from the shortest non-empty lane, so the
            # companion's count of empty lanes is never below the table's.
            lane = min((n, i) for i, n in enumerate(lanes) if n)[1]
            lanes[lane] -= 1
            chosen.append(lane)
        event = TakeFromMainYard(tuple(chosen), tuple(p.wagon for p in self.ui.picks),
                                 tuple(p.target or "" for p in self.ui.picks), self._entry_order())
        return Reaction(event, uids=tuple(p.uid for p in self.ui.picks))

    def _entry_order(self) -> tuple[int, ...]:
        """The order the taken wagons enter the yard: on each track, the wagons said to enter
        first, then the others as tapped; empty when that is the order of the take."""
        tapped = [i for i, pick in enumerate(self.ui.picks) if pick.target in YARD_TARGETS]
        order = list(tapped)
        for target in YARD_TARGETS:
            places = [n for n, i in enumerate(tapped) if self.ui.picks[i].target == target]
            settled = [i for i in self.ui.entry if self.ui.picks[i].target == target]
            others = [tapped[n] for n in places if tapped[n] not in settled]
            for place, index in zip(places, settled + others):
                order[place] = index
        return () if order == tapped else tuple(order)

    def _submit_yard_move(self, state: FreightTrainState) -> Reaction:
        done = [p for p in self.ui.picks if p.target is not None]
        if len(done) != len(self.ui.picks):
            return Reaction(refusal=self.words.say(CHOOSE_FIRST))
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

    def pending_pick(self) -> Pick | None:
        if self.ui.picks and self.ui.picks[-1].target is None:
            return self.ui.picks[-1]
        return None

    def _unordered(self, track: int) -> list[int]:
        """The taken wagons going onto `track` whose turn to enter is not settled yet."""
        return [i for i, pick in enumerate(self.ui.picks)
                if pick.target == YARD_TARGETS[track] and i not in self.ui.entry]

    def order_question(self) -> tuple[int, tuple[str, ...]] | None:
        """Once the three wagons are placed: a yard track that different wagons still enter in
        an unsettled order, and those wagons (each type once); None when nothing is left to ask.
        Wagons of one type need no order: the track looks the same either way."""
        if (self.ui.mode is not Mode.TAKE or len(self.ui.picks) < TAKE_FROM_MAIN_YARD
                or self.pending_pick() is not None):
            return None
        for track in range(len(YARD_TARGETS)):
            wagons = tuple(dict.fromkeys(self.ui.picks[i].wagon for i in self._unordered(track)))
            if len(wagons) > 1:
                return track, wagons
        return None

    def _player_so_far(self, state: FreightTrainState) -> Player:
        """The current player with the wagons already placed in this move (the yard's order
        is settled later: only its counts matter here)."""
        player = state.player()
        for pick in self.ui.picks:
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

    def options_for(self, state: FreightTrainState, pick: Pick) -> tuple[str, ...]:
        if self.ui.mode is Mode.YARD and pick.track is None:
            return tuple(str(track) for track in self._tracks_for(state, pick.wagon))
        player = self._player_so_far(state)
        return legal_targets(player, pick.wagon, into_yard=self.ui.mode is Mode.TAKE)

    def _length_after(self, state: FreightTrainState, pick: Pick) -> int:
        player = self._player_so_far(state)
        if pick.target == TRAIN:
            return player.trains.get(pick.wagon, 0)
        if pick.target == MIXED:
            return len(player.mixed)
        return len(player.yard[YARD_TARGETS.index(pick.target or YARD_TARGETS[0])])

    def actions(self, state: FreightTrainState) -> list[Action]:
        player = state.player()
        actions = []
        if player.yard_size():
            actions.append(Action.YARD)
        if refill_possible(state):  # the players are asked whether two lanes are empty
            actions.append(Action.REFILL)
        if state.day < 3 and not player.brought_locomotive_today:
            actions.append(Action.BRING)
        actions.append(Action.REARRANGE)
        return actions

    def _enter(self, mode: Mode) -> None:
        """`mode` with nothing entered yet (the split, the pages seen are kept)."""
        self._set(mode=mode, picks=(), entry=(), choice=0, departure_seen=False)

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: FreightTrainState, after: FreightTrainState, event: Event,
                 uids: tuple[str, ...]) -> None:
        self.last_mover = before.current
        self._remember(event, uids)
        self._enter(Mode.MAIN)
        self._set(page=0)
        if isinstance(event, RefillLane) and after.departure_drawn and not before.departure_drawn:
            self._set(mode=Mode.DEPARTURE)

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
        self.last_mover = None
        for event, uids in history:
            self._remember(event, uids)
        self._enter(Mode.MAIN)
        self._set(page=0, tallies_seen=min(self.ui.tallies_seen, len(state.tallies)))

    def move_words(self, state: FreightTrainState, event: Event) -> str | None:
        """The last move in words, for the undo question."""
        return move_words(self.words, state, event, self.last_mover)

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        choices = [(self.words.wagon(wagon), "wagon", wagon) for wagon in WAGON_TYPES]
        return [*choices, (self.words.departure_card(), "departure", "")]

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        return self.counted | {pick.uid for pick in self.ui.picks}

__all__ = ["GAME", "WAGON_TYPES", "FreightTrainFlow"]
