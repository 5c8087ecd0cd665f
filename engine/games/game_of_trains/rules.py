"""The Game of Trains: the rules as events.

Read top to bottom like the rulebook: the deal (lines in descending order), the publisher's
opening (draw 1, 2, 3, 4 cards; keep one in place of a wagon), the two actions
(draw a wagon and replace one, or use a face-up card's ability), the other rules (two equal
abilities face up are both discarded, the reshuffle), and the immediate win.

The rules text lists no abilities ("expliquées dans les règles -- section ressources"): a
wagon's ability is what the table learned from the card (`LearnAbility`) or was given. Until a
face-up card's is known, nobody may use it and no pair is discarded with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...errors import N_, NP_, IllegalEvent
from ...game import PlayerScore, TallyResult
from ...rulebook import rule_for, settings_of
from ...unseen import reveal
from .cards import (
    LINE,
    LOCOMOTIVES,
    POSITIONS,
    REMOVED_AT,
    UNSEEN,
    WAGONS,
    Ability,
    ascending,
    positions_for,
    rearranged,
)
from .events import (
    Deal,
    DrawCard,
    DrawReplacement,
    GameOfTrainsEvent,
    LearnAbility,
    OpeningDraw,
    OpeningKeep,
    Reshuffle,
    UseAbility,
)
from .state import GameOfTrainsState, Phase, Player, Settings

# --- Setup -------------------------------------------------------------------------------------


def new_game(
    names: Sequence[str], settings: Settings | Mapping[str, Any] | None = None, first: int = 0
) -> GameOfTrainsState:
    """A table of 2 to 4 players (one locomotive each), before the deal; `first` plays first.

    `settings` may also be given in their JSON form (as the journal keeps them).
    """
    if not 2 <= len(names) <= LOCOMOTIVES:
        raise IllegalEvent(N_("The Game of Trains is for 2 to 4 players"))
    if not 0 <= first < len(names):
        raise IllegalEvent(N_("The first player must be one of the players"))
    settings = settings_of(Settings, settings)
    if settings.abilities and len(settings.abilities) != len(WAGONS):
        raise IllegalEvent(N_("Give the ability of all {count} wagons, or of none"),
                           count=len(WAGONS))
    _check_wagons(list(settings.known))
    return GameOfTrainsState(
        settings=settings, players=tuple(Player(name) for name in names), current=first,
        abilities=settings.abilities_known(),
    )


def _deal(state: GameOfTrainsState, event: Deal) -> GameOfTrainsState:
    """Seven wagons each, laid out from the locomotive in descending order; the rest is the deck."""
    if state.phase is not Phase.DEAL:
        raise IllegalEvent(N_("The cards are already dealt"))
    if len(event.lines) != len(state.players) or any(len(ln) != LINE for ln in event.lines):
        raise IllegalEvent(N_("Deal seven wagons to each player"))
    dealt = [card for line in event.lines for card in line]
    known = dealt + [card for card in event.deck if card != UNSEEN]
    _check_wagons(known)
    if len(dealt) + len(event.deck) != len(WAGONS):
        raise IllegalEvent(N_("The deck holds the other {count} wagons"),
                           count=len(WAGONS) - len(dealt))
    players = tuple(
        replace(p, line=tuple(sorted(line, reverse=True)))
        for p, line in zip(state.players, event.lines)
    )
    phase = Phase.OPENING_DRAW if state.settings.opening else Phase.PLAY
    return replace(state, players=players, deck=event.deck, phase=phase)


# --- The opening (the publisher's rules; the text is silent) -----------------------------------


def _opening_draw(state: GameOfTrainsState, event: OpeningDraw) -> GameOfTrainsState:
    """Clockwise from the first player, each draws 1, 2, 3 or 4 cards from the top of the deck."""
    _check_opening(state, Phase.OPENING_DRAW, event.seat, N_("{name} draws now"))
    count = state.opening_draws()
    if len(event.cards) != count:
        raise IllegalEvent(NP_("{name} draws {count} from the deck, not {got}",
                               "{name} draws {count} from the deck, not {got}"),
                           name=state.player().name, count=count, got=len(event.cards))
    for card in event.cards:
        card = _top_card(state, card)
        player = replace(state.player(), drawn=state.player().drawn + (card,))
        state = replace(state, deck=state.deck[1:],
                        players=_replace_at(state.players, state.current, player))
    following = state.order.next_seat(state.current)
    everyone_drew = all(p.drawn for p in state.players)
    return replace(state, current=following,
                   phase=Phase.OPENING_KEEP if everyone_drew else Phase.OPENING_DRAW)


def _opening_keep(state: GameOfTrainsState, event: OpeningKeep) -> GameOfTrainsState:
    """Clockwise from the first, each keeps one drawn card in place of a wagon of their line;
    the others go face down to the discard pile, the replaced wagon face up beside the deck."""
    _check_opening(state, Phase.OPENING_KEEP, event.seat, N_("{name} keeps a card now"))
    player = state.player()
    if event.card not in player.drawn:
        raise IllegalEvent(N_("{name} did not draw wagon {card}"), name=player.name,
                           card=event.card)
    _check_position(event.position, POSITIONS)
    line = list(player.line)
    replaced, line[event.position - 1] = line[event.position - 1], event.card
    others = tuple(card for card in player.drawn if card != event.card)
    player = replace(player, line=tuple(line), drawn=())
    state = replace(state, players=_replace_at(state.players, state.current, player),
                    discard=state.discard + others)
    state = _lay_face_up(state, replaced)
    # A line dealt in descending order cannot rise after one replacement: nobody wins here.
    following = state.order.next_seat(state.current)
    kept_by_all = not any(p.drawn for p in state.players)
    return replace(state, current=following,
                   phase=Phase.PLAY if kept_by_all else Phase.OPENING_KEEP)


# --- Action 1: draw a card ---------------------------------------------------------------------


def _draw_card(state: GameOfTrainsState, event: DrawCard) -> GameOfTrainsState:
    """The top card replaces a wagon of the line; the replaced wagon goes face up."""
    _check_turn(state)
    _check_position(event.position, POSITIONS)
    card = _top_card(state, event.card)
    player = state.player()
    line = list(player.line)
    replaced, line[event.position - 1] = line[event.position - 1], card
    state = replace(state, deck=state.deck[1:], players=_with(state, state.current, line=line))
    state = _lay_face_up(state, replaced)
    return _after_action(state, state.current)


def _lay_face_up(state: GameOfTrainsState, card: int) -> GameOfTrainsState:
    """Beside the deck; with a card of the same ability already there, both are discarded."""
    return _discard_twins(replace(state, face_up=state.face_up + (card,)), card)


def _discard_twins(state: GameOfTrainsState, card: int) -> GameOfTrainsState:
    """"Si à un moment donné il y a deux cartes avec des capacités identiques à côté de la
    pioche, ces deux cartes sont défaussées": face-up `card` and a face-up card of the same
    ability, once both abilities are known (an unknown one may be anything: nothing is done)."""
    ability = state.ability(card)
    if ability is None:
        return state
    twin = next((other for other in state.face_up
                 if other != card and state.ability(other) is ability), None)
    if twin is None:
        return state
    face_up = tuple(other for other in state.face_up if other not in (card, twin))
    return replace(state, face_up=face_up, discard=state.discard + (twin, card))


# --- What the table learns of the cards --------------------------------------------------------


def _learn_ability(state: GameOfTrainsState, event: LearnAbility) -> GameOfTrainsState:
    """The ability read off a wagon; a face-up twin of it is discarded with it at once."""
    _check_wagons([event.card])
    known = state.ability(event.card)
    if known is not None:
        raise IllegalEvent(N_("Wagon {card}'s ability is known already"), card=event.card)
    abilities = _replace_at(state.abilities, event.card - 1, event.ability)
    state = replace(state, abilities=abilities)
    return _discard_twins(state, event.card) if event.card in state.face_up else state


# --- Action 2: use a face-up card's ability ----------------------------------------------------


def _use_ability(state: GameOfTrainsState, event: UseAbility) -> GameOfTrainsState:
    """Discard the face-up card and do what it says."""
    _check_turn(state)
    if event.card not in state.face_up:
        raise IllegalEvent(N_("Wagon {card} is not face up"), card=event.card)
    ability = state.ability(event.card)
    if ability is None:
        raise IllegalEvent(N_("Say wagon {card}'s ability first"), card=event.card)
    _check_position(event.position, positions_for(ability) or range(0, 1))
    state = replace(
        state,
        face_up=tuple(card for card in state.face_up if card != event.card),
        discard=state.discard + (event.card,),
    )
    seat = state.current
    line = state.player().line
    if ability in REMOVED_AT:
        return _remove_everywhere(state, REMOVED_AT[ability])
    if ability is Ability.LOCK:
        player = replace(state.player(), locked=line[event.position - 1])
        return _after_action(replace(state, players=_replace_at(state.players, seat, player)), seat)
    state = replace(state, players=_with(state, seat, rearranged(line, ability, event.position)))
    return _after_action(state, seat)


def _remove_everywhere(state: GameOfTrainsState, position: int) -> GameOfTrainsState:
    """Every player, the user first then clockwise, discards the wagon there (unless locked)."""
    refilling = []
    discard = list(state.discard)
    players = list(state.players)
    for seat in state.order.round_from(state.current):
        player = players[seat]
        card = player.line[position - 1]
        if card == player.locked:
            continue
        discard.append(card)
        line = _replace_at(player.line, position - 1, UNSEEN)
        players[seat] = replace(player, line=line)
        refilling.append(seat)
    state = replace(state, players=tuple(players), discard=tuple(discard))
    if not refilling:  # every wagon there was locked
        return _after_action(state, state.current)
    return replace(state, refilling=tuple(refilling), refill_position=position)


def _draw_replacement(state: GameOfTrainsState, event: DrawReplacement) -> GameOfTrainsState:
    """The next player refilling takes the top card into the emptied place."""
    _check_started(state)
    if not state.refilling:
        raise IllegalEvent(N_("No wagon is waiting for a replacement"))
    card = _top_card(state, event.card)
    seat, rest = state.refilling[0], state.refilling[1:]
    line = _replace_at(state.players[seat].line, state.refill_position - 1, card)
    state = replace(
        state, deck=state.deck[1:], players=_with(state, seat, line=line), refilling=rest,
        refill_position=state.refill_position if rest else 0,
    )  # fmt: skip
    if ascending(line):
        return _won(state, seat)
    return state if rest else _after_action(state, state.current)


# --- The other rules ---------------------------------------------------------------------------


def _reshuffle(state: GameOfTrainsState, event: Reshuffle) -> GameOfTrainsState:
    """When the deck runs out, the face-down discard pile is shuffled into a new deck."""
    _check_started(state)
    if state.deck:
        raise IllegalEvent(N_("The deck is not empty yet"))
    known = sorted(card for card in event.deck if card != UNSEEN)
    if len(event.deck) != len(state.discard) or not set(known) <= set(state.discard) or len(
        set(known)
    ) != len(known):
        raise IllegalEvent(N_("The new deck is the {count} discarded cards"),
                           count=len(state.discard))
    return replace(state, deck=event.deck, discard=())


def _after_action(state: GameOfTrainsState, seat: int) -> GameOfTrainsState:
    """The game ends the moment a line is ascending; else the next player's lock runs out."""
    if ascending(state.players[seat].line):
        return _won(state, seat)
    following = state.order.next_seat(state.current)
    player = replace(state.players[following], locked=0)
    return replace(state, current=following, players=_replace_at(state.players, following, player))


