"""The figures a screen shows, read back from its lines and set beside the game's state.

Each game's sentences with a figure in them (its messages, in the table's language) are turned
into patterns: a line of a screen that has the shape of one of them (a context line with its
player's name put aside) must say the figures the state has now, whose turn it is included.
A figure the screen takes from the move being entered (wagons picked, the turn counted by the
flow) is no figure of the state and is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.games.freight_train import messages as freight_train
from companion.games.game_of_trains import messages as game_of_trains
from companion.games.off_the_rails import messages as off_the_rails
from companion.games.ticket_to_ride import words as ticket_to_ride
from companion.games.whistle_stop import messages as whistle_stop
from companion.i18n.translate import translator
from companion.screens.model import Screen
from engine.errors import N_
from engine.games.ticket_to_ride.live_old_west import capture_points
from engine.registry import GAMES

#: A placeholder of a message: "{tokens}", "{gain:+d}".
FIELD = re.compile(r"\{(\w+)(?::([^}]*))?\}")
#: What a context line puts first in a player's turn: "ANA · ".
TURN_TOP = re.compile(r"^(?P<name>[^·]+?) · (?P<rest>.*)$")

#: What the expected values are, from the state and the values read on the line (its name):
#: None when the line is no figure of this state (a name no player has).
Expect = Callable[[Any, Mapping[str, Any]], Mapping[str, Any] | None]


@dataclass(frozen=True)
class Fact:
    """A sentence with figures in it, and the values the state gives them."""

    message: str
    expect: Expect
    #: Its placeholders that hold words, not numbers.
    words: tuple[str, ...] = ("name",)


def _seat(state: Any, name: str) -> int | None:
    names = [player.name for player in state.players]
    return names.index(name) if name in names else None


def _of_player(figures: Callable[[Any, int], Mapping[str, Any]]) -> Expect:
    """The figures of the player the line names."""
    def expect(state: Any, read: Mapping[str, Any]) -> Mapping[str, Any] | None:
        seat = _seat(state, read["name"])
        return None if seat is None else figures(state, seat)
    return expect


def _current(figures: Callable[[Any, Any], Mapping[str, Any]]) -> Expect:
    """The figures of the player whose turn it is."""
    return lambda state, read: figures(state, state.player())


def _result_total(state: Any, seat: int) -> Mapping[str, Any]:
    name = state.players[seat].name
    totals = {score.name: score.total for score in GAMES[_game(state)].result(state).players}
    return {"total": totals[name], "tokens": totals[name]}


def _game(state: Any) -> str:
    for game, rules in GAMES.items():
        if isinstance(state, rules.state_type):
            return game
    raise LookupError(type(state))


def _winners(state: Any, read: Mapping[str, Any]) -> Mapping[str, Any] | None:
    rules = GAMES[_game(state)]
    if not rules.is_over(state):
        return None
    winners = rules.result(state).winners
    return {"name": winners[0]} if len(winners) == 1 else None


def _whose_turn(state: Any, read: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return None if _seat(state, read["name"]) is None else {"name": state.player().name}


#: What every game says alike.
SHARED = (
    Fact(N_("{name}: your move"), _whose_turn),
    Fact(N_("{name} wins!"), _winners),
)


def _face_up(state: Any, read: Mapping[str, Any]) -> str:
    """The face-up cards as listed; a list wrapped on two lines is read on its first."""
    listed = " ".join(str(card) for card in state.face_up)
    return read["cards"] if listed.startswith(read["cards"] + " ") else listed


def _line_of_wagons(game: str, language: str, state: Any, screen: Screen
                    ) -> list[tuple[str, str]]:
    """The Game of Trains' main screen: the line of wagons is the current player's."""
    from companion.games.game_of_trains.words import Words

    title = translator(language).gettext(game_of_trains.TAP_DRAWN_TITLE)
    found = []
    for shown in (screen, screen.beneath):
        if shown is not None and shown.title == title:
            true = Words.line(state.player().line)
            if shown.body[:1] != (true,):
                found.append((shown.body[0] if shown.body else "", true))
    return found


def _ticket_to_ride_team(state: Any) -> Any:
    from engine.games.ticket_to_ride.live_teams import team_of

    team = team_of(state)
    return None if team is None else state.teams[team]


def _team_goods(state: Any, read: Mapping[str, Any]) -> Mapping[str, Any] | None:
    team = _ticket_to_ride_team(state)
    if team is None:
        return None
    return {"cards": len(team.hand),
            "points": sum(sum(state.players[seat].merchandise) for seat in team.seats)}


FACTS: dict[str, tuple[Fact, ...]] = {
    "freight-train": (
        Fact(freight_train.CONTEXT, lambda state, read: {
            "day": state.day, "round": state.round, "players": len(state.players)}),
        Fact(freight_train.TRAINS_AND_YARD, _current(lambda state, player: {
            "trains": player.train_count(), "yard": player.yard_size()})),
        Fact(freight_train.TOKENS_AND_LOCOS, _current(lambda state, player: {
            "tokens": player.tokens, "free": player.free_locomotives()})),
        Fact(freight_train.TALLY_TITLE, _of_player(lambda state, seat: {
            "total": state.players[seat].tokens,
            "gain": sum(state.tallies[-1].paid[seat].values())})),
        Fact(freight_train.RANK, _of_player(lambda state, seat: {
            "tokens": state.players[seat].tokens})),
    ),
    "game-of-trains": (
        Fact(game_of_trains.CONTEXT, lambda state, read: {"deck": len(state.deck)}),
        Fact(game_of_trains.OPENING_TOP, lambda state, read: {"deck": len(state.deck)}),
        Fact(N_("Face up: {cards}"), lambda state, read: {"cards": _face_up(state, read)},
             words=("cards",)),
    ),
    "off-the-rails": (
        Fact(off_the_rails.SUPPLY_TOP, lambda state, read: {"deck": len(state.deck)}),
        Fact(off_the_rails.CAVE_INS_TOP, lambda state, read: {
            "placed": state.tokens_placed()}),
        Fact(off_the_rails.FIRST_CAVE_INS_TOP, lambda state, read: {
            "done": 4 - len(state.cave_ins)}),
        Fact(N_("Missions left: {count}"), lambda state, read: {
            "count": state.missions_left()}),
        Fact(off_the_rails.DRAW_CARD, _whose_turn),
        Fact(off_the_rails.ACTIONS_TITLE, _whose_turn),
        Fact(off_the_rails.LAST_ACTIONS_TITLE, _whose_turn),
        Fact(off_the_rails.CARTS_TITLE, _whose_turn),
        Fact(off_the_rails.DRAW_TOKEN, _whose_turn),
        Fact(off_the_rails.MISSION_QUESTION, _whose_turn),
        Fact(off_the_rails.TALLY_TITLE, _of_player(_result_total)),
        Fact(off_the_rails.RANK, _of_player(_result_total)),
    ),
    "ticket-to-ride": (
        Fact(ticket_to_ride.TRAINS_AND_CARDS, _current(lambda state, player: {
            "trains": player.trains, "cards": len(player.hand)})),
        Fact(ticket_to_ride.WAGONS_AND_BOATS, _current(lambda state, player: {
            "wagons": player.trains, "boats": player.boats})),
        Fact(ticket_to_ride.TICKETS_AND_POINTS, _current(lambda state, player: {
            "tickets": len(player.tickets),
            "points": player.route_points + capture_points(state, state.current)})),
        Fact(ticket_to_ride.TEAM_SCORE, lambda state, read: (
            None if _ticket_to_ride_team(state) is None
            else {"points": sum(state.players[seat].route_points + capture_points(state, seat)
                                for seat in _ticket_to_ride_team(state).seats)})),
        Fact(ticket_to_ride.TOLLS_AND_LOANS, _current(lambda state, player: {
            "tokens": player.toll_tokens, "loans": player.loans})),
        Fact(ticket_to_ride.MERCHANDISE_LINE, _current(lambda state, player: {
            "points": sum(player.merchandise)})),
        Fact(ticket_to_ride.SHARED_CARDS, lambda state, read: (
            None if _ticket_to_ride_team(state) is None
            else {"cards": len(_ticket_to_ride_team(state).hand)})),
        Fact(ticket_to_ride.TEAM_CARDS_AND_GOODS, _team_goods),
        Fact(ticket_to_ride.SECOND_CARD, _whose_turn),
        Fact(ticket_to_ride.TICKETS_TITLE, _whose_turn),
        Fact(ticket_to_ride.FINAL_TITLE, _of_player(_result_total)),
        Fact(ticket_to_ride.RANK, _of_player(_result_total)),
    ),
    "whistle-stop": (
        Fact(whistle_stop.ROUND_TOP, lambda state, read: {
            "round": state.round, "last": state.last_round()}),
        Fact(whistle_stop.TOKENS, _current(lambda state, player: {
            "coal": player.coal, "whistles": player.whistles})),
        Fact(whistle_stop.SPENT, lambda state, read: {
            "moves": state.moves, "upgrades": state.upgrades_bought}),
        Fact(whistle_stop.TRAINS, _current(lambda state, player: {
            "on_map": player.on_map, "arrived": player.arrived})),
        Fact(whistle_stop.PLACES, _whose_turn),
        Fact(whistle_stop.TALLY_TITLE, _of_player(_result_total)),
        Fact(whistle_stop.RANK, _of_player(_result_total)),
    ),
}


@dataclass(frozen=True)
class Pattern:
    fact: Fact
    template: str
    regex: re.Pattern[str]


def _regex(template: str, words: tuple[str, ...]) -> re.Pattern[str]:
    parts, start, seen = [], 0, set()
    for field in FIELD.finditer(template):
        parts.append(re.escape(template[start:field.start()]))
        name, spec = field.groups()
        if name in seen:
            parts.append(f"(?P={name})")
        elif name in words:
            parts.append(f"(?P<{name}>.+?)")
        else:
            parts.append(f"(?P<{name}>{'[-+]' if spec and '+' in spec else '-?'}\\d+)")
        seen.add(name)
        start = field.end()
    parts.append(re.escape(template[start:]))
    return re.compile("".join(parts))


@cache
def patterns(game: str, language: str) -> tuple[Pattern, ...]:
    gettext = translator(language).gettext
    return tuple(Pattern(fact, gettext(fact.message), _regex(gettext(fact.message), fact.words))
                 for fact in (*SHARED, *FACTS[game]))


def lines(screen: Screen) -> Iterator[str]:
    """Every line of a screen and of the screen it flashes over, as the table may read them."""
    for shown in (screen, screen.beneath):
        if shown is None:
            continue
        items = shown.menu.items if shown.menu else ()
        for line in (shown.top, shown.title, *shown.body, *items):
            if line:
                yield line


def tops(screen: Screen) -> Iterator[str]:
    yield screen.top
    if screen.beneath is not None:
        yield screen.beneath.top


def untrue(game: str, language: str, state: Any, screen: Screen) -> list[tuple[str, str]]:
    """The lines of `screen` whose figures are not those of `state`: (shown, true)."""
    found: list[tuple[str, str]] = []
    names = {player.name.upper(): player.name for player in state.players}
    for top in tops(screen):
        turn = TURN_TOP.match(top)
        if turn and turn["name"] in names and names[turn["name"]] != state.player().name:
            found.append((top, f"{state.player().name.upper()} · {turn['rest']}"))
    read_lines = list(lines(screen))
    for top in tops(screen):
        turn = TURN_TOP.match(top)
        if turn and turn["name"] in names:
            read_lines.append(turn["rest"])
    for line in read_lines:
        for pattern in patterns(game, language):
            match = pattern.regex.fullmatch(line)
            if match is None:
                continue
            read: dict[str, Any] = {key: value if key in pattern.fact.words else int(value)
                                    for key, value in match.groupdict().items()}
            expected = pattern.fact.expect(state, read)
            if expected is None:
                continue
            true = pattern.template.format(**{**read, **expected})
            if true != line:
                found.append((line, true))
    if game == "game-of-trains":
        found += _line_of_wagons(game, language, state, screen)
    return found
