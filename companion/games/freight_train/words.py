"""Every word of the Freight Train screens, through gettext (the French names of the box)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.errors import N_

from ...flows.words import TableWords, packed, paged, wrapped
from ...names import card_name, category_name, wagon_name
from . import TABLE

GAME = TABLE.id

# The words said as they are (filled in with their values): `Words.say`.
CONTEXT = N_("D{day} · R{round} · {players} players")
TRAINS_AND_YARD = N_("Trains: {trains} · Yard: {yard}")
TOKENS_AND_LOCOS = N_("Tokens: {tokens} · Locos: {free}")
TAP_WAGON = N_("Wagon {number} of {needed}")
TAP_TO_TAKE = N_("Tap {count} wagons")
CHOOSE_MOVE = N_("ok: choose a move")
TAP_FROM_YARD = N_("Tap wagons from your yard")
MIXED_OPTION = N_("Mixed train ({length})")
TRACK_OPTION = N_("Yard track {track} ({wagons}/8)")
FROM_TRACK = N_("From track {track}")
ENTERS_FIRST = N_("First onto track {track}?")
REFILL_TITLE = N_("Refill a lane")
BRING_QUESTION = N_("Bring a locomotive?")
BRING_BODY = N_("Locomotives: {count}")
LOCOMOTIVE_BROUGHT = N_("Locomotive brought")
DEPARTURE = N_("Departure card!")
DAY_BEGINS = N_("Day {day} begins")
TALLY_TOP = N_("End of day {day}")
TALLY_TITLE = N_("{name} {gain:+d} = {total}")
RANK = N_("{place}. {name} {tokens}")
STANDINGS = N_("After day {day}")
SETUP_TOP = N_("Setup · day {day}")
HINT_MAIN = N_("ok:menu  hold:undo")
HINT_PLACE = N_("ok:place back:cancel")
HINT_TAP = N_("tap:wagon back:cancel")
HINT_DONE = N_("ok:done  back:cancel")
HINT_REARRANGE = N_("up/down  ok:pay")
HINT_ORDER = N_("ok:first back:cancel")
HINT_TALLY = N_("up/down  ok:next")
NOT_THIS_GAME = N_("Not a Freight Train card")
NOT_A_WAGON = N_("Not a wagon card")
FINISH_REFILL = N_("Finish the refill: ok")
CHOOSE_FIRST = N_("Choose where it goes first")
REFILL_FIRST = N_("Under 3 wagons: refill first")
CHOOSE_ORDER_FIRST = N_("Say which enters first")
DEPARTURE_ALREADY = N_("Departure already drawn")
DEPARTURE_NEEDS_REFILL = N_("Departure comes in a refill")
FOUR_AT_MOST = N_("Four wagons at most: ok")
TAP_YARD_FIRST = N_("Tap a wagon first")




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

    def action(self, action: object) -> str:
        value = getattr(action, "value", "")
        return {
            "yard": self._("From my yard"),
            "refill": self._("Refill a lane"),
            "bring": self._("Bring a locomotive"),
            "rearrange": self._("Rearrange or pass"),
        }[value]

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

    def train_option(self, wagon: str, length: int) -> str:
        return self._("{wagon} train ({length})").format(wagon=self.wagon(wagon), length=length)

    def refill_body(self, departure_seen: bool) -> tuple[str, ...]:
        if departure_seen:
            return (self._("Draw 5 wagons."), self._("Departure card drawn!"))
        return (self._("Draw 5 wagons."), self._("Departure card? Tap it."))

    def rearrange_body(self, first: int, second: int, cost: int) -> tuple[str, ...]:
        tracks = self._("Track 1: {first} · Track 2: {second}").format(first=first, second=second)
        price = self._("Costs 1 token") if cost else self._("No token: free pass")
        return (tracks, price)

    def departure_card(self) -> str:
        return card_name(GAME, "departure", "", self.language)

    # Tallies
    def breakdown(self, paid: Mapping[str, int]) -> tuple[str, ...]:
        if not paid:
            return (self._("No token this day"),)
        # Losses first: whatever the pages, the line that explains a low total leads.
        items = sorted(paid.items(), key=lambda item: (item[1] >= 0, item[0]))
        return packed([f"{self.category(key)} {amount:+d}" for key, amount in items], None)

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

    def setup_main_yard(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Main yard: 25 cards"),
                wrapped(self._("Shuffle the wagons and fill the 25 spaces.")))

    def setup_yards(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Yards: 12 each"),
                wrapped(self._("6 on the left of each track, face up.")))

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