def _won(state: GameOfTrainsState, seat: int) -> GameOfTrainsState:
    """Replacements still owed are never drawn: the game is over."""
    return replace(state, phase=Phase.OVER, winner=seat)


# --- The end -----------------------------------------------------------------------------------


def is_over(state: GameOfTrainsState) -> bool:
    return state.phase is Phase.OVER


def result(state: GameOfTrainsState) -> TallyResult:
    """1 for the player whose line is ascending, 0 for the others."""
    scores = tuple(
        PlayerScore(p.name, int(seat == state.winner), {"ascending": int(seat == state.winner)})
        for seat, p in enumerate(state.players)
    )
    winners = () if state.winner is None else (state.players[state.winner].name,)
    return TallyResult("game-of-trains", scores, winners)


# --- Applying an event -------------------------------------------------------------------------

_HANDLERS: dict[type[Any], Callable[[GameOfTrainsState, Any], GameOfTrainsState]] = {
    Deal: _deal,
    OpeningDraw: _opening_draw,
    OpeningKeep: _opening_keep,
    DrawCard: _draw_card,
    UseAbility: _use_ability,
    DrawReplacement: _draw_replacement,
    Reshuffle: _reshuffle,
    LearnAbility: _learn_ability,
}


def apply(state: GameOfTrainsState, event: GameOfTrainsEvent) -> GameOfTrainsState:
    """The state after `event`, or IllegalEvent with the reason (the state is unchanged)."""
    handler = rule_for(_HANDLERS, event, over=state.phase is Phase.OVER,
                       foreign=N_("Not a Game of Trains move"))
    return handler(state, event)


