"""Whistle Stop at the table: the companion runs the round track; shares are tapped as taken.

The map stays on the table; the companion follows the tokens, the trains, the shares, fame and
upgrades (see the engine's notes). The table enters:

- the placement: each player in turn (counter-clockwise from the player right of the first)
  chooses the east-coast station of a train with up/down and `ok`;
- each round: the screen says what the first player hands out (1 whistle or 2 coal each);
  `ok` once it is done;
- a turn: tap a share card as it is taken; `ok` opens the menu: a move paid with coal or a
  whistle (or the same move bringing a train onto the resource track), tokens gained at a
  stop, fame scored, an upgrade bought (from the supply, with its stars, or from an
  opponent), end the turn (a turn without a move gains a whistle);
- the end: announced when a player's last train arrives (the round is finished), or after the
  last round of the track; then each player's score, page by page, and the ranking.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.whistle_stop.components import (
    COAL,
    STARTING_COAL,
    TRAINS_PER_PLAYER,
    UPGRADES_PER_TURN,
    WHISTLE,
)  # fmt: skip
from engine.games.whistle_stop.events import (
    BuyUpgrade,
    EndTurn,
    GainFame,
    GainTokens,
    HandOut,
    Move,
    PlaceTrain,
    TakeShare,
)  # fmt: skip
from engine.games.whistle_stop.rules import can_move, handout, result
from engine.games.whistle_stop.simulate import COMPANIES, SHARES_PER_COMPANY
from engine.games.whistle_stop.state import Phase, WhistleStopState
from engine.games.whistle_stop.table import next_step

from ..inputs import Input, Press, Tap
from ..screens.model import Menu, Screen, Style
from .base import NOTHING, CardLike, Reaction
from .menus import moved, toward
from .whistle_stop_text import GAME, Words

KIND = "share"
#: The share cards of the box: "company-number".
SHARES = tuple(f"{company}-{number}" for company in COMPANIES
               for number in range(1, SHARES_PER_COMPANY + 1))
#: What the number screens allow.
MAX_TOKENS = 20
MAX_FAME = 99
MAX_STARS = 9


class Mode(Enum):
    MAIN = "main"
    MENU = "menu"
    TOKENS = "tokens"
    FAME = "fame"
    UPGRADE = "upgrade"
    STARS = "stars"
    #: A player's last train arrived: announced until acknowledged.
    LAST = "last"
    # Derived from the game itself, never stored:
    SETUP = "setup"
    PLACE = "place"
    HANDOUT = "handout"
    FINAL = "final"


STORED = (Mode.MAIN, Mode.MENU, Mode.TOKENS, Mode.FAME, Mode.UPGRADE, Mode.STARS, Mode.LAST)
SETUP_PAGES = 2


class Action(Enum):
    """The menu of a turn."""

    MOVE_COAL = "move-coal"
    MOVE_WHISTLE = "move-whistle"
    ARRIVE_COAL = "arrive-coal"
    ARRIVE_WHISTLE = "arrive-whistle"
    TOKENS = "tokens"
    FAME = "fame"
    UPGRADE = "upgrade"
    END = "end"


#: The moves of the menu: (token, arrived).
MOVES = {
    Action.MOVE_COAL: (COAL, False),
    Action.MOVE_WHISTLE: (WHISTLE, False),
    Action.ARRIVE_COAL: (COAL, True),
    Action.ARRIVE_WHISTLE: (WHISTLE, True),
}


class WhistleStopFlow:
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.mode = Mode.MAIN
        self.page = 0
        #: The highlighted line of the list on screen (stations, actions, upgrades).
        self.choice = 0
        #: The action chosen last this turn: the menu opens on it.
        self.last_action = Action.MOVE_COAL
        #: The numbers being entered: tokens gained (coal, then whistles), fame, stars.
        self.step = 0
        self.coal = 0
        self.whistles = 0
        self.points = 1
        self.stars = 1
        self.setup_seen = False
        #: Tags of the shares taken so far.
        self.taken: set[str] = set()

    # --- What the screen shows ----------------------------------------------------------------

    def current_mode(self, state: WhistleStopState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.PLACEMENT:
            return Mode.PLACE if self.setup_seen else Mode.SETUP
        if not state.handed_out:
            return Mode.HANDOUT
        return self.mode

    def screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        mode = self.current_mode(state)
        if mode is Mode.SETUP:
            title, body = self._setup_pages(state)[min(self.page, SETUP_PAGES - 1)]
            return Screen(top=w.setup_top(len(state.players)), title=title, body=body,
                          hints=w.hint_pages(), progress=(self.page + 1, SETUP_PAGES))
        if mode is Mode.PLACE:
            total = TRAINS_PER_PLAYER[len(state.players)] * len(state.players)
            free = _free_stations(state)
            return Screen(top=w.placement_top(total - len(state.placing) + 1, total),
                          title=w.places(state.player().name),
                          menu=Menu(tuple(w.station(s) for s in free),
                                    min(self.choice, len(free) - 1)),
                          hints=w.hint_place())
        if mode is Mode.FINAL:
            return self._final_screen(state)
        top = w.last_round_top() if state.is_last_round() else w.round_top(
            state.round, state.last_round())
        if mode is Mode.HANDOUT:
            token, count = handout(state)
            prompt = next_step(state)
            body = w.prompt(prompt.message, prompt.params)
            if state.is_last_round():
                return Screen(top=top, title=w.last_round(), body=body,
                              hints=w.hint_handout(), style=Style.ANNOUNCE)
            return Screen(top=top, title=w.handout_title(token, count), body=body,
                          hints=w.hint_handout())
        player = state.player()
        if mode is not Mode.LAST:
            top = w.turn_top(player.name, top)
        if mode is Mode.LAST:
            still = [state.players[seat].name for seat in state.still_to_play]
            return Screen(top=top, title=w.last_train(),
                          body=w.last_train_body(player.name, still), hints=w.hint_ack(),
                          style=Style.ANNOUNCE)
        if mode is Mode.MENU:
            actions = self._actions(state)
            return Screen(top=top, title=w.menu_title(player.name),
                          menu=Menu(tuple(w.action(a) for a in actions),
                                    min(self.choice, len(actions) - 1)),
                          hints=w.hint_choose())
        if mode is Mode.TOKENS:
            title = w.coal_gained(self.coal) if self.step == 0 else w.whistles_gained(
                self.whistles)
            return Screen(top=top, title=title, body=w.gained_at_stop(),
                          hints=w.hint_number(), progress=(self.step + 1, 2))
        if mode is Mode.FAME:
            return Screen(top=top, title=w.fame_gained(self.points), body=w.fame_body(),
                          hints=w.hint_number())
        if mode is Mode.UPGRADE:
            options = self._upgrade_options(state)
            labels = tuple(w.from_supply() if seat is None
                           else w.from_player(state.players[seat].name, stars)
                           for seat, stars in options)
            return Screen(top=top, title=w.upgrade_title(),
                          menu=Menu(labels, min(self.choice, len(labels) - 1)),
                          hints=w.hint_choose())
        if mode is Mode.STARS:
            return Screen(top=top, title=w.stars(self.stars), body=w.stars_body(),
                          hints=w.hint_number())
        body = (w.tokens(player.coal, player.whistles),
                w.spent(state.moves, state.upgrades_bought),
                w.trains(player.on_map, player.arrived))
        return Screen(top=top, title=w.tap_share_title(), body=body, hints=w.hint_main())

    def _setup_pages(self, state: WhistleStopState) -> list[tuple[str, tuple[str, ...]]]:
        w = self.words
        order = state.order
        coal = [(state.players[seat].name, STARTING_COAL[step])
                for step, seat in enumerate(order.round_from(state.first))]
        first_to_place = state.players[state.placing[0]].name if state.placing else ""
        return [w.setup_trains(TRAINS_PER_PLAYER[len(state.players)], coal),
                w.setup_placing(first_to_place)]

    def _final_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        final = result(state)
        pages = self._final_pages(state)
        page = min(self.page, len(pages) - 1)
        hints = w.hint_pages()
        progress = (page + 1, len(pages))
        seat, body = pages[page]
        if seat is not None:
            score = final.players[seat]
            return Screen(top=w.final_top(), title=w.tally_title(score.name, score.total),
                          body=body, hints=hints, progress=progress)
        if page == len(pages) - 2:
            ranking = sorted(final.players, key=lambda s: -s.total)
            lines = tuple(w.rank(place + 1, s.name, s.total) for place, s in enumerate(ranking))
            return Screen(top=w.final_top(), title=w.winners(list(final.winners)),
                          menu=Menu(lines, -1), hints=hints, style=Style.ANNOUNCE,
                          progress=progress)
        title, body = w.not_counted()
        return Screen(top=w.final_top(), title=title, body=body, hints=hints, progress=progress)

    # --- Buttons ------------------------------------------------------------------------------

    def on_button(self, state: WhistleStopState, button: str) -> Reaction:
        mode = self.current_mode(state)
        handler = {
            Mode.SETUP: self._setup_button,
            Mode.PLACE: self._place_button,
            Mode.HANDOUT: self._handout_button,
            Mode.FINAL: self._final_button,
            Mode.LAST: self._last_button,
            Mode.MAIN: self._main_button,
            Mode.MENU: self._menu_button,
            Mode.TOKENS: self._tokens_button,
            Mode.FAME: self._fame_button,
            Mode.UPGRADE: self._upgrade_button,
            Mode.STARS: self._stars_button,
        }[mode]
        return handler(state, button)

    def _setup_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button in ("up", "down"):
            self.page = moved(self.page, button, SETUP_PAGES)
        elif button == "ok":
            if self.page < SETUP_PAGES - 1:
                self.page += 1
            else:
                self.setup_seen, self.page, self.choice = True, 0, 0
        return NOTHING

    def _place_button(self, state: WhistleStopState, button: str) -> Reaction:
        free = _free_stations(state)
        self.choice = min(self.choice, len(free) - 1)
        if button in ("up", "down"):
            self.choice = moved(self.choice, button, len(free))
        elif button == "ok":
            station = free[self.choice]
            return Reaction(PlaceTrain(station),
                            notice=self.words.placed(station, state.player().name))
        elif button == "back" and all(seat < 0 for seat in state.stations):
            self.setup_seen, self.page = False, SETUP_PAGES - 1  # back to the setup pages
        return NOTHING

    def _handout_button(self, state: WhistleStopState, button: str) -> Reaction:
        return Reaction(HandOut()) if button == "ok" else NOTHING

    def _final_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button in ("up", "down", "ok"):
            self.page = moved(self.page, "down" if button == "ok" else button,
                               len(self._final_pages(state)))
        return NOTHING

    def _final_pages(self, state: WhistleStopState) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each player's score on one page or more (seat, lines), then the ranking and what
        is still to add (None)."""
        final = result(state)
        return [*((seat, lines) for seat, score in enumerate(final.players)
                  for lines in self.words.breakdown_pages(score.breakdown)),
                (None, ()), (None, ())]

    def _last_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MAIN)
        return NOTHING

    def _main_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button == "ok":
            self._enter(Mode.MENU)
            actions = self._actions(state)
            self.choice = actions.index(self.last_action) if self.last_action in actions else 0
        return NOTHING

    def _menu_button(self, state: WhistleStopState, button: str) -> Reaction:
        actions = self._actions(state)
        self.choice = min(self.choice, len(actions) - 1)
        if button == "back":
            self._enter(Mode.MAIN)
        elif button in ("up", "down"):
            self.choice = moved(self.choice, button, len(actions))
        elif button == "ok":
            action = actions[self.choice]
            self.last_action = action
            return self._act(state, action)
        return NOTHING

    def _act(self, state: WhistleStopState, action: Action) -> Reaction:
        w = self.words
        player = state.player()
        if action in MOVES:
            token, arrived = MOVES[action]
            notice = w.arrived() if arrived else w.moved(token, player.held(token) - 1)
            return Reaction(Move(token, arrived), notice=notice)
        if action is Action.END:
            return Reaction(EndTurn(),
                            notice=w.whistle_for_no_move() if state.moves == 0 else None)
        if action is Action.TOKENS:
            self._enter(Mode.TOKENS)
        elif action is Action.FAME:
            self._enter(Mode.FAME)
        else:
            self._enter(Mode.UPGRADE)
        return NOTHING

    def _tokens_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button in ("up", "down"):
            step = 1 if button == "up" else -1
            if self.step == 0:
                self.coal = _clamped(self.coal + step, 0, MAX_TOKENS)
            else:
                self.whistles = _clamped(self.whistles + step, 0, MAX_TOKENS)
        elif button == "back":
            if self.step:
                self.step = 0
            else:
                self._back_to_menu(state, Action.TOKENS)
        elif button == "ok":
            if self.step == 0:
                self.step = 1
            elif self.coal + self.whistles == 0:
                return Reaction(refusal=self.words.nothing_gained())
            else:
                return Reaction(GainTokens(self.coal, self.whistles),
                                notice=self.words.tokens_gained(self.coal, self.whistles))
        return NOTHING

    def _fame_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button in ("up", "down"):
            self.points = _clamped(self.points + (1 if button == "up" else -1), 1, MAX_FAME)
        elif button == "back":
            self._back_to_menu(state, Action.FAME)
        elif button == "ok":
            return Reaction(GainFame(self.points), notice=self.words.fame_gained(self.points))
        return NOTHING

    def _upgrade_button(self, state: WhistleStopState, button: str) -> Reaction:
        options = self._upgrade_options(state)
        self.choice = min(self.choice, len(options) - 1)
        if button in ("up", "down"):
            self.choice = moved(self.choice, button, len(options))
        elif button == "back":
            self._back_to_menu(state, Action.UPGRADE)
        elif button == "ok":
            seat, stars = options[self.choice]
            if seat is None:
                self._enter(Mode.STARS)
                return NOTHING
            return Reaction(BuyUpgrade(stars, seat),
                            notice=self.words.pay_rare(state.players[seat].name))
        return NOTHING

    def _stars_button(self, state: WhistleStopState, button: str) -> Reaction:
        if button in ("up", "down"):
            self.stars = _clamped(self.stars + (1 if button == "up" else -1), 0, MAX_STARS)
        elif button == "back":
            self._enter(Mode.UPGRADE)
        elif button == "ok":
            return Reaction(BuyUpgrade(self.stars),
                            notice=self.words.upgrade_bought(self.stars))
        return NOTHING

    def _back_to_menu(self, state: WhistleStopState, action: Action) -> None:
        self._enter(Mode.MENU)
        actions = self._actions(state)
        self.choice = actions.index(action) if action in actions else 0

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: WhistleStopState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        if card.game != GAME:
            return Reaction(refusal=w.not_this_game())
        share = _share(card)
        if share is None:
            return Reaction(refusal=w.not_a_share())
        company, number = share
        label = w.share(company, number)
        for player in state.players:
            if any(s.company == company and s.number == number for s in player.shares):
                return Reaction(refusal=w.share_held(label, player.name))
        if self.current_mode(state) not in (Mode.MAIN, Mode.MENU):
            return Reaction(refusal=w.not_now())
        held = sum(1 for s in state.player().shares if s.company == company) + 1
        return Reaction(TakeShare(company, number), notice=w.share_taken(label, held),
                        uids=(uid,))

    # --- Questions about the turn -------------------------------------------------------------

    def _actions(self, state: WhistleStopState) -> list[Action]:
        player = state.player()
        actions = []
        if can_move(state):
            for action, (token, _) in MOVES.items():
                if player.held(token):
                    actions.append(action)
        actions += [Action.TOKENS, Action.FAME]
        if (state.upgrades_bought < UPGRADES_PER_TURN
                and len(player.upgrades) < state.settings.upgrade_slots):
            actions.append(Action.UPGRADE)
        actions.append(Action.END)
        return actions

    @staticmethod
    def _upgrade_options(state: WhistleStopState) -> list[tuple[int | None, int]]:
        """From the supply, or each opponent's upgrades (one line per number of stars)."""
        options: list[tuple[int | None, int]] = [(None, 0)]
        for seat in state.order.round_from(state.order.next_seat(state.current)):
            if seat != state.current:
                options += [(seat, stars) for stars in sorted(set(state.players[seat].upgrades))]
        return options

    def _enter(self, mode: Mode) -> None:
        self.mode = mode
        self.choice = 0
        self.step = 0
        self.coal = self.whistles = 0
        self.points = 1
        self.stars = 1

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: WhistleStopState, after: WhistleStopState, event: Event,
                 uids: tuple[str, ...]) -> None:
        self._remember(event, uids)
        self.setup_seen = True
        self.page = 0
        self._enter(Mode.MAIN)
        if isinstance(event, EndTurn):
            self.last_action = Action.MOVE_COAL
        if after.last_train_arrived and not before.last_train_arrived:
            self.mode = Mode.LAST

    def _remember(self, event: Event, uids: tuple[str, ...]) -> None:
        if isinstance(event, TakeShare):
            self.taken |= set(uids)

    def rebuild(self, state: WhistleStopState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.taken = set()
        for event, uids in history:
            self._remember(event, uids)
        self.setup_seen = self.setup_seen or bool(history)
        self.page = 0
        self.last_action = Action.MOVE_COAL
        self._enter(Mode.MAIN)

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        choices = []
        for value in SHARES:
            company, number = value.rsplit("-", 1)
            choices.append((self.words.share(company, int(number)), KIND, value))
        return choices

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        return set(self.taken)

    def draft(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "page": self.page,
            "choice": self.choice,
            "last_action": self.last_action.value,
            "step": self.step,
            "coal": self.coal,
            "whistles": self.whistles,
            "points": self.points,
            "stars": self.stars,
            "setup_seen": self.setup_seen,
        }

    def restore(self, draft: dict[str, Any]) -> None:
        try:
            mode = Mode(draft.get("mode", "main"))
            last_action = Action(draft.get("last_action", Action.MOVE_COAL.value))
            numbers = {key: int(draft.get(key, default)) for key, default in (
                ("page", 0), ("choice", 0), ("step", 0), ("coal", 0), ("whistles", 0),
                ("points", 1), ("stars", 1))}
        except (TypeError, ValueError):
            return  # a draft from another version: start the turn's entry afresh
        self.mode = mode if mode in STORED else Mode.MAIN
        self.last_action = last_action
        self.page, self.choice = numbers["page"], numbers["choice"]
        self.step = _clamped(numbers["step"], 0, 1)
        self.coal = _clamped(numbers["coal"], 0, MAX_TOKENS)
        self.whistles = _clamped(numbers["whistles"], 0, MAX_TOKENS)
        self.points = _clamped(numbers["points"], 1, MAX_FAME)
        self.stars = _clamped(numbers["stars"], 0, MAX_STARS)
        self.setup_seen = bool(draft.get("setup_seen", self.setup_seen))

    # --- The automated player of the demo -----------------------------------------------------

    def next_input(self, state: WhistleStopState, goal: Event,
                   uid_for: Callable[[str, str], str]) -> Input:
        mode = self.current_mode(state)
        if mode in (Mode.SETUP, Mode.HANDOUT, Mode.LAST, Mode.FINAL):
            return Press("ok")
        if isinstance(goal, PlaceTrain):
            free = _free_stations(state)
            return toward(self.choice, free.index(goal.station), len(free))
        if isinstance(goal, TakeShare):
            if mode not in (Mode.MAIN, Mode.MENU):
                return Press("back")
            return Tap(uid_for(KIND, f"{goal.company}-{goal.number}"))
        if isinstance(goal, Move):
            action = next(a for a, move in MOVES.items() if move == (goal.token, goal.arrived))
            return self._toward_action(state, mode, action)
        if isinstance(goal, EndTurn):
            return self._toward_action(state, mode, Action.END)
        if isinstance(goal, GainTokens):
            if mode is not Mode.TOKENS:
                return self._toward_action(state, mode, Action.TOKENS)
            if self.step == 0:
                return _numbertoward(self.coal, goal.coal)
            return _numbertoward(self.whistles, goal.whistles)
        if isinstance(goal, GainFame):
            if mode is not Mode.FAME:
                return self._toward_action(state, mode, Action.FAME)
            return _numbertoward(self.points, goal.points)
        if isinstance(goal, BuyUpgrade):
            if mode is Mode.STARS and goal.from_seat is None:
                return _numbertoward(self.stars, goal.stars)
            if mode is not Mode.UPGRADE:
                return self._toward_action(state, mode, Action.UPGRADE)
            options = self._upgrade_options(state)
            wanted = options.index((None, 0) if goal.from_seat is None
                                   else (goal.from_seat, goal.stars))
            return toward(self.choice, wanted, len(options))
        raise IllegalEvent("no table input enters this move")

    def _toward_action(self, state: WhistleStopState, mode: Mode, action: Action) -> Input:
        if mode is Mode.MAIN:
            return Press("ok")
        if mode is not Mode.MENU:
            return Press("back")
        actions = self._actions(state)
        return toward(self.choice, actions.index(action), len(actions))


def _share(card: CardLike) -> tuple[str, int] | None:
    """(company, number) of a share card, or None."""
    if card.kind != KIND or card.value not in SHARES:
        return None
    company, number = card.value.rsplit("-", 1)
    return company, int(number)


def _free_stations(state: WhistleStopState) -> list[int]:
    return [index + 1 for index, seat in enumerate(state.stations) if seat < 0]


def _clamped(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))




def _numbertoward(current: int, wanted: int) -> Input:
    if current == wanted:
        return Press("ok")
    return Press("up" if current < wanted else "down")


__all__ = ["GAME", "SHARES", "WhistleStopFlow"]
