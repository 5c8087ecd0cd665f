"""Every word of the Whistle Stop screens, through gettext."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..games.whistle_stop import TABLE
from ..i18n import fill, translator
from ..names import card_name
from .words import TableWords, packed, paged, wrapped

GAME = TABLE.id






class Words(TableWords):
    """The texts of the screens in the table's language."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._ = translator(language).gettext
        self.ngettext = translator(language).ngettext

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
    def round_top(self, round_: int, last: int) -> str:
        return self._("Round {round}/{last}").format(round=round_, last=last)

    def last_round_top(self) -> str:
        return self._("Last round")

    def tokens(self, coal: int, whistles: int) -> str:
        return self._("Coal {coal} · Whistle {whistles}").format(coal=coal, whistles=whistles)

    def spent(self, moves: int, upgrades: int) -> str:
        return self._("Moves {moves}/4, upgr. {upgrades}/2").format(
            moves=moves, upgrades=upgrades)

    def trains(self, on_map: int, arrived: int) -> str:
        return self._("Trains {on_map} · Arrived {arrived}").format(
            on_map=on_map, arrived=arrived)

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

    def coal_gained(self, count: int) -> str:
        return self._("Coal +{count}").format(count=count)

    def whistles_gained(self, count: int) -> str:
        return self._("Whistle +{count}").format(count=count)

    def gained_at_stop(self) -> tuple[str, ...]:
        return wrapped(self._("Tokens gained at a stop or a trade."))

    def fame_gained(self, points: int) -> str:
        return self._("Fame +{points}").format(points=points)

    def fame_body(self) -> tuple[str, ...]:
        return wrapped(self._("Fame scored now: a delivery, a bonus tile."))

    def upgrade_title(self) -> str:
        return self._("Buy an upgrade")

    def from_supply(self) -> str:
        return self._("From the supply")

    def from_player(self, name: str, stars: int) -> str:
        return self.ngettext("From {name}: {stars} star", "From {name}: {stars} stars",
                             stars).format(name=name, stars=stars)

    def stars(self, stars: int) -> str:
        return self._("Stars: {stars}").format(stars=stars)

    def stars_body(self) -> tuple[str, ...]:
        return wrapped(self._("The stars printed on the upgrade."))

    # The round track
    def handout_title(self, token: str, count: int) -> str:
        if token == "coal":
            return self._("{count} coal each").format(count=count)
        return self._("{count} whistle each").format(count=count)

    def last_round(self) -> str:
        return self._("Last round!")

    def last_train(self) -> str:
        return self._("Last train in!")

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

    def arrived(self) -> str:
        return self._("Train on the resources")

    def share_taken(self, share: str, count: int) -> str:
        return self._("{share} taken ({count})").format(share=share, count=count)

    def whistle_for_no_move(self) -> str:
        return self._("No move: +1 whistle")

    def pay_rare(self, name: str) -> str:
        return self._("Pay {name} a rare resource").format(name=name)

    def upgrade_bought(self, stars: int) -> str:
        return self.ngettext("Upgrade of {stars} star", "Upgrade of {stars} stars",
                             stars).format(stars=stars)

    def tokens_gained(self, coal: int, whistles: int) -> str:
        return self._("Coal +{coal} · Whistle +{whistles}").format(coal=coal, whistles=whistles)

    def placed(self, station: int, name: str) -> str:
        return self._("Station {station}: {name}").format(station=station, name=name)

    # Setup and placement
    def setup_top(self, players: int) -> str:
        return self._("Setup · {players} players").format(players=players)

    def setup_trains(self, trains: int, coal: Sequence[tuple[str, int]]) -> tuple[
            str, tuple[str, ...]]:
        listed = ", ".join(f"{name} {count}" for name, count in coal)
        return (self._("{count} trains each").format(count=trains),
                wrapped(self._("Starting coal: {list}").format(list=listed)))

    def setup_placing(self, first: str) -> tuple[str, tuple[str, ...]]:
        return (self._("Placing trains"),
                wrapped(self._("Counter-clockwise from {name}, one train a turn.").format(
                    name=first)))

    def placement_top(self, number: int, total: int) -> str:
        return self._("Placement {number}/{total}").format(number=number, total=total)

    def places(self, name: str) -> str:
        return self._("{name} places a train").format(name=name)

    def station(self, station: int) -> str:
        return self._("Station {station}").format(station=station)

    # The end
    def tally_title(self, name: str, total: int) -> str:
        return self._("{name}: {total}").format(name=name, total=total)

    def breakdown(self, breakdown: Mapping[str, int]) -> tuple[str, ...]:
        parts = [f"{self.category(key)} {amount}" for key, amount in breakdown.items()
                 if amount]
        return packed(parts, None) if parts else (self._("No points"),)

    def breakdown_pages(self, breakdown: Mapping[str, int]) -> list[tuple[str, ...]]:
        """A player's score on as many pages as it takes: every line can be read."""
        return paged(self.breakdown(breakdown), self.more())

    def rank(self, place: int, name: str, total: int) -> str:
        return self._("{place}. {name} {tokens}").format(place=place, name=name, tokens=total)

    def not_counted(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Still to add"),
                wrapped(self._("Gold, resources and special tiles: companion tally.")))

    # Hints
    def tap_share_title(self) -> str:
        return self._("Tap a share taken")

    def hint_main(self) -> str:
        return self._("ok:menu  tap:share")

    def hint_place(self) -> str:
        return self._("up/down  ok:place")

    def hint_number(self) -> str:
        return self._("up/down  ok:next")

    def hint_handout(self) -> str:
        return self._("ok:handed out")

    # Refusals
    def not_this_game(self) -> str:
        return self._("Not a Whistle Stop card")

    def not_a_share(self) -> str:
        return self._("Not a share card")

    def share_held(self, share: str, name: str) -> str:
        return self._("{share}: {name} has it").format(share=share, name=name)

    def nothing_gained(self) -> str:
        return self._("Gain at least one token")
