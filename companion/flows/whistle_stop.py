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

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

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

from ..screens.model import Menu, Screen, Style
from .base import NOTHING, CardLike, Reaction
from .kit import (
    Button,
    ModeFlow,
    chosen,
    leafed,
    other_game,
    refused,
    turned,
    ui_draft,
    ui_from_draft,
)
from .whistle_stop_text import (
    ARRIVED,
    COAL_GAINED,
    FAME_GAINED,
    FROM_SUPPLY,
    GAME,
    HINT_HANDOUT,
    HINT_MAIN,
    HINT_NUMBER,
    HINT_PLACE,
    LAST_ROUND,
    LAST_ROUND_TOP,
    LAST_TRAIN,
    NOT_A_SHARE,
    NOT_THIS_GAME,
    NOTHING_GAINED,
    PAY_RARE,
    PLACED,
    PLACEMENT_TOP,
    PLACES,
    RANK,
    ROUND_TOP,
    SETUP_TOP,
    SHARE_HELD,
    SHARE_TAKEN,
    SPENT,
    STARS,
    STATION,
    TALLY_TITLE,
    TAP_SHARE_TITLE,
    TOKENS,
    TOKENS_GAINED,
    TRAINS,
    UPGRADE_TITLE,
    WHISTLE_FOR_NO_MOVE,
    WHISTLES_GAINED,
    Words,
)  # fmt: skip

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


@dataclass(frozen=True)
class WhistleStopUI:
    """What the table is in the middle of entering: kept in the draft across a power cut."""

    mode: Mode = Mode.MAIN
    page: int = 0
    #: The highlighted line of the list on screen (stations, actions, upgrades).
    choice: int = 0
    #: The action chosen last this turn: the menu opens on it.
    last_action: Action = Action.MOVE_COAL
    #: The numbers being entered: tokens gained (coal, then whistles), fame, stars.
    step: int = 0
    coal: int = 0
    whistles: int = 0
    points: int = 1
    stars: int = 1
    setup_seen: bool = False

    def entering(self, mode: Mode) -> WhistleStopUI:
        """The UI on entering `mode`: the numbers and the highlight start afresh."""
        return replace(self, mode=mode, choice=0, step=0, coal=0, whistles=0, points=1,
                       stars=1)

    def fits(self) -> bool:
        """Whether every number is one the screens can show."""
        return (self.mode in STORED and self.step in (0, 1)
                and 0 <= self.coal <= MAX_TOKENS and 0 <= self.whistles <= MAX_TOKENS
                and 1 <= self.points <= MAX_FAME and 0 <= self.stars <= MAX_STARS)


