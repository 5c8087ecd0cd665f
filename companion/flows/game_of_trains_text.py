"""Every word of The Game of Trains screens, through gettext."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.game_of_trains.cards import UNSEEN, Ability

from ..games.game_of_trains import TABLE
from ..i18n import translator
from ..names import card_name
from .words import ANNOUNCE_LINE, TableWords, wrapped

GAME = TABLE.id


class Words(TableWords):
    """The texts of the screens in the table's language."""

    def __init__(self, language: str) -> None:
        super().__init__(language)
        self.ngettext = translator(language).ngettext

    def ability(self, ability: Ability) -> str:
        return card_name(GAME, "ability", ability.value, self.language)

    def wagon(self, card: int) -> str:
        return self._("Wagon {number}").format(number=card)

    @staticmethod
    def line(cards: Sequence[int]) -> str:
        """A line of wagons from the locomotive: "84 71 60 42 30 12 5" (`_` for a gap)."""
        return " ".join("_" if card == UNSEEN else str(card) for card in cards)

    # Context and prompts
    def context(self, turn: int, deck: int) -> str:
        return self._("T{turn} · Deck {deck}").format(turn=turn, deck=deck)

    def face_up(self, cards: Sequence[int]) -> tuple[str, ...]:
        if not cards:
            return (self._("No face-up card"),)
        listed = " ".join(str(card) for card in cards)
        return wrapped(self._("Face up: {cards}").format(cards=listed), 2)

    def face_up_title(self) -> str:
        return self._("Use a face-up card")

    def face_up_item(self, card: int, ability: Ability) -> str:
        return f"{card} {self.ability(ability)}"

    def drew(self, card: int) -> str:
        return self._("Drew {card}").format(card=card)

    def replace_option(self, position: int, card: int) -> str:
        return self._("Replace {card} ({position})").format(card=card, position=position)

    def replacing(self, card: int) -> str:
        return self._("Replace {card}").format(card=card)

    def tap_drawn(self) -> tuple[str, ...]:
        return wrapped(self._("Tap the wagon drawn from the deck."))

    def option(self, ability: Ability, first: int, second: int, target: int) -> str:
        """One way to use an ability: the wagons it touches, where a moved one goes."""
        if ability in (Ability.SWAP_ADJACENT, Ability.SWAP_OVER_ONE):
            return self._("{first} and {second}").format(first=first, second=second)
        if ability is Ability.LOCK:
            return self._("Lock {card}").format(card=first)
        return self._("{card} to place {position}").format(card=first, position=target)

    def removal_body(self, position: int, locked: Sequence[int]) -> tuple[str, ...]:
        lines = wrapped(self._("Everyone discards the wagon at place {position}.").format(
            position=position), 2)
        if locked:
            spared = ", ".join(str(card) for card in locked)
            lines += (self._("Locked: {cards}").format(cards=spared),)
        return lines

    def draws(self, name: str) -> str:
        return self._("{name} draws").format(name=name.upper())

    def refill_body(self, position: int, then: Sequence[str]) -> tuple[str, ...]:
        lines = wrapped(self._("A wagon for place {position}: tap it.").format(
            position=position), 2)
        if then:
            lines += (self._("Then: {names}").format(names=", ".join(then)),)
        return lines

    def deck_empty(self) -> str:
        return self._("Deck empty!")

    def reshuffle_body(self, count: int) -> tuple[str, ...]:
        return wrapped(self._("Shuffle the {count} discarded wagons into a new deck.").format(
            count=count), width=ANNOUNCE_LINE)

    # The opening
    def opening_top(self, deck: int) -> str:
        return self._("Opening · Deck {deck}").format(deck=deck)

    def opening_draw(self, name: str, count: int) -> str:
        return self.ngettext("{name}: draw {count} card", "{name}: draw {count} cards",
                             count).format(name=name.upper(), count=count)

    def tap_each_drawn(self) -> tuple[str, ...]:
        return wrapped(self._("Tap each card drawn from the deck."))

    def keeps_one(self, name: str) -> str:
        return self._("{name}: keep one").format(name=name.upper())

    def drew_cards(self, cards: Sequence[int]) -> str:
        return self._("Drew: {cards}").format(cards=" ".join(str(card) for card in cards))

    def tap_kept_then_wagon(self) -> tuple[str, ...]:
        return wrapped(self._("Tap the card kept and the wagon replaced."), 2)

    def tap_kept(self) -> tuple[str, ...]:
        return wrapped(self._("Tap the card kept."), 2)

    def keep(self, card: int) -> str:
        return self._("Keep {card}").format(card=card)

    def drawn_by(self, card: int, name: str) -> str:
        return self._("{card}: drawn by {name}").format(card=card, name=name)

    # Notices
    def replaced(self, card: int, old: int) -> str:
        return self._("{card} in, {old} face up").format(card=card, old=old)

    def pair_discarded(self, old: int, twin: int) -> str:
        return self._("{first} and {second} discarded").format(first=old, second=twin)

    def swapped(self, first: int, second: int) -> str:
        return self._("Swapped {first} and {second}").format(first=first, second=second)

    def moved(self, card: int, position: int) -> str:
        return self._("{card} to place {position}").format(card=card, position=position)

    def locked(self, card: int) -> str:
        return self._("{card} locked").format(card=card)

    def refilled(self, card: int, position: int) -> str:
        return self._("{card} at place {position}").format(card=card, position=position)

    def where(self, card: int, name: str, position: int) -> str:
        return self._("{card}: {name}, place {position}").format(
            card=card, name=name, position=position)

    def dealt(self, name: str) -> str:
        return self._("Dealt: {name} starts").format(name=name)

    # The end
    def winner(self, name: str) -> str:
        return self._("{name} wins!").format(name=name)

    def in_order(self) -> str:
        return self._("Train in order")

    def out_of_order(self) -> str:
        return self._("Not in order")

    # Setup guidance
    def setup_top(self, players: int) -> str:
        return self._("Setup · {players} players").format(players=players)

    def setup_shuffle(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Shuffle the wagons"),
                wrapped(self._("The 84 wagons face down make the deck. A locomotive each.")))

    def setup_deal(self) -> tuple[str, tuple[str, ...]]:
        return (self._("7 wagons each"),
                wrapped(self._("Lay them out from the locomotive, highest first. "
                               "Tap each one.")))

    def deal_top(self) -> str:
        return self._("Setup · the deal")

    def deal_title(self, name: str) -> str:
        return self._("{name}: tap 7 wagons").format(name=name.upper())

    # Hints
    def tap_drawn_title(self) -> str:
        return self._("Tap the wagon drawn")

    def hint_main(self, face_up: bool) -> str:
        return self._("tap:card ok:face up") if face_up else self._("tap:drawn wagon")

    def hint_tap(self, cancel: bool = True) -> str:
        """Tap a wagon; `back` clicked takes back the last step when there is one (`cancel`),
        else only a hold does something: undo."""
        return self._("tap:wagon back:cancel") if cancel else self._("tap:wagon  hold:undo")

    def hint_refill(self) -> str:
        return self._("tap:drawn wagon")

    # Refusals
    def not_this_game(self) -> str:
        return self._("Not a Game of Trains card")

    def not_a_wagon(self) -> str:
        return self._("Not a wagon card")

    def already_counted(self, card: int) -> str:
        return self._("{wagon} already counted").format(wagon=card)

    def in_discard(self, card: int) -> str:
        return self._("{card} is in the discard pile").format(card=card)

    def choose_first(self) -> str:
        return self._("Choose where it goes first")

    def no_such_use(self, card: int) -> str:
        return self._("Not possible with {card}").format(card=card)

    def no_face_up(self) -> str:
        return self._("No face-up card: draw")

    def is_face_up(self, card: int) -> str:
        return self._("{card} is face up").format(card=card)
