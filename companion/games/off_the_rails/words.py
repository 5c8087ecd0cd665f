"""The words of the Off the Rails screens worked out from the game, through gettext; the
fixed sentences are in `messages`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.flows.words import TableWords, wrapped
from companion.games.names import card_name
from companion.games.off_the_rails import TABLE
from companion.games.off_the_rails.messages import ACTION_LABELS
from engine.games.off_the_rails.components import mine_of, space_of

GAME = TABLE.id


#: Characters in a line of an announcement (inside its double border).
ANNOUNCE_LINE = 19


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


class Words(TableWords):
    """The texts of the screens in the table's language."""

    # --- Names ------------------------------------------------------------------------------

    def mine(self, mine: str) -> str:
        """A mine's colour as written in a sentence ("red")."""
        return card_name(GAME, "mine", mine, self.language)

    def deposit(self, card: str) -> str:
        """A deposit card: "Red 3"."""
        return capitalized(self._("{mine} {space}").format(mine=self.mine(mine_of(card)),
                                                           space=space_of(card)))

    def cave_in_card(self) -> str:
        return card_name(GAME, "cave-in", "", self.language)

    def gem(self, gem: str) -> str:
        return card_name(GAME, "gem", gem, self.language)

    def category(self, key: str) -> str:
        return card_name(GAME, "category", key, self.language)

    # --- Context lines ----------------------------------------------------------------------

    def last_turns_top(self, names: Sequence[str]) -> str:
        if not names:
            return self._("Then: cave-ins")
        text = self._("Then: {names}").format(names=", ".join(names))
        if len(text) <= ANNOUNCE_LINE:  # announcements show this line too
            return text
        return self._("Then: {count} players").format(count=len(names))

    # --- Setup guidance ---------------------------------------------------------------------

    def setup_removed(self, per_mine: int) -> tuple[str, tuple[str, ...]]:
        body = self.ngettext("Per mine, put {count} card away unseen.",
                       "Per mine, put {count} cards away unseen.", per_mine)
        return (self._("Deposit cards"), wrapped(body.format(count=per_mine)))


    def setup_deck(self, deck: int, top: int, middle: int,
                   bottom: int) -> tuple[str, tuple[str, ...]]:
        text = self._("Shuffle them. Make piles of {top}, {middle} and {bottom}.")
        return (self._("Deck: {count} cards").format(count=deck),
                wrapped(text.format(top=top, middle=middle, bottom=bottom)))

    def setup_cave_in_card(self, top: int, middle: int,
                           bottom: int) -> tuple[str, tuple[str, ...]]:
        text = self._("Shuffle it into the {middle}, put the {top} on top, the other {bottom} "
                      "under.")
        return (self.cave_in_card(), wrapped(text.format(top=top, middle=middle, bottom=bottom)))

    def setup_players(self, missions: int, first: str) -> tuple[str, tuple[str, ...]]:
        return (self._("{count} mission cards").format(count=missions),
                (self._("2 carts each"), self._("First player: {name}").format(name=first)))

    def setup_modes(self, modes: Sequence[str]) -> tuple[str, tuple[str, ...]]:
        return (self._("Modes"), tuple(modes))

    # --- Deposit cards ----------------------------------------------------------------------

    def tap_it(self) -> tuple[str, ...]:
        return wrapped(self._("Tap it on the reader."), 2)

    def stones_title(self, card: str, stones: int) -> str:
        return self.ngettext("{card}: {count} stone", "{card}: {count} stones", stones).format(
            card=self.deposit(card), count=stones)

    def stones_question(self) -> tuple[str, ...]:
        return wrapped(self._("Stones shown on the card?"), 2)

    def refill_title(self, card: str) -> str:
        return capitalized(self._("{mine} mine, space {space}").format(
            mine=self.mine(mine_of(card)), space=space_of(card)))

    def refill_body(self, stones: int) -> tuple[str, ...]:
        text = self.ngettext("Put {count} stone from the bag there.",
                       "Put {count} stones from the bag there.", stones)
        return wrapped(text.format(count=stones), 2)

    def tap_top_card(self) -> tuple[str, ...]:
        return wrapped(self._("Tap the card drawn."), 2)

    def missions_left(self, count: int, taken: bool) -> str:
        if taken:
            return self._("Mission taken")
        return self._("Missions left: {count}").format(count=count)

    def cave_in_body(self, names: Sequence[str]) -> tuple[str, ...]:
        turns = self._("Last turns: {names}").format(names=", ".join(names))
        return (self._("No supply this turn."), *wrapped(turns, 2, ANNOUNCE_LINE))

    # --- Phase 1: the actions ---------------------------------------------------------------

    def action(self, action: str, count: int) -> str:
        label = self._(ACTION_LABELS[action])
        return f"{label} ×{count}" if count else label

    # --- Phase 2: the carts -----------------------------------------------------------------

    def cart_home(self, home: int, gems: int) -> str:
        if not home:
            return self._("A cart came home")
        return self._("Home: {home} · {gems} gems").format(home=home, gems=gems)

    def derailed(self, name: str, count: int) -> str:
        label = self._("Derailed: {name}").format(name=name)
        return f"{label} ×{count}" if count else label

    def gem_title(self, gem: str, count: int) -> str:
        return self._("{gem}: {count}").format(gem=self.gem(gem), count=count)

    def unload_question(self) -> tuple[str, ...]:
        return wrapped(self._("How many in the cart?"), 2)

    def unloaded(self, count: int) -> str:
        return self.ngettext("Cart home: {count} gem", "Cart home: {count} gems", count).format(
            count=count)

    # --- Missions and phase 3 after the cave-ins --------------------------------------------

    def mission_body(self, left: int) -> tuple[str, ...]:
        return (self._("Conditions met?"), self._("Missions left: {count}").format(count=left))

    def token_option(self, mine: str, left: int) -> str:
        return capitalized(self._("{mine} ({left} left)").format(mine=self.mine(mine),
                                                                 left=left))

    def roll_question(self, mine: str) -> tuple[str, ...]:
        return wrapped(capitalized(self._("{mine} token: roll the 8-sided die.").format(
            mine=self.mine(mine))), 2)

    # --- Placing a cave-in token ------------------------------------------------------------

    def cave_in_title(self, mine: str, space: int, or_next: bool) -> str:
        name = self.mine(mine)
        if not space:
            text = self._("{mine} → next to one").format(mine=name)
        elif or_next:
            text = self._("{mine} → {space} or next").format(mine=name, space=space)
        else:
            text = self._("{mine} → space {space}").format(mine=name, space=space)
        return capitalized(text)

    def crushed(self, name: str, count: int) -> str:
        label = self._("Crushed: {name}").format(name=name)
        return f"{label} ×{count}" if count else label

    def cave_ins_rules(self) -> tuple[str, ...]:
        return wrapped(self._("From now on a derailed cart leaves the game."), 3,
                       ANNOUNCE_LINE)

    # --- The final tally --------------------------------------------------------------------

    def tally_lines(self, breakdown: Mapping[str, int]) -> tuple[str, ...]:
        """Gems (with the ruby bonus), carts, missions: one line each."""
        gems, bonus = breakdown.get("gems", 0), breakdown.get("ruby_bonus", 0)
        first = (self._("Gems {points} · rubies +{bonus}").format(points=gems, bonus=bonus)
                 if bonus else self._("{label}: {points}").format(label=self.category("gems"),
                                                                  points=gems))
        keys = ["carts", "missions"] + (["end_missions"] if breakdown.get("end_missions") else [])
        line = self._("{label}: {points}")
        return (first, *(line.format(label=self.category(key), points=breakdown.get(key, 0))
                         for key in keys))

    # --- Hints ------------------------------------------------------------------------------

    # --- Refusals ---------------------------------------------------------------------------

    def mine_revealed(self, mine: str) -> str:
        return self._("A {mine} card is already out").format(mine=self.mine(mine))

    def none_left(self, gem: str) -> str:
        return self._("No more {gem} in the box").format(gem=self.gem(gem).lower())
