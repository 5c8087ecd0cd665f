"""Every word of the Whistle Stop screens, through gettext."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.errors import N_

from ...flows.words import TableWords, packed, paged, wrapped
from ...i18n import fill
from ...names import card_name
from . import TABLE

GAME = TABLE.id

# The words said as they are (filled in with their values): `Words.say`.
ROUND_TOP = N_("Round {round}/{last}")
LAST_ROUND_TOP = N_("Last round")
TOKENS = N_("Coal {coal} · Whistle {whistles}")
SPENT = N_("Moves {moves}/4, upgr. {upgrades}/2")
TRAINS = N_("Trains {on_map} · Arrived {arrived}")
COAL_GAINED = N_("Coal +{count}")
WHISTLES_GAINED = N_("Whistle +{count}")
FAME_GAINED = N_("Fame +{points}")
UPGRADE_TITLE = N_("Buy an upgrade")
FROM_SUPPLY = N_("From the supply")
STARS = N_("Stars: {stars}")
LAST_ROUND = N_("Last round!")
LAST_TRAIN = N_("Last train in!")
ARRIVED = N_("Train on the resources")
SHARE_TAKEN = N_("{share} taken ({count})")
WHISTLE_FOR_NO_MOVE = N_("No move: +1 whistle")
PAY_RARE = N_("Pay {name} a rare resource")
TOKENS_GAINED = N_("Coal +{coal} · Whistle +{whistles}")
PLACED = N_("Station {station}: {name}")
SETUP_TOP = N_("Setup · {players} players")
PLACEMENT_TOP = N_("Placement {number}/{total}")
PLACES = N_("{name} places a train")
STATION = N_("Station {station}")
TALLY_TITLE = N_("{name}: {total}")
RANK = N_("{place}. {name} {tokens}")
TAP_SHARE_TITLE = N_("Tap a share taken")
HINT_MAIN = N_("ok:menu  tap:share")
HINT_PLACE = N_("up/down  ok:place")
HINT_NUMBER = N_("up/down  ok:next")
HINT_HANDOUT = N_("ok:handed out")
NOT_THIS_GAME = N_("Not a Whistle Stop card")
NOT_A_SHARE = N_("Not a share card")
SHARE_HELD = N_("{share}: {name} has it")
NOTHING_GAINED = N_("Gain at least one token")


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
    def action(self, action: object) -> str:
        value = getattr(action, "value", "")
        return {
            "move-coal": self._("Move (coal)"),
            "move-whistle": self._("Move (whistle)"),
            "arrive-coal": self._("Arrival (coal)"),
            "arrive-whistle": self._("Arrival (whistle)"),
            "tokens": self._("Gain tokens"),
            "fame": self._("Gain fame"),
            "upgrade": self._("Buy an upgrade"),
            "end": self._("End the turn"),
        }[value]

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

    def not_counted(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Still to add"),
                wrapped(self._("Gold, resources and special tiles: companion tally.")))

    # Hints
    # Refusals