class WhistleStopFlow(ModeFlow[WhistleStopState, Mode]):
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.ui = WhistleStopUI()
        #: Tags of the shares taken so far.
        self.taken: set[str] = set()
        self.screens = {
            Mode.SETUP: self._setup_screen,
            Mode.PLACE: self._place_screen,
            Mode.FINAL: self._final_screen,
            Mode.HANDOUT: self._handout_screen,
            Mode.LAST: self._last_screen,
            Mode.MENU: self._menu_screen,
            Mode.TOKENS: self._tokens_screen,
            Mode.FAME: self._fame_screen,
            Mode.UPGRADE: self._upgrade_screen,
            Mode.STARS: self._stars_screen,
            Mode.MAIN: self._main_screen,
        }
        self.buttons = {
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
        }

    # --- What the screen shows ----------------------------------------------------------------

    def current_mode(self, state: WhistleStopState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.PLACEMENT:
            return Mode.PLACE if self.ui.setup_seen else Mode.SETUP
        if not state.handed_out:
            return Mode.HANDOUT
        return self.ui.mode

    def _setup_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        title, body = self._setup_pages(state)[min(self.ui.page, SETUP_PAGES - 1)]
        return Screen(top=w.say(SETUP_TOP, players=len(state.players)), title=title, body=body,
                      hints=w.hint_pages(), progress=(self.ui.page + 1, SETUP_PAGES))

    def _place_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        total = TRAINS_PER_PLAYER[len(state.players)] * len(state.players)
        free = free_stations(state)
        return Screen(top=w.say(PLACEMENT_TOP, number=total - len(state.placing) + 1, total=total),
                      title=w.say(PLACES, name=state.player().name),
                      menu=Menu(tuple(w.say(STATION, station=s) for s in free),
                                min(self.ui.choice, len(free) - 1)),
                      hints=w.say(HINT_PLACE))

    def _round_top(self, state: WhistleStopState) -> str:
        w = self.words
        if state.is_last_round():
            return w.say(LAST_ROUND_TOP)
        return w.say(ROUND_TOP, round=state.round, last=state.last_round())

    def _turn_top(self, state: WhistleStopState) -> str:
        return self.words.turn_top(state.player().name, self._round_top(state))

    def _handout_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        top = self._round_top(state)
        token, count = handout(state)
        prompt = next_step(state)
        body = w.prompt(prompt.message, prompt.params)
        if state.is_last_round():
            return Screen(top=top, title=w.say(LAST_ROUND), body=body,
                          hints=w.say(HINT_HANDOUT), style=Style.ANNOUNCE)
        return Screen(top=top, title=w.handout_title(token, count), body=body,
                      hints=w.say(HINT_HANDOUT))

    def _last_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        still = [state.players[seat].name for seat in state.still_to_play]
        return Screen(top=self._round_top(state), title=w.say(LAST_TRAIN),
                      body=w.last_train_body(state.player().name, still), hints=w.hint_ack(),
                      style=Style.ANNOUNCE)

    def _menu_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        items = actions(state)
        return Screen(top=self._turn_top(state), title=w.menu_title(state.player().name),
                      menu=Menu(tuple(w.action(a) for a in items),
                                min(self.ui.choice, len(items) - 1)),
                      hints=w.hint_choose())

    def _tokens_screen(self, state: WhistleStopState) -> Screen:
        w, ui = self.words, self.ui
        title = (w.say(COAL_GAINED, count=ui.coal) if ui.step == 0
                 else w.say(WHISTLES_GAINED, count=ui.whistles))
        return Screen(top=self._turn_top(state), title=title, body=w.gained_at_stop(),
                      hints=w.say(HINT_NUMBER), progress=(ui.step + 1, 2))

    def _number_screen(self, state: WhistleStopState, title: str,
                       body: tuple[str, ...]) -> Screen:
        """A number entered with up and down."""
        return Screen(top=self._turn_top(state), title=title, body=body,
                      hints=self.words.say(HINT_NUMBER))

    def _fame_screen(self, state: WhistleStopState) -> Screen:
        return self._number_screen(state, self.words.say(FAME_GAINED, points=self.ui.points),
                                   self.words.fame_body())

    def _upgrade_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        labels = tuple(w.say(FROM_SUPPLY) if seat is None
                       else w.from_player(state.players[seat].name, stars)
                       for seat, stars in upgrade_options(state))
        return Screen(top=self._turn_top(state), title=w.say(UPGRADE_TITLE),
                      menu=Menu(labels, min(self.ui.choice, len(labels) - 1)),
                      hints=w.hint_choose())

    def _stars_screen(self, state: WhistleStopState) -> Screen:
        return self._number_screen(state, self.words.say(STARS, stars=self.ui.stars),
                                   self.words.stars_body())

    def _main_screen(self, state: WhistleStopState) -> Screen:
        w = self.words
        player = state.player()
        body = (w.say(TOKENS, coal=player.coal, whistles=player.whistles),
                w.say(SPENT, moves=state.moves, upgrades=state.upgrades_bought),
                w.say(TRAINS, on_map=player.on_map, arrived=player.arrived))
        return Screen(top=self._turn_top(state), title=w.say(TAP_SHARE_TITLE), body=body,
                      hints=w.say(HINT_MAIN))

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
        page = min(self.ui.page, len(pages) - 1)
        hints = w.hint_pages()
        progress = (page + 1, len(pages))
        seat, body = pages[page]
        if seat is not None:
            score = final.players[seat]
            return Screen(top=w.final_top(),
                          title=w.say(TALLY_TITLE, name=score.name, total=score.total),
                          body=body, hints=hints, progress=progress)
        if page == len(pages) - 2:
            ranking = sorted(final.players, key=lambda s: -s.total)
            lines = tuple(w.say(RANK, place=place + 1, name=s.name, tokens=s.total)
                          for place, s in enumerate(ranking))
            return Screen(top=w.final_top(), title=w.winners(list(final.winners)),
                          menu=Menu(lines, -1), hints=hints, style=Style.ANNOUNCE,
                          progress=progress)
        title, body = w.not_counted()
        return Screen(top=w.final_top(), title=title, body=body, hints=hints, progress=progress)

    # --- Buttons ------------------------------------------------------------------------------

    def _setup_button(self, state: WhistleStopState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, SETUP_PAGES)
        if page is None:
            self.ui = replace(self.ui, setup_seen=True, page=0, choice=0)
        else:
            self.ui = replace(self.ui, page=page)
        return NOTHING

    def _place_button(self, state: WhistleStopState, button: Button) -> Reaction:
        choice, station = chosen(self.ui.choice, button, free_stations(state))
        self.ui = replace(self.ui, choice=choice)
        if station is not None:
            return Reaction(PlaceTrain(station),
                            notice=self.words.say(PLACED, station=station,
                                                  name=state.player().name))
        if button == "back" and all(seat < 0 for seat in state.stations):
            # Back to the setup pages.
            self.ui = replace(self.ui, setup_seen=False, page=SETUP_PAGES - 1)
        return NOTHING

    def _handout_button(self, state: WhistleStopState, button: Button) -> Reaction:
        return Reaction(HandOut()) if button == "ok" else NOTHING

    def _final_button(self, state: WhistleStopState, button: Button) -> Reaction:
        self.ui = replace(self.ui, page=turned(self.ui.page, button,
                                               len(self._final_pages(state))))
        return NOTHING

    def _final_pages(self, state: WhistleStopState) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each player's score on one page or more (seat, lines), then the ranking and what
        is still to add (None)."""
        final = result(state)
        return [*((seat, lines) for seat, score in enumerate(final.players)
                  for lines in self.words.breakdown_pages(score.breakdown)),
                (None, ()), (None, ())]

    def _last_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button == "ok":
            self.ui = self.ui.entering(Mode.MAIN)
        return NOTHING

    def _main_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button == "ok":
            self._back_to_menu(state, self.ui.last_action)
        return NOTHING

    def _menu_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button == "back":
            self.ui = self.ui.entering(Mode.MAIN)
            return NOTHING
        choice, action = chosen(self.ui.choice, button, actions(state))
        self.ui = replace(self.ui, choice=choice)
        if action is None:
            return NOTHING
        self.ui = replace(self.ui, last_action=action)
        return self._act(state, action)

    def _act(self, state: WhistleStopState, action: Action) -> Reaction:
        w = self.words
        player = state.player()
        if action in MOVES:
            token, arrived = MOVES[action]
            notice = w.say(ARRIVED) if arrived else w.moved(token, player.held(token) - 1)
            return Reaction(Move(token, arrived), notice=notice)
        if action is Action.END:
            return Reaction(EndTurn(),
                            notice=w.say(WHISTLE_FOR_NO_MOVE) if state.moves == 0 else None)
        self.ui = self.ui.entering(ENTRY_OF[action])
        return NOTHING

    def _tokens_button(self, state: WhistleStopState, button: Button) -> Reaction:
        ui = self.ui
        if button in ("up", "down"):
            step = 1 if button == "up" else -1
            if ui.step == 0:
                self.ui = replace(ui, coal=_clamped(ui.coal + step, 0, MAX_TOKENS))
            else:
                self.ui = replace(ui, whistles=_clamped(ui.whistles + step, 0, MAX_TOKENS))
        elif button == "back":
            if ui.step:
                self.ui = replace(ui, step=0)
            else:
                self._back_to_menu(state, Action.TOKENS)
        elif button == "ok":
            if ui.step == 0:
                self.ui = replace(ui, step=1)
            elif ui.coal + ui.whistles == 0:
                return refused(self.words.say(NOTHING_GAINED))
            else:
                return Reaction(GainTokens(ui.coal, ui.whistles),
                                notice=self.words.say(TOKENS_GAINED, coal=ui.coal,
                                                      whistles=ui.whistles))
        return NOTHING

    def _fame_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button in ("up", "down"):
            points = self.ui.points + (1 if button == "up" else -1)
            self.ui = replace(self.ui, points=_clamped(points, 1, MAX_FAME))
        elif button == "back":
            self._back_to_menu(state, Action.FAME)
        elif button == "ok":
            return Reaction(GainFame(self.ui.points),
                            notice=self.words.say(FAME_GAINED, points=self.ui.points))
        return NOTHING

    def _upgrade_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button == "back":
            self._back_to_menu(state, Action.UPGRADE)
            return NOTHING
        choice, option = chosen(self.ui.choice, button, upgrade_options(state))
        self.ui = replace(self.ui, choice=choice)
        if option is None:
            return NOTHING
        seat, stars = option
        if seat is None:
            self.ui = self.ui.entering(Mode.STARS)
            return NOTHING
        return Reaction(BuyUpgrade(stars, seat),
                        notice=self.words.say(PAY_RARE, name=state.players[seat].name))

    def _stars_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button in ("up", "down"):
            stars = self.ui.stars + (1 if button == "up" else -1)
            self.ui = replace(self.ui, stars=_clamped(stars, 0, MAX_STARS))
        elif button == "back":
            self.ui = self.ui.entering(Mode.UPGRADE)
        elif button == "ok":
            return Reaction(BuyUpgrade(self.ui.stars),
                            notice=self.words.upgrade_bought(self.ui.stars))
        return NOTHING

    def _back_to_menu(self, state: WhistleStopState, action: Action) -> None:
        """The menu, on `action` when the menu still offers it."""
        items = actions(state)
        self.ui = replace(self.ui.entering(Mode.MENU),
                          choice=items.index(action) if action in items else 0)

    # --- Cards --------------------------------------------------------------------------------

    def on_card(self, state: WhistleStopState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        foreign = other_game(card, GAME, w.say(NOT_THIS_GAME))
        if foreign:
            return foreign
        share = _share(card)
        if share is None:
            return refused(w.say(NOT_A_SHARE))
        company, number = share
        label = w.share(company, number)
        for player in state.players:
            if any(s.company == company and s.number == number for s in player.shares):
                return refused(w.say(SHARE_HELD, share=label, name=player.name))
        if self.current_mode(state) not in (Mode.MAIN, Mode.MENU):
            return refused(w.not_now())
        held = sum(1 for s in state.player().shares if s.company == company) + 1
        return Reaction(TakeShare(company, number),
                        notice=w.say(SHARE_TAKEN, share=label, count=held), uids=(uid,))

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: WhistleStopState, after: WhistleStopState, event: Event,
                 uids: tuple[str, ...]) -> None:
        self._remember(event, uids)
        ui = replace(self.ui, setup_seen=True, page=0).entering(Mode.MAIN)
        if isinstance(event, EndTurn):
            ui = replace(ui, last_action=Action.MOVE_COAL)
        if after.last_train_arrived and not before.last_train_arrived:
            ui = replace(ui, mode=Mode.LAST)
        self.ui = ui

    def _remember(self, event: Event, uids: tuple[str, ...]) -> None:
        if isinstance(event, TakeShare):
            self.taken |= set(uids)

    def rebuild(self, state: WhistleStopState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.taken = set()
        for event, uids in history:
            self._remember(event, uids)
        self.ui = replace(WhistleStopUI(), setup_seen=self.ui.setup_seen or bool(history))

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
        return ui_draft(self.ui)

    def restore(self, draft: dict[str, Any]) -> None:
        ui = ui_from_draft(WhistleStopUI, draft)
        if ui is not None and ui.fits():
            self.ui = ui


#: The menu's actions that open a screen of their own.
ENTRY_OF = {Action.TOKENS: Mode.TOKENS, Action.FAME: Mode.FAME, Action.UPGRADE: Mode.UPGRADE}


def actions(state: WhistleStopState) -> list[Action]:
    """The menu of the current player's turn."""
    player = state.player()
    found = []
    if can_move(state):
        for action, (token, _) in MOVES.items():
            if player.held(token):
                found.append(action)
    found += [Action.TOKENS, Action.FAME]
    if (state.upgrades_bought < UPGRADES_PER_TURN
            and len(player.upgrades) < state.settings.upgrade_slots):
        found.append(Action.UPGRADE)
    found.append(Action.END)
    return found


def upgrade_options(state: WhistleStopState) -> list[tuple[int | None, int]]:
    """From the supply, or each opponent's upgrades (one line per number of stars)."""
    options: list[tuple[int | None, int]] = [(None, 0)]
    for seat in state.order.round_from(state.order.next_seat(state.current)):
        if seat != state.current:
            options += [(seat, stars) for stars in sorted(set(state.players[seat].upgrades))]
    return options


def _share(card: CardLike) -> tuple[str, int] | None:
    """(company, number) of a share card, or None."""
    if card.kind != KIND or card.value not in SHARES:
        return None
    company, number = card.value.rsplit("-", 1)
    return company, int(number)


def free_stations(state: WhistleStopState) -> list[int]:
    """The east-coast stations still without a train."""
    return [index + 1 for index, seat in enumerate(state.stations) if seat < 0]


def _clamped(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


__all__ = ["GAME", "SHARES", "WhistleStopFlow"]
