"""Every word of The Game of Trains screens, through gettext."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import N_
from engine.games.game_of_trains.cards import UNSEEN, Ability

from ...flows.words import ANNOUNCE_LINE, TableWords, wrapped
from ...names import card_name
from . import TABLE

GAME = TABLE.id

# The words said as they are (filled in with their values): `Words.say`.
WAGON = N_("Wagon {number}")
CONTEXT = N_("T{turn} · Deck {deck}")
FACE_UP_TITLE = N_("Use a face-up card")
DREW = N_("Drew {card}")
REPLACE_OPTION = N_("Replace {card} ({position})")
REPLACING = N_("Replace {card}")
DECK_EMPTY = N_("Deck empty!")
OPENING_TOP = N_("Opening · Deck {deck}")
KEEP = N_("Keep {card}")
DRAWN_BY = N_("{card}: drawn by {name}")
REPLACED = N_("{card} in, {old} face up")
PAIR_DISCARDED = N_("{first} and {second} discarded")
SWAPPED = N_("Swapped {first} and {second}")
MOVED = N_("{card} to place {position}")
LOCKED = N_("{card} locked")
REFILLED = N_("{card} at place {position}")
WHERE = N_("{card}: {name}, place {position}")
DEALT = N_("Dealt: {name} starts")
WINNER = N_("{name} wins!")
IN_ORDER = N_("Train in order")
OUT_OF_ORDER = N_("Not in order")
SETUP_TOP = N_("Setup · {players} players")
DEAL_TOP = N_("Setup · the deal")
TAP_DRAWN_TITLE = N_("Tap the wagon drawn")
HINT_REFILL = N_("tap:drawn wagon")
NOT_THIS_GAME = N_("Not a Game of Trains card")
NOT_A_WAGON = N_("Not a wagon card")
ALREADY_COUNTED = N_("{wagon} already counted")
IN_DISCARD = N_("{card} is in the discard pile")
CHOOSE_FIRST = N_("Choose where it goes first")
NO_SUCH_USE = N_("Not possible with {card}")
NO_FACE_UP = N_("No face-up card: draw")
IS_FACE_UP = N_("{card} is face up")


class Words(TableWords):
    """The texts of the screens in the table's language."""

    def ability(self, ability: Ability) -> str:
        return card_name(GAME, "ability", ability.value, self.language)

    @staticmethod
    def line(cards: Sequence[int]) -> str:
        """A line of wagons from the locomotive: "84 71 60 42 30 12 5" (`_` for a gap)."""
        return " ".join("_" if card == UNSEEN else str(card) for card in cards)

    # Context and prompts
    def face_up(self, cards: Sequence[int]) -> tuple[str, ...]:
        if not cards:
            return (self._("No face-up card"),)
        listed = " ".join(str(card) for card in cards)
        return wrapped(self._("Face up: {cards}").format(cards=listed), 2)

    def face_up_item(self, card: int, ability: Ability) -> str:
        return f"{card} {self.ability(ability)}"

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

    def reshuffle_body(self, count: int) -> tuple[str, ...]:
        return wrapped(self._("Shuffle the {count} discarded wagons into a new deck.").format(
            count=count), width=ANNOUNCE_LINE)

    # The opening
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

    # Notices
    # The end
    # Setup guidance
    def setup_shuffle(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Shuffle the wagons"),
                wrapped(self._("The 84 wagons face down make the deck. A locomotive each.")))

    def setup_deal(self) -> tuple[str, tuple[str, ...]]:
        return (self._("7 wagons each"),
                wrapped(self._("Lay them out from the locomotive, highest first. "
                               "Tap each one.")))

    def deal_title(self, name: str) -> str:
        return self._("{name}: tap 7 wagons").format(name=name.upper())

    # Hints
    def hint_main(self, face_up: bool) -> str:
        return self._("tap:card ok:face up") if face_up else self._("tap:drawn wagon")

    def hint_tap(self, cancel: bool = True) -> str:
        """Tap a wagon; `back` clicked takes back the last step when there is one (`cancel`),
        else only a hold does something: undo."""
        return self._("tap:wagon back:cancel") if cancel else self._("tap:wagon  hold:undo")

    # Refusals
