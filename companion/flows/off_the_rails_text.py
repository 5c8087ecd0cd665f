"""Every word of the Off the Rails screens, through gettext."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.games.off_the_rails.components import mine_of, space_of

from ..games.off_the_rails import TABLE
from ..i18n import translator
from ..names import card_name
from .words import TableWords, wrapped

GAME = TABLE.id

#: Characters in a line of an announcement (inside its double border).
ANNOUNCE_LINE = 19


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


class Words(TableWords):
    """The texts of the screens in the table's language."""

    def __init__(self, language: str) -> None:
        self.language = language
        translations = translator(language)
        self._ = translations.gettext
        self.ngettext = translations.ngettext

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

    def setup_top(self) -> str:
        return self._("Setup")

    def opening_top(self) -> str:
        return self._("Opening supply")

    def supply_top(self, turn: int, deck: int) -> str:
        return self._("T{turn} · Deck {deck}").format(turn=turn, deck=deck)

    def last_turns_top(self, names: Sequence[str]) -> str:
        if not names:
            return self._("Then: cave-ins")
        text = self._("Then: {names}").format(names=", ".join(names))
        if len(text) <= ANNOUNCE_LINE:  # announcements show this line too
            return text
        return self._("Then: {count} players").format(count=len(names))

    def first_cave_ins_top(self, done: int) -> str:
        return self._("First cave-ins {done}/4").format(done=done)

    def cave_ins_top(self, placed: int, total: int) -> str:
        return self._("Cave-ins {placed}/{total}").format(placed=placed, total=total)

    # --- Setup guidance ---------------------------------------------------------------------

    def setup_removed(self, per_mine: int) -> tuple[str, tuple[str, ...]]:
        body = self.ngettext("Per mine, put {count} card away unseen.",
                       "Per mine, put {count} cards away unseen.", per_mine)
        return (self._("Deposit cards"), wrapped(body.format(count=per_mine)))

    def setup_opening(self) -> tuple[str, tuple[str, ...]]:
        return (self._("Opening supply"),
                wrapped(self._("One card per mine, face down: the opening supply.")))

    def setup_cave_ins(self) -> tuple[str, tuple[str, ...]]:
        return (self._("First cave-ins"),
                wrapped(self._("One more card per mine, face down, set aside.")))

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

    def bumper(self) -> str:
        return self._("Bumper mode")

    def dice_chasm(self) -> str:
        return self._("Dice Chasm mode")

    # --- Deposit cards ----------------------------------------------------------------------

    def tap_opening(self) -> str:
        return self._("Reveal an opening card")

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

    def draw_card(self, name: str) -> str:
        return self._("{name}: draw a card").format(name=name)

    def tap_top_card(self) -> tuple[str, ...]:
        return wrapped(self._("Tap the card drawn."), 2)

    def missions_left(self, count: int, taken: bool) -> str:
        if taken:
            return self._("Mission taken")
        return self._("Missions left: {count}").format(count=count)

    def cave_in_announce(self) -> str:
        return self._("Cave-in card!")

    def cave_in_body(self, names: Sequence[str]) -> tuple[str, ...]:
        turns = self._("Last turns: {names}").format(names=", ".join(names))
        return (self._("No supply this turn."), *wrapped(turns, 2, ANNOUNCE_LINE))

    # --- Phase 1: the actions ---------------------------------------------------------------

    def actions_title(self, name: str, number: int) -> str:
        return self._("{name}: action {number}/4").format(name=name, number=number)

    def last_actions_title(self, name: str, number: int) -> str:
        return self._("{name}, last turn: {number}/4").format(name=name, number=number)

    def action(self, action: str, count: int) -> str:
        label = {
            "lay-rail": self._("Lay a rail"),
            "upgrade-rail": self._("Upgrade a rail"),
            "place-cart": self._("Place a cart"),
            "adjust-die": self._("Adjust a die ±1"),
        }[action]
        return f"{label} ×{count}" if count else label

    def actions_done(self, done: int) -> str:
        return self._("Done ({done}/4)").format(done=done)

    # --- Phase 2: the carts -----------------------------------------------------------------

    def carts_title(self, name: str) -> str:
        return self._("{name}: carts moved").format(name=name)

    def all_rolling(self) -> str:
        return self._("Nothing to report")

    def done(self) -> str:
        return self._("Done")

    def cart_home(self, home: int, gems: int) -> str:
        if not home:
            return self._("A cart came home")
        return self._("Home: {home} · {gems} gems").format(home=home, gems=gems)

    def derailed(self, name: str, count: int) -> str:
        label = self._("Derailed: {name}").format(name=name)
        return f"{label} ×{count}" if count else label

    def gem_title(self, gem: str, count: int) -> str:
        return self._("{gem}: {count}").format(gem=self.gem(gem), count=count)

    def unload_top(self, loaded: int) -> str:
        return self._("Unloading · {count}/5").format(count=loaded)

    def unload_question(self) -> tuple[str, ...]:
        return wrapped(self._("How many in the cart?"), 2)

    def unloaded(self, count: int) -> str:
        return self.ngettext("Cart home: {count} gem", "Cart home: {count} gems", count).format(
            count=count)

    def derail_notice(self, name: str) -> str:
        return self._("{name}: a cart derailed").format(name=name)

    # --- Missions and phase 3 after the cave-ins --------------------------------------------

    def mission_question(self, name: str) -> str:
        return self._("Mission for {name}?").format(name=name)

    def mission_body(self, left: int) -> tuple[str, ...]:
        return (self._("Conditions met?"), self._("Missions left: {count}").format(count=left))

    def mission_taken(self, name: str) -> str:
        return self._("Mission for {name}").format(name=name)

    def take_mission(self) -> str:
        return self._("Take a mission")

    def draw_token(self, name: str) -> str:
        return self._("{name}: draw a token").format(name=name)

    def token_option(self, mine: str, left: int) -> str:
        return capitalized(self._("{mine} ({left} left)").format(mine=self.mine(mine),
                                                                 left=left))

    def roll_title(self, roll: int) -> str:
        return self._("Die: {roll}").format(roll=roll)

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

    def nothing_crushed(self) -> str:
        return self._("Nothing under it")

    def crushed(self, name: str, count: int) -> str:
        label = self._("Crushed: {name}").format(name=name)
        return f"{label} ×{count}" if count else label

    def crushed_notice(self, name: str) -> str:
        return self._("{name}: a cart crushed").format(name=name)

    def reveal_title(self) -> str:
        return self._("Reveal a set-aside card")

    def cave_ins_begin(self) -> str:
        return self._("Cave-ins begin")

    def cave_ins_rules(self) -> tuple[str, ...]:
        return wrapped(self._("From now on a derailed cart leaves the game."), 3,
                       ANNOUNCE_LINE)

    # --- The final tally --------------------------------------------------------------------

    def tally_title(self, name: str, total: int) -> str:
        return self._("{name}: {total}").format(name=name, total=total)

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

    def rank(self, place: int, name: str, total: int) -> str:
        return self._("{place}. {name} {tokens}").format(place=place, name=name, tokens=total)

    # --- Hints ------------------------------------------------------------------------------

    def hint_tap(self) -> str:
        return self._("tap:deposit card")

    def hint_number(self) -> str:
        return self._("up/down  ok:confirm")

    def hint_refill(self) -> str:
        return self._("ok:stones placed")

    def hint_actions(self) -> str:
        return self._("ok:add  back:remove")

    def hint_list(self) -> str:
        return self._("ok:choose back:remove")

    def hint_supply(self) -> str:
        return self._("tap:card  ok:mission")

    def hint_token(self) -> str:
        return self._("ok:choose")

    # --- Refusals ---------------------------------------------------------------------------

    def not_this_game(self) -> str:
        return self._("Not an Off the Rails card")

    def already_drawn(self, card: str) -> str:
        return self._("{card} already drawn").format(card=card)

    def not_a_deposit(self) -> str:
        return self._("Tap a deposit card")

    def mine_revealed(self, mine: str) -> str:
        return self._("A {mine} card is already out").format(mine=self.mine(mine))

    def cave_in_in_deck(self) -> str:
        return self._("The cave-in card is in the deck")

    def draw_after_carts(self) -> str:
        return self._("Cards are drawn in phase 3")

    def place_stones_first(self) -> str:
        return self._("Put the stones out first: ok")

    def place_token_first(self) -> str:
        return self._("Place the cave-in token first")

    def no_more_cards(self) -> str:
        return self._("No more cards: draw a token")

    def finish_stones(self) -> str:
        return self._("Confirm the stones first")

    def hold_to_undo(self) -> str:
        return self._("Hold back to undo")

    def one_mission(self) -> str:
        return self._("Only one mission a turn")

    def no_mission_left(self) -> str:
        return self._("No mission card is left")

    def four_actions(self) -> str:
        return self._("Four actions a turn")

    def cart_full(self) -> str:
        return self._("Five stones fill a cart")

    def none_left(self, gem: str) -> str:
        return self._("No more {gem} in the box").format(gem=self.gem(gem).lower())
