"""The Game of Trains at the table: every wagon tapped as it is placed, so every line is known.

The deck stays face down: the companion learns a card when it is tapped. The table enters:

- the deal: each player in turn taps the seven wagons of their line (any order: the line is
  laid out highest first from the locomotive);
- the opening, unless the table skips it (see `game_of_trains_opening`): each taps the cards
  drawn, then the card kept and the wagon it replaces;
- action 1, draw and replace: tap the drawn wagon, then tap the wagon it replaces (or choose
  it with up/down and `ok`); the replaced one goes face up. The two taps may come in either
  order. Two face-up cards with the same ability are discarded at once, and said so;
- action 2, use a face-up card: tap it (or `ok`, then choose it), then choose where in your
  line it acts (up/down, or tap a wagon of your line to pick the option with it; `ok`); a
  removal asks for `ok`, then each player in turn taps the wagon drawn for the emptied place;
- a card face up whose ability is not known yet (the rules text lists none; the table never
  works one out from the number): the table asks which ability is printed on it, up/down
  and `ok`, before anything else; the answer is journalled and remembered for the next games
  (with a memory: `companion.state.abilities`). Until then nobody uses the card and no pair
  is discarded with it;
- an empty deck: the screen says so; `ok` once the discard pile is shuffled into a new deck;
- the win is announced the moment a line is in ascending order.

A wagon of another player's line tapped when it has no role says where the companion has it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.flows.base import NOTHING, CardLike, Reaction
from companion.flows.kit import (
    Button,
    DraftedUI,
    ModeFlow,
    by_mode,
    leafed,
    moved,
    refused,
    refuses_other_games,
)
from companion.games.game_of_trains.messages import (  # fmt: skip
    ALREADY_COUNTED,
    ANSWER_FIRST,
    CHOOSE_FIRST,
    DEALT,
    IN_DISCARD,
    IS_FACE_UP,
    NO_FACE_UP,
    NO_SUCH_USE,
    NOT_A_WAGON,
    NOT_THIS_GAME,
    WAGON,
    WHERE,
)
from companion.games.game_of_trains.move_words import move_words
from companion.games.game_of_trains.opening import OpeningEntry
from companion.games.game_of_trains.screens import GameOfTrainsScreens
from companion.games.game_of_trains.ui import (
    KIND,
    SETUP_PAGES,
    AbilityKeeper,
    GameOfTrainsUI,
    Mode,
    known_ability,
)  # fmt: skip
from companion.games.game_of_trains.words import GAME, Words
from engine.errors import IllegalEvent
from engine.events import Event
from engine.games.game_of_trains import RULES
from engine.games.game_of_trains.cards import (
    LINE,
    REMOVED_AT,
    UNSEEN,
    WAGONS,
    Ability,
    positions_for,
)  # fmt: skip
from engine.games.game_of_trains.events import (
    Deal,
    DrawCard,
    DrawReplacement,
    GameOfTrainsEvent,
    LearnAbility,
    Reshuffle,
    UseAbility,
)  # fmt: skip
from engine.games.game_of_trains.state import GameOfTrainsState, Phase


class GameOfTrainsFlow(OpeningEntry, GameOfTrainsScreens, DraftedUI[GameOfTrainsUI],
                       ModeFlow[GameOfTrainsState, Mode]):
    game = GAME

    def __init__(self, language: str, memory: AbilityKeeper | None = None) -> None:
        self.words = Words(language)
        self.ui = GameOfTrainsUI()
        #: Actions taken so far (the turn shown is the next one).
        self.turns = 0
        #: Where the abilities learned are kept for the next games (None: nowhere).
        self.memory = memory
        #: The wagons whose ability this game learned (an undone answer is forgotten again).
        self.learned: frozenset[int] = frozenset()
        self.screens, self.buttons = by_mode({
            Mode.LEARN: (self._learn_screen, self._learn_button),
            Mode.SETUP: (self._setup_screen, self._setup_button),
            Mode.DEAL: (self._deal_screen, self._deal_button),
            Mode.OPENING: (self._opening_screen, self._opening_button),
            Mode.FINAL: (self._final_screen, self._final_button),
            Mode.RESHUFFLE: (self._reshuffle_screen, self._reshuffle_button),
            Mode.REFILL: (self._refill_screen, self._refill_button),
            Mode.MAIN: (self._main_screen, self._main_button),
            Mode.FACE_UP: (self._face_up_screen, self._face_up_button),
            Mode.DRAW: (self._draw_screen, self._draw_button),
            Mode.USE: (self._use_screen, self._use_button),
        })

    def current_mode(self, state: GameOfTrainsState) -> Mode:
        if state.phase is Phase.OVER:
            return Mode.FINAL
        if state.phase is Phase.DEAL:
            return Mode.DEAL if self.ui.dealt or self.ui.page >= SETUP_PAGES else Mode.SETUP
        if state.unknown_face_up():
            return Mode.LEARN
        if state.in_opening():
            return Mode.OPENING
        if state.needs_reshuffle():
            return Mode.RESHUFFLE
        if state.refilling:
            return Mode.REFILL
        if self.ui.mode is Mode.FACE_UP and not state.face_up:
            return Mode.MAIN
        if self.ui.mode is Mode.USE and self.ui.using not in state.face_up:
            return Mode.MAIN
        if self.ui.mode is Mode.DRAW and self.ui.drawn is None and self.ui.position is None:
            return Mode.MAIN
        return self.ui.mode

    # --- Buttons ------------------------------------------------------------------------------

    def _setup_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        page = leafed(self.ui.page, button, SETUP_PAGES)
        self._set(page=SETUP_PAGES if page is None else page)  # past the pages: the deal
        return NOTHING

    def _deal_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        if button == "back":
            if self.ui.dealt:
                self._set(dealt=self.ui.dealt[:-1])
            else:
                self._set(page=SETUP_PAGES - 1)
        return NOTHING

    def _final_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        self.ui = self.ui.turned(button, len(state.players) + 1)
        return NOTHING

    def _learn_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        """The ability printed on the card, chosen in the list; no other way on before it."""
        abilities = tuple(Ability)
        if button in ("up", "down"):
            self._set(choice=moved(min(self.ui.choice, len(abilities) - 1), button,
                                   len(abilities)))
            return NOTHING
        if button != "ok":
            return NOTHING
        card = state.unknown_face_up()[0]
        ability = abilities[min(self.ui.choice, len(abilities) - 1)]
        event = LearnAbility(card, ability)
        return Reaction(event, notice=move_words(self.words, state, event))

    def _reshuffle_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        if button == "ok":
            return Reaction(Reshuffle((UNSEEN,) * len(state.discard)))
        return NOTHING

    def _refill_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        return NOTHING  # the wagons drawn are tapped

    def _main_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        if button == "ok":
            if not state.face_up:
                return refused(self.words.say(NO_FACE_UP))
            self._enter(Mode.FACE_UP)
        return NOTHING

    def _face_up_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        return self._menu_button(state, button, len(state.face_up),
                                 lambda index: self._start_use(state, state.face_up[index]))

    def _draw_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        if self.ui.drawn is None and button != "back":
            return NOTHING
        return self._menu_button(state, button, LINE,
                                 lambda index: self._submit_draw(state, index + 1))

    def _use_button(self, state: GameOfTrainsState, button: Button) -> Reaction:
        if self.ui.using is None or button == "back":
            return self._menu_button(state, button, 0, lambda index: NOTHING)
        ability = known_ability(state, self.ui.using)
        if ability in REMOVED_AT:
            return self._submit_use(state, 0) if button == "ok" else NOTHING
        positions = list(positions_for(ability))
        return self._menu_button(state, button, len(positions),
                                 lambda index: self._submit_use(state, positions[index]))

    def _menu_button(self, state: GameOfTrainsState, button: Button, count: int,
                     chosen: Callable[[int], Reaction]) -> Reaction:
        """A list of `count` items of the turn; back returns to the main screen."""
        if count == 0 or button == "back":
            self._enter(Mode.MAIN)
            return NOTHING
        self._set(choice=min(self.ui.choice, count - 1))
        if button in ("up", "down"):
            self._set(choice=moved(self.ui.choice, button, count))
            return NOTHING
        if button == "ok":
            return chosen(self.ui.choice)
        return NOTHING

    # --- Cards --------------------------------------------------------------------------------

    @refuses_other_games(NOT_THIS_GAME)
    def on_card(self, state: GameOfTrainsState, card: CardLike, uid: str) -> Reaction:
        w = self.words
        number = _number(card)
        if number is None:
            return Reaction(refusal=w.say(NOT_A_WAGON))
        mode = self.current_mode(state)
        if mode in (Mode.SETUP, Mode.DEAL):
            return self._deal_tap(state, number, uid)
        if mode in (Mode.FINAL, Mode.RESHUFFLE):
            return Reaction(refusal=w.not_now())
        if mode is Mode.LEARN:
            return Reaction(refusal=w.say(ANSWER_FIRST, card=state.unknown_face_up()[0]))
        if self.ui.drawn is not None and uid == self.ui.drawn[1]:
            return Reaction(refusal=w.say(ALREADY_COUNTED, wagon=number))
        seat = _seat_of(state, number)
        if number in state.discard:
            return Reaction(refusal=w.say(IN_DISCARD, card=number))
        if mode is Mode.OPENING:
            return self._opening_card(state, number, uid, seat)
        if mode is Mode.REFILL:
            if seat is not None:
                return self._where(state, number, seat)
            if number in state.face_up:
                return Reaction(refusal=w.say(IS_FACE_UP, card=number))
            # The notice names who draws: the turn that ends with it is another player's.
            drawer = state.players[state.refilling[0]].name
            return self._submit(state, DrawReplacement(number),
                                w.say(WHERE, card=number, name=drawer,
                                      position=state.refill_position), (uid,))
        if seat is not None and seat != state.current:
            return self._where(state, number, seat)
        if mode is Mode.USE:
            if number in state.face_up:
                return self._start_use(state, number)  # another face-up card after all
            if seat is None:
                return Reaction(refusal=w.not_now())
            return self._use_tap(state, number)
        if mode is Mode.DRAW:
            return self._draw_tap(state, number, uid, seat)
        # The main screen (or the list of face-up cards): a tap starts an action.
        if number in state.face_up:
            return self._start_use(state, number)
        if seat is not None:
            self._enter(Mode.DRAW)
            self._set(position=state.player().line.index(number) + 1)
            return NOTHING
        self._enter(Mode.DRAW)
        self._set(drawn=(number, uid))
        return NOTHING

    def _deal_tap(self, state: GameOfTrainsState, number: int, uid: str) -> Reaction:
        if number in (card for card, _ in self.ui.dealt):
            return Reaction(refusal=self.words.say(ALREADY_COUNTED, wagon=number))
        self._set(dealt=(*self.ui.dealt, (number, uid)))
        if len(self.ui.dealt) < LINE * len(state.players):
            return NOTHING
        lines = tuple(tuple(card for card, _ in self.ui.dealt[seat * LINE:(seat + 1) * LINE])
                      for seat in range(len(state.players)))
        deck = (UNSEEN,) * (len(WAGONS) - len(self.ui.dealt))
        return Reaction(Deal(lines, deck), uids=tuple(u for _, u in self.ui.dealt),
                        notice=self.words.say(DEALT, name=state.player().name))

    def _where(self, state: GameOfTrainsState, number: int, seat: int) -> Reaction:
        player = state.players[seat]
        return Reaction(notice=self.words.say(WHERE, card=number, name=player.name,
                                              position=player.line.index(number) + 1))

    def _draw_tap(self, state: GameOfTrainsState, number: int, uid: str,
                  seat: int | None) -> Reaction:
        line = state.player().line
        if seat is not None:  # a wagon of the player's line: the one replaced
            if self.ui.drawn is not None:
                return self._submit_draw(state, line.index(number) + 1)
            self._set(position=line.index(number) + 1)
            return NOTHING
        if number in state.face_up:
            if self.ui.drawn is None:  # nothing drawn yet: the face-up card's ability instead
                return self._start_use(state, number)
            return Reaction(refusal=self.words.not_now())
        if self.ui.drawn is not None:
            return Reaction(refusal=self.words.say(CHOOSE_FIRST))
        self._set(drawn=(number, uid))
        return self._submit_draw(state, self.ui.position or 1)

    def _use_tap(self, state: GameOfTrainsState, number: int) -> Reaction:
        assert self.ui.using is not None
        ability = known_ability(state, self.ui.using)
        if ability in REMOVED_AT:
            return Reaction(refusal=self.words.not_now())
        choice = choice_after_tap(state.player().line, ability, self.ui.choice, self.ui.line_tap,
                                   number)
        if choice is None:
            return Reaction(refusal=self.words.say(NO_SUCH_USE, card=number))
        self._set(choice=choice, line_tap=number)
        return NOTHING

    def _start_use(self, state: GameOfTrainsState, card: int) -> Reaction:
        self._enter(Mode.USE)
        self._set(using=card)
        return NOTHING

    # --- Building the moves -------------------------------------------------------------------

    def _submit_draw(self, state: GameOfTrainsState, position: int) -> Reaction:
        assert self.ui.drawn is not None
        card, uid = self.ui.drawn
        event = DrawCard(card, position)
        return self._submit(state, event, move_words(self.words, state, event), (uid,))

    def _submit_use(self, state: GameOfTrainsState, position: int) -> Reaction:
        assert self.ui.using is not None
        card = self.ui.using
        known_ability(state, card)  # asked before any use
        event = UseAbility(card, position)
        return self._submit(state, event, move_words(self.words, state, event))

    def _submit(self, state: GameOfTrainsState, event: GameOfTrainsEvent, notice: str | None,
                uids: tuple[str, ...] = ()) -> Reaction:
        """The move; a winning move gets no notice: the announcement says it all."""
        try:
            if RULES.is_over(RULES.apply(state, event)):
                notice = None
        except IllegalEvent:
            pass  # the app explains it
        return Reaction(event, notice=notice, uids=uids)

    def _enter(self, mode: Mode) -> None:
        """`mode` with nothing of an action entered (the deal, the page, the opening kept)."""
        self._set(mode=mode, drawn=None, position=None, using=None, choice=0, line_tap=None)

    # --- After a move is committed ------------------------------------------------------------

    def accepted(self, before: GameOfTrainsState, after: GameOfTrainsState, event: Event,
                 uids: tuple[str, ...]) -> None:
        if isinstance(event, (DrawCard, UseAbility)):
            self.turns += 1
        if isinstance(event, LearnAbility):
            self.learned |= {event.card}
            if self.memory is not None:
                self.memory.remember(event.card, event.ability)
        dealt = () if isinstance(event, Deal) else self.ui.dealt
        # An answer leaves the move being entered as it was (the question came between).
        self.ui = replace(self.ui, choice=0) if isinstance(event, LearnAbility) \
            else GameOfTrainsUI(dealt=dealt)

    def rebuild(self, state: GameOfTrainsState,
                history: list[tuple[Event, tuple[str, ...]]]) -> None:
        self.turns = sum(1 for event, _ in history if isinstance(event, (DrawCard, UseAbility)))
        learned = frozenset(event.card for event, _ in history
                            if isinstance(event, LearnAbility))
        if self.memory is not None:
            for card in self.learned - learned:  # an answer undone: the table asks again
                self.memory.forget(card)
        self.learned = learned
        self.ui = GameOfTrainsUI()

    def card_choices(self) -> list[tuple[str, str, str]]:
        """The cards of this game a tag can stand for: (label, kind, value)."""
        return [(self.words.say(WAGON, number=card), KIND, str(card)) for card in WAGONS]

    def in_play(self) -> set[str]:
        """Tags that would be refused as already counted if tapped now."""
        busy = {uid for _, uid in (*self.ui.dealt, *self.ui.opening.drawing)}
        if self.ui.drawn is not None:
            busy.add(self.ui.drawn[1])
        return busy

def _number(card: CardLike) -> int | None:
    if card.kind != KIND:
        return None
    try:
        number = int(card.value)
    except ValueError:
        return None
    return number if number in WAGONS else None


def _seat_of(state: GameOfTrainsState, card: int) -> int | None:
    """The player whose line holds `card`, if any."""
    for seat, player in enumerate(state.players):
        if card in player.line:
            return seat
    return None


def choice_after_tap(line: tuple[int, ...], ability: Ability, choice: int,
                      last: int | None, card: int) -> int | None:
    """The option highlighted after `card` of the line is tapped (None: it takes no part).

    The first option touching it; a second tap of another wagon of the highlighted pair keeps
    the pair, and tapping the same wagon again goes on to its next option.
    """
    if card not in line:
        return None
    place = line.index(card) + 1
    positions = list(positions_for(ability))
    candidates = [i for i, p in enumerate(positions) if place in _involved(ability, p)]
    if not candidates:
        return None
    if choice in candidates:
        if card != last:
            return choice
        return candidates[(candidates.index(choice) + 1) % len(candidates)]
    return candidates[0]


def _involved(ability: Ability, position: int) -> tuple[int, ...]:
    """The places of the line an option touches, the key wagon first."""
    if ability is Ability.SWAP_ADJACENT:
        return (position, position + 1)
    if ability is Ability.SWAP_OVER_ONE:
        return (position, position + 2)
    return (position,)


__all__ = ["GAME", "GameOfTrainsFlow"]
