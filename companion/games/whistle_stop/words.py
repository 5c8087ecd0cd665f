"""The words of the Whistle Stop screens worked out from the game, through gettext; the
fixed sentences are in `messages`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.flows.words import TableWords, packed, paged, wrapped
from companion.games.names import card_name
from companion.games.whistle_stop import TABLE
from companion.i18n.translate import fill

GAME = TABLE.id


class Words(TableWords):
    """The texts of the screens in the table's language."""

    def company(self, company: str) -> str:
        return card_name(GAME, "company", company, self.language)

    def share(self, company: str, number: int) -> str:
        return self._("{company} {number}").format(company=self.company(company), number=number)

    def category(self, key: str) -> str:
        return card_name(GAME, "category", key, self.language)

    def prompt(self, message: str, params: Mapping[str, object]) -> tuple[str, ...]:
        """One of the engine's instructions ("Round 3: Ana hands out..."), wrapped."""
        return wrapped(fill(message, self.language, **params))

    # Context and prompts
    def gained_at_stop(self) -> tuple[str, ...]:
        return wrapped(self._("Tokens gained at a stop or a trade."))

    def fame_body(self) -> tuple[str, ...]:
        return wrapped(self._("Fame scored now: a delivery, a bonus tile."))

    def from_player(self, name: str, stars: int) -> str:
        return self.ngettext("From {name}: {stars} star", "From {name}: {stars} stars",
                             stars).format(name=name, stars=stars)

    def stars_body(self) -> tuple[str, ...]:
        return wrapped(self._("The stars printed on the upgrade."))

    # The round track
    def handout_title(self, token: str, count: int) -> str:
        if token == "coal":
            return self._("{count} coal each").format(count=count)
        return self._("{count} whistle each").format(count=count)

    def last_train_body(self, name: str, still: Sequence[str]) -> tuple[str, ...]:
        first = self._("{name}: all trains in").format(name=name)
        if not still:
            return (first, self._("The game ends now"))
        return (first, *wrapped(self._("Still to play: {names}").format(
            names=", ".join(still)), 2))

    # Notices
    def moved(self, token: str, left: int) -> str:
        name = card_name(GAME, "token", token, self.language)
        return self._("{token} spent, {left} left").format(token=name, left=left)

    def upgrade_bought(self, stars: int) -> str:
        return self.ngettext("Upgrade of {stars} star", "Upgrade of {stars} stars",
                             stars).format(stars=stars)

    # Setup and placement
    def setup_trains(self, trains: int, coal: Sequence[tuple[str, int]]) -> tuple[
            str, tuple[str, ...]]:
        listed = ", ".join(f"{name} {count}" for name, count in coal)
        return (self._("{count} trains each").format(count=trains),
                wrapped(self._("Starting coal: {list}").format(list=listed)))

    def setup_placing(self, first: str) -> tuple[str, tuple[str, ...]]:
        return (self._("Placing trains"),
                wrapped(self._("Counter-clockwise from {name}, one train a turn.").format(
                    name=first)))

    # The end
    def breakdown(self, breakdown: Mapping[str, int]) -> tuple[str, ...]:
        parts = [f"{self.category(key)} {amount}" for key, amount in breakdown.items()
                 if amount]
        return packed(parts, None) if parts else (self._("No points"),)

    def breakdown_pages(self, breakdown: Mapping[str, int]) -> list[tuple[str, ...]]:
        """A player's score on as many pages as it takes: every line can be read."""
        return paged(self.breakdown(breakdown), self.more())


    # Hints
    # Refusals
