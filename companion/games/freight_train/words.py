"""The words of the Freight Train screens worked out from the game (the French names of the
box), through gettext; the fixed sentences are in `messages`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.flows.words import TableWords, packed, paged, wrapped
from companion.games.freight_train import TABLE
from companion.games.names import card_name, category_name

GAME = TABLE.id


def wagon_name(wagon: str, language: str) -> str:
    """A wagon type's name, e.g. `wagon_name("reefer", "fr") == "Réfrigéré"`."""
    return card_name(GAME, "wagon", wagon, language)


class Words(TableWords):
    """The texts of the screens in the table's language."""

    def wagon(self, wagon: str) -> str:
        return wagon_name(wagon, self.language)

    def category(self, key: str) -> str:
        return category_name(GAME, key, self.language)

    # Context and prompts
    def still_to_play(self, names: Sequence[str]) -> str:
        if not names:
            return self._("Last phase of the day")
        return self.names_to_play(names)

    def placed(self, wagon: str, target: str | None) -> str:
        return f"{self.wagon(wagon)} → {self.target(wagon, target)}"

    def target(self, wagon: str, target: str | None) -> str:
        if target == "train":
            return self._("train")
        if target == "mixed":
            return self._("mixed")
        if target in ("yard:0", "yard:1"):
            return self._("track {number}").format(number=int(target[-1]) + 1)
        return "?"

    def counted(self, wagon: str, target: str, length: int) -> str:
        return f"{self.wagon(wagon)} → {self.target(wagon, target)} ({length})"

    def train_option(self, length: int) -> str:
        """The wagon's own train among the places it may go, as its notice says it ("Coal →
        train (1)"): the title above names the wagon, and the row keeps its place and words
        from one wagon to the next (only the length changes on the panel)."""
        return self._("Train ({length})").format(length=length)

    def departure_line(self, departure_seen: bool) -> str:
        """The refill's last line: whether the departure card came up."""
        if departure_seen:
            return self._("Departure card drawn!")
        return self._("Departure? Tap it.")

    def rearrange_body(self, first: int, second: int, cost: int, allowed: bool
                       ) -> tuple[str, ...]:
        """The tracks' lengths, and what ok costs: a token, nothing (a player without a token
        `allowed` to rearrange at a stuck table), or nothing but a pass."""
        tracks = self._("Track 1: {first} · Track 2: {second}").format(first=first, second=second)
        if cost:
            return (tracks, self._("Costs 1 token"))
        if allowed:
            return (tracks, self._("All passed: free"))
        return (tracks, self._("No token: pass only"))

    def departure_card(self) -> str:
        return card_name(GAME, "departure", "", self.language)

    # Tallies
    def breakdown(self, paid: Mapping[str, int]) -> tuple[str, ...]:
        if not paid:
            return (self._("No token this day"),)
        # Losses first: whatever the pages, the line that explains a low total leads.
        items = sorted(paid.items(), key=lambda item: (item[1] >= 0, item[0]))
        return packed([f"{self.category(key)} {amount:+d}" for key, amount in items], None)

    def nobody_pages(self, cancelled: Mapping[str, Sequence[str]]) -> list[tuple[str, ...]]:
        """The types whose trains paid nobody, under why (rule 5 or 6); no page when none."""
        reasons = {"tied_first": self._("4+ tied for 1st:"),
                   "tied_second": self._("Tie for 2nd place:")}
        lines: list[str] = []
        for why, reason in reasons.items():
            if cancelled.get(why):
                lines += [reason, *packed([self.category(key) for key in cancelled[why]], None)]
        return paged(lines, self.more()) if lines else []

    def breakdown_pages(self, paid: Mapping[str, int]) -> list[tuple[str, ...]]:
        """A player's tally on as many pages as it takes: every line can be read."""
        return paged(self.breakdown(paid), self.more())

    # Setup guidance
    def setup_cards(self, kept: int, removed: int) -> tuple[str, tuple[str, ...]]:
        body = (self._("Put {removed} of each type away").format(removed=removed),) if removed \
            else (self._("All 16 of each type"),)
        return (self._("{kept} wagons per type").format(kept=kept), body)

    def setup_players(self, locomotives: int, first: str) -> tuple[str, tuple[str, ...]]:
        return (self._("{count} locomotives each").format(count=locomotives),
                (self._("5 tokens each"),
                 self._("First player: {name}").format(name=first)))

    def setup_reshuffle(self, day: int) -> tuple[str, tuple[str, ...]]:
        return (self._("Day {day}: reshuffle").format(day=day),
                wrapped(self._("Trains and main yard go back to the deck. Yards stay.")))

    def setup_departure(self, day: int) -> tuple[str, tuple[str, ...]]:
        where = {
            1: self._("Into the bottom half of the deck."),
            2: self._("Into the bottom third of the deck."),
            3: self._("Into the bottom quarter of the deck."),
        }
        return (self._("Departure card"), wrapped(where[day]))

    def setup_locomotives(self, names: Sequence[str]) -> tuple[str, tuple[str, ...]]:
        if not names:
            return (self._("No new locomotive"), ())
        return (self._("+1 locomotive for"), (", ".join(names),))

    # Hints
    # Refusals
    def already_counted(self, wagon: str) -> str:
        return self._("{wagon} already counted").format(wagon=self.wagon(wagon))

    def not_in_yard(self, wagon: str) -> str:
        return self._("No {wagon} at a track's end").format(wagon=self.wagon(wagon))

    def no_place(self, wagon: str) -> str:
        return self._("Nowhere to put a {wagon}").format(wagon=self.wagon(wagon))
