"""The words of The Game of Trains screens worked out from the game, through gettext; the
fixed sentences are in `messages`."""

from __future__ import annotations

from collections.abc import Sequence

from companion.flows.words import ANNOUNCE_LINE, TableWords, wrapped
from companion.games.game_of_trains import TABLE
from companion.games.names import card_name
from engine.games.game_of_trains.cards import UNSEEN, Ability

GAME = TABLE.id


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

    def face_up_item(self, card: int, ability: Ability | None) -> str:
        return f"{card} {self.ability(ability)}" if ability is not None else f"{card} ?"

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
