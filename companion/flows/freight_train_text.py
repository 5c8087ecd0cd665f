"""Every word of the Freight Train screens, through gettext (the French names of the box)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..games.freight_train import TABLE
from ..names import card_name, category_name, wagon_name
from .words import TableWords, packed, paged, wrapped

GAME = TABLE.id




class Words(TableWords):
    """The texts of the screens in the table's language."""

    def wagon(self, wagon: str) -> str:
        return wagon_name(wagon, self.language)

    def category(self, key: str) -> str:
        return category_name(GAME, key, self.language)

    # Context and prompts
    def context(self, day: int, round_: int, players: int) -> str:
        return self._("D{day} · R{round} · {players} players").format(
            day=day, round=round_, players=players)

    def trains_and_yard(self, trains: int, yard: int) -> str:
        return self._("Trains: {trains} · Yard: {yard}").format(trains=trains, yard=yard)

    def tokens_and_locos(self, tokens: int, free: int) -> str:
        return self._("Tokens: {tokens} · Locos: {free}").format(tokens=tokens, free=free)

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

    def tap_wagon(self, number: int, needed: int) -> str:
        return self._("Wagon {number} of {needed}").format(number=number, needed=needed)

    def tap_to_take(self, count: int) -> str:
        return self._("Tap {count} wagons").format(count=count)

    def choose_move(self) -> str:
        return self._("ok: choose a move")

    def tap_from_yard(self) -> str:
        return self._("Tap wagons from your yard")

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

    def mixed_option(self, length: int) -> str:
        return self._("Mixed train ({length})").format(length=length)

    def track_option(self, track: int, wagons: int) -> str:
        return self._("Yard track {track} ({wagons}/8)").format(track=track, wagons=wagons)

    def from_track(self, track: int) -> str:
        return self._("From track {track}").format(track=track)

    def enters_first(self, track: int) -> str:
        return self._("First onto track {track}?").format(track=track)

    def refill_title(self) -> str:
        return self._("Refill a lane")

    def refill_body(self, departure_seen: bool) -> tuple[str, ...]:
        if departure_seen:
            return (self._("Draw 5 wagons."), self._("Departure card drawn!"))
        return (self._("Draw 5 wagons."), self._("Departure card? Tap it."))

    def rearrange_body(self, first: int, second: int, cost: int) -> tuple[str, ...]:
        tracks = self._("Track 1: {first} · Track 2: {second}").format(first=first, second=second)
        price = self._("Costs 1 token") if cost else self._("No token: free pass")
        return (tracks, price)

    def bring_question(self) -> str:
        return self._("Bring a locomotive?")

    def bring_body(self, locomotives: int) -> str:
        return self._("Locomotives: {count}").format(count=locomotives)

    def locomotive_brought(self) -> str:
        return self._("Locomotive brought")

    def departure(self) -> str:
        return self._("Departure card!")

    def departure_card(self) -> str:
        return card_name(GAME, "departure", "", self.language)

    def day_begins(self, day: int) -> str:
        return self._("Day {day} begins").format(day=day)

    # Tallies
    def tally_top(self, day: int) -> str:
        return self._("End of day {day}").format(day=day)

    def tally_title(self, name: str, gain: int, total: int) -> str:
        return self._("{name} {gain:+d} = {total}").format(name=name, gain=gain, total=total)

    def breakdown(self, paid: Mapping[str, int]) -> tuple[str, ...]:
        if not paid:
            return (self._("No token this day"),)
        # Losses first: whatever the pages, the line that explains a low total leads.
        items = sorted(paid.items(), key=lambda item: (item[1] >= 0, item[0]))
        return packed([f"{self.category(key)} {amount:+d}" for key, amount in items], None)

    def breakdown_pages(self, paid: Mapping[str, int]) -> list[tuple[str, ...]]:
        """A player's tally on as many pages as it takes: every line can be read."""
        return paged(self.breakdown(paid), self.more())

    def rank(self, place: int, name: str, tokens: int) -> str:
        return self._("{place}. {name} {tokens}").format(place=place, name=name, tokens=tokens)

    def standings(self, day: int) -> str:
        return self._("After day {day}").format(day=day)

    # Setup guidance
    def setup_top(self, day: int) -> str:
        return self._("Setup · day {day}").format(day=day)

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
    def hint_main(self) -> str:
        return self._("ok:menu  hold:undo")

    def hint_place(self) -> str:
        return self._("ok:place back:cancel")

    def hint_tap(self) -> str:
        return self._("tap:wagon back:cancel")

    def hint_done(self) -> str:
        return self._("ok:done  back:cancel")

    def hint_rearrange(self) -> str:
        return self._("up/down  ok:pay")

    def hint_order(self) -> str:
        return self._("ok:first back:cancel")

    def hint_tally(self) -> str:
        return self._("up/down  ok:next")

    # Refusals
    def not_this_game(self) -> str:
        return self._("Not a Freight Train card")

    def not_a_wagon(self) -> str:
        return self._("Not a wagon card")

    def already_counted(self, wagon: str) -> str:
        return self._("{wagon} already counted").format(wagon=self.wagon(wagon))

    def finish_refill(self) -> str:
        return self._("Finish the refill: ok")

    def choose_first(self) -> str:
        return self._("Choose where it goes first")

    def refill_first(self) -> str:
        return self._("Under 3 wagons: refill first")

    def choose_order_first(self) -> str:
        return self._("Say which enters first")

    def departure_already(self) -> str:
        return self._("Departure already drawn")

    def departure_needs_refill(self) -> str:
        return self._("Departure comes in a refill")

    def four_at_most(self) -> str:
        return self._("Four wagons at most: ok")

    def not_in_yard(self, wagon: str) -> str:
        return self._("No {wagon} at a track's end").format(wagon=self.wagon(wagon))

    def no_place(self, wagon: str) -> str:
        return self._("Nowhere to put a {wagon}").format(wagon=self.wagon(wagon))

    def tap_yard_first(self) -> str:
        return self._("Tap a wagon first")
