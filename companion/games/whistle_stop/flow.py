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

from dataclasses import replace

from companion.flows.base import NOTHING, CardLike, Reaction
from companion.flows.kit import (
    Button,
    DraftedUI,
    ModeFlow,
    by_mode,
    chosen,
    leafed,
    refused,
    refuses_other_games,
)
from companion.games.whistle_stop.messages import (  # fmt: skip
    NOT_A_SHARE,
    NOT_THIS_GAME,
    NOTHING_GAINED,
    PAY_RARE,
    SHARE_HELD,
)
from companion.games.whistle_stop.move_words import move_words
from companion.games.whistle_stop.screens import WhistleStopScreens
from companion.games.whistle_stop.ui import (  # fmt: skip
    ENTRY_OF,
    KIND,
    MAX_FAME,
    MAX_STARS,
    MAX_TOKENS,
    MOVES,
    SETUP_PAGES,
    SHARES,
    Action,
    Mode,
    WhistleStopUI,
    actions,
    free_stations,
    upgrade_options,
)
from companion.games.whistle_stop.words import GAME, Words
from engine.events import Event
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
from engine.games.whistle_stop.state import Phase, WhistleStopState


class WhistleStopFlow(WhistleStopScreens, DraftedUI[WhistleStopUI],
                      ModeFlow[WhistleStopState, Mode]):
    game = GAME

    def __init__(self, language: str) -> None:
        self.words = Words(language)
        self.ui = WhistleStopUI()
        #: Tags of the shares taken so far.
        self.taken: set[str] = set()
        self.screens, self.buttons = by_mode({
            Mode.SETUP: (self._setup_screen, self._setup_button),
            Mode.PLACE: (self._place_screen, self._place_button),
            Mode.HANDOUT: (self._handout_screen, self._handout_button),
            Mode.FINAL: (self._final_screen, self._final_button),
            Mode.LAST: (self._last_screen, self._last_button),
            Mode.MAIN: (self._main_screen, self._main_button),
            Mode.MENU: (self._menu_screen, self._menu_button),
            Mode.TOKENS: (self._tokens_screen, self._tokens_button),
            Mode.FAME: (self._fame_screen, self._fame_button),
            Mode.UPGRADE: (self._upgrade_screen, self._upgrade_button),
            Mode.STARS: (self._stars_screen, self._stars_button),
        })

    def current_mode(self, state: WhistleStopState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.PLACEMENT:
            return Mode.PLACE if self.ui.setup_seen else Mode.SETUP
        if not state.handed_out:
            return Mode.HANDOUT
        return self.ui.mode

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
            return self._made(state, PlaceTrain(station))
        if button == "back" and all(seat < 0 for seat in state.stations):
            # Back to the setup pages.
            self.ui = replace(self.ui, setup_seen=False, page=SETUP_PAGES - 1)
        return NOTHING

    def _handout_button(self, state: WhistleStopState, button: Button) -> Reaction:
        return Reaction(HandOut()) if button == "ok" else NOTHING

    def _final_button(self, state: WhistleStopState, button: Button) -> Reaction:
        self.ui = self.ui.turned(button, len(self._final_pages(state)))
        return NOTHING

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
        if action in MOVES:
            token, arrived = MOVES[action]
            return self._made(state, Move(token, arrived))
        if action is Action.END:
            return self._made(state, EndTurn())
        self.ui = self.ui.entering(ENTRY_OF[action])
        return NOTHING

    def _made(self, state: WhistleStopState, event: Event) -> Reaction:
        """A move, with its notice (`move_words`)."""
        return Reaction(event, notice=move_words(self.words, state, event))

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
                return self._made(state, GainTokens(ui.coal, ui.whistles))
        return NOTHING

    def _fame_button(self, state: WhistleStopState, button: Button) -> Reaction:
        if button in ("up", "down"):
            points = self.ui.points + (1 if button == "up" else -1)
            self.ui = replace(self.ui, points=_clamped(points, 1, MAX_FAME))
        elif button == "back":
            self._back_to_menu(state, Action.FAME)
        elif button == "ok":
            return self._made(state, GainFame(self.ui.points))
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
            return self._made(state, BuyUpgrade(self.ui.stars))
        return NOTHING

    def _back_to_menu(self, state: WhistleStopState, action: Action) -> None:
        """The menu, on `action` when the menu still offers it."""
        items = actions(state)
        self.ui = replace(self.ui.entering(Mode.MENU),
                          choice=items.index(action) if action in items else 0)

    # --- Cards --------------------------------------------------------------------------------

    @refuses_other_games(NOT_THIS_GAME)
    def on_card(self, state: WhistleStopState, card: CardLike, uid: str) -> Reaction:
        w = self.words
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
        event = TakeShare(company, number)
        return Reaction(event, notice=move_words(w, state, event), uids=(uid,))

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

def _share(card: CardLike) -> tuple[str, int] | None:
    """(company, number) of a share card, or None."""
    if card.kind != KIND or card.value not in SHARES:
        return None
    company, number = card.value.rsplit("-", 1)
    return company, int(number)


def _clamped(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


__all__ = ["GAME", "SHARES", "WhistleStopFlow"]
