"""What the Whistle Stop table is entering (its UI state, kept in the draft) and the lists a
player chooses from."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from companion.flows.kit import Labelled, PagedUI
from engine.errors import N_
from engine.games.whistle_stop.components import COAL, MOST_STARS, UPGRADES_PER_TURN, WHISTLE
from engine.games.whistle_stop.rules import can_move
from engine.games.whistle_stop.simulate import COMPANIES, SHARES_PER_COMPANY
from engine.games.whistle_stop.state import WhistleStopState

KIND = "share"
#: The share cards of the box: "company-number".
SHARES = tuple(f"{company}-{number}" for company in COMPANIES
               for number in range(1, SHARES_PER_COMPANY + 1))
#: What the number screens allow.
MAX_TOKENS = 20
MAX_FAME = 99
MAX_STARS = MOST_STARS


class Mode(Enum):
    MAIN = "main"
    MENU = "menu"
    TOKENS = "tokens"
    FAME = "fame"
    UPGRADE = "upgrade"
    STARS = "stars"
    #: A player's last train arrived: announced until acknowledged.
    LAST = "last"
    # Derived from the game itself, never stored:
    SETUP = "setup"
    PLACE = "place"
    HANDOUT = "handout"
    FINAL = "final"


STORED = (Mode.MAIN, Mode.MENU, Mode.TOKENS, Mode.FAME, Mode.UPGRADE, Mode.STARS, Mode.LAST)
SETUP_PAGES = 2


class Action(Labelled):
    """The menu of a turn."""

    MOVE_COAL = "move-coal", N_("Move (coal)")
    MOVE_WHISTLE = "move-whistle", N_("Move (whistle)")
    ARRIVE_COAL = "arrive-coal", N_("Arrival (coal)")
    ARRIVE_WHISTLE = "arrive-whistle", N_("Arrival (whistle)")
    TOKENS = "tokens", N_("Gain tokens")
    FAME = "fame", N_("Gain fame")
    UPGRADE = "upgrade", N_("Buy an upgrade")
    END = "end", N_("End the turn")


#: The moves of the menu: (token, arrived).
MOVES = {
    Action.MOVE_COAL: (COAL, False),
    Action.MOVE_WHISTLE: (WHISTLE, False),
    Action.ARRIVE_COAL: (COAL, True),
    Action.ARRIVE_WHISTLE: (WHISTLE, True),
}


@dataclass(frozen=True)
class WhistleStopUI(PagedUI):
    """What the table is in the middle of entering: kept in the draft across a power cut."""

    mode: Mode = Mode.MAIN
    page: int = 0
    #: The highlighted line of the list on screen (stations, actions, upgrades).
    choice: int = 0
    #: The action chosen last this turn: the menu opens on it.
    last_action: Action = Action.MOVE_COAL
    #: The numbers being entered: tokens gained (coal, then whistles), fame, stars.
    step: int = 0
    coal: int = 0
    whistles: int = 0
    points: int = 1
    stars: int = 1
    setup_seen: bool = False

    def entering(self, mode: Mode) -> WhistleStopUI:
        """The UI on entering `mode`: the numbers and the highlight start afresh."""
        return replace(self, mode=mode, choice=0, step=0, coal=0, whistles=0, points=1,
                       stars=1)

    def fits(self) -> bool:
        """Whether every number is one the screens can show."""
        return (self.mode in STORED and self.step in (0, 1)
                and 0 <= self.coal <= MAX_TOKENS and 0 <= self.whistles <= MAX_TOKENS
                and 1 <= self.points <= MAX_FAME and 0 <= self.stars <= MAX_STARS)


#: The menu's actions that open a screen of their own.
ENTRY_OF = {Action.TOKENS: Mode.TOKENS, Action.FAME: Mode.FAME, Action.UPGRADE: Mode.UPGRADE}


def actions(state: WhistleStopState) -> list[Action]:
    """The menu of the current player's turn."""
    player = state.player()
    found = []
    if can_move(state):
        for action, (token, _) in MOVES.items():
            if player.held(token):
                found.append(action)
    found += [Action.TOKENS, Action.FAME]
    if (state.upgrades_bought < UPGRADES_PER_TURN
            and len(player.upgrades) < state.settings.upgrade_slots):
        found.append(Action.UPGRADE)
    found.append(Action.END)
    return found


def upgrade_options(state: WhistleStopState) -> list[tuple[int | None, int]]:
    """From the supply, or each opponent's upgrades (one line per number of stars)."""
    options: list[tuple[int | None, int]] = [(None, 0)]
    for seat in state.order.round_from(state.order.next_seat(state.current)):
        if seat != state.current:
            options += [(seat, stars) for stars in sorted(set(state.players[seat].upgrades))]
    return options


def free_stations(state: WhistleStopState) -> list[int]:
    """The east-coast stations still without a train."""
    return [index + 1 for index, seat in enumerate(state.stations) if seat < 0]