# --- Checks and helpers ------------------------------------------------------------------------


def _check_started(state: GameOfTrainsState) -> None:
    if state.phase is Phase.DEAL:
        raise IllegalEvent(N_("Deal the cards first"))
    if state.in_opening():
        raise IllegalEvent(N_("Finish the opening first"))


def _check_opening(state: GameOfTrainsState, phase: Phase, seat: int, whose: str) -> None:
    """The opening's step `phase`, taken by the player whose turn it is (`whose` says who)."""
    if state.phase is Phase.DEAL:
        raise IllegalEvent(N_("Deal the cards first"))
    if state.phase is Phase.OPENING_DRAW and phase is Phase.OPENING_KEEP:
        raise IllegalEvent(N_("Everyone draws before anyone keeps a card"))
    if state.phase is not phase:
        raise IllegalEvent(N_("The opening is over") if state.phase is Phase.PLAY
                           else N_("Everyone has drawn already"))
    if seat != state.current:
        raise IllegalEvent(whose, name=state.player().name)


def _check_turn(state: GameOfTrainsState) -> None:
    _check_started(state)
    if state.refilling:
        raise IllegalEvent(N_("Replace the removed wagons first"))
    if not state.deck:
        raise IllegalEvent(N_("Shuffle the discard pile into a new deck first"))


def _check_position(position: int, allowed: range) -> None:
    if position not in allowed:
        raise IllegalEvent(N_("Position {position} does not fit this action"), position=position)


def _check_wagons(cards: Sequence[int]) -> None:
    for card in cards:
        if card not in WAGONS:
            raise IllegalEvent(N_("Wagons are numbered 1 to {high}, not {card}"),
                               high=WAGONS[-1], card=card)
    if len(set(cards)) != len(cards):
        raise IllegalEvent(N_("A wagon is dealt twice"))


def _top_card(state: GameOfTrainsState, card: int) -> int:
    """The card on top of the deck, as the table declares it."""
    if not state.deck:
        raise IllegalEvent(N_("Shuffle the discard pile into a new deck first"))
    top = state.deck[0]
    reveal(top, card, unseen=UNSEEN, strict=True,
           refusal=N_("The top card is wagon {seen}, not {said}"))
    if top == UNSEEN and card not in state.unseen():
        raise IllegalEvent(N_("Wagon {card} is not in the deck"), card=card)
    return card


def _with(state: GameOfTrainsState, seat: int, line: Sequence[int]) -> tuple[Player, ...]:
    return _replace_at(state.players, seat, replace(state.players[seat], line=tuple(line)))


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
