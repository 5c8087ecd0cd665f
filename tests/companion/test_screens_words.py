"""Words are never cut across lines: a line breaks at a space, after a " · " separator first,
and inside a word only after a dash; a single word too long for a line is shortened with "…".
Every screen of whole games, on both panels, in English and French, is read line by line."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from companion.games.freight_train.words import Words as FreightTrainWords
from companion.screens.fonts import SMALL
from companion.screens.layout import ELLIPSIS, joined, wrap
from companion.screens.model import Menu, Screen
from companion.screens.render import cuts, pages, render, text_lines
from engine.registry import GAMES

from .tour import tour

SIZES = ((128, 64), (128, 32))
#: Whole games: each game's default table, and Ticket to Ride on the Europe map too (its
#: tickets have the longest city names).
RUNS: list[tuple[str, dict[str, Any] | None]] = [
    *((game, None) for game in sorted(GAMES)), ("ticket-to-ride", {"map_name": "europe"})]


def texts_of(screen: Screen) -> list[str]:
    """The logical text of a screen, and of the screen a flash shows over."""
    texts: list[str] = []
    shown: Screen | None = screen
    while shown is not None:
        texts += [shown.top, shown.title, shown.hints, *shown.body,
                  *(shown.menu.items if shown.menu else ())]
        shown = shown.beneath
    return texts


def broken(lines: Sequence[str], texts: Sequence[str]) -> list[str]:
    """The lines that end or start inside a word of `texts`: a last word that is only the
    beginning of a longer word (unless it ends at a dash, or with "…"), a first word that is
    only the end of one (unless a dash comes before it), or a line that starts with a
    separator."""
    words = {word for text in texts for word in text.split()}
    found = []
    for line in lines:
        parts = line.removeprefix("> ").split()
        if not parts:
            continue
        first, last = parts[0], parts[-1]
        ends_inside = last not in words and not last.endswith((ELLIPSIS, "–", "—", "-")) and any(
            word.startswith(last) for word in words)
        starts_inside = first not in words and any(
            word.endswith(first) and not word[: -len(first)].endswith(("–", "—", "-"))
            for word in words)
        if ends_inside or starts_inside or first == "·":
            found.append(line)
    return found


def rendered_lines(screen: Screen) -> Iterator[list[str]]:
    for size in SIZES:
        for page in range(pages(screen, size)):
            yield text_lines(render(screen, size, page))


def test_a_word_cut_across_lines_is_found() -> None:
    texts = ["Venezia–Constantinople 10"]
    assert broken(["Venezia–Constantino", "ple 10"], texts) == ["Venezia–Constantino", "ple 10"]
    assert broken(["Venezia–", "Constantinople 10"], texts) == []
    assert broken(["Track 1: 8 · Track 2: 5", "· Track 3"], ["Track 1: 8 · Track 2: 5"]) == [
        "· Track 3"]


def test_a_long_ticket_in_a_menu_breaks_after_its_dash() -> None:
    screen = Screen(top="Tickets", title="Keep which?",
                    menu=Menu(("Venezia–Constantinople 10", "Paris–Wien 8"), 0), hints="ok:keep")
    lines = text_lines(render(screen))
    assert "> Venezia–" in lines and "> Constantinople 10" in lines
    assert not cuts(screen)
    for short in rendered_lines(screen):
        assert not broken(short, texts_of(screen)), short


def test_a_line_with_separators_breaks_after_one() -> None:
    body = FreightTrainWords("en").rearrange_body(8, 5, 1, True)
    assert wrap(body[0], SMALL, 128) == ["Track 1: 8 ·", "Track 2: 5"]
    screen = Screen(top="D1 · R4", title="Rearrange", body=body, hints="ok:rearrange")
    assert {"Track 1: 8 ·", "Track 2: 5"} <= set(text_lines(render(screen)))


def test_a_separator_is_not_preferred_when_it_costs_a_line() -> None:
    text = "Aa bb cc dd ee · Ff gg hh ii jj kk ll mm"
    plain = wrap(text, SMALL, 128)
    assert plain == ["Aa bb cc dd ee · Ff", "gg hh ii jj kk ll mm"]
    assert joined(plain) == text
    assert wrap("Coal 3 · Whistle 1 · Station 4 · Box 2", SMALL, 128) == [
        "Coal 3 · Whistle 1 ·", "Station 4 · Box 2"]


def test_a_word_too_long_for_a_line_is_shortened_not_split() -> None:
    assert wrap("Llanfairpwllgwyngyllgogerychwyrndrobwll station", SMALL, 120) is None
    assert wrap("Llanfairpwllgwyngyllgogerychwyrndrobwll station", SMALL, 120,
                shorten=True) == ["Llanfairpwllgwyngyl…", "station"]
    screen = Screen(top="Map", title="Next",
                    menu=Menu(("Llanfairpwllgwyngyllgogerychwyrndrobwll station",), 0))
    assert [cut.part for cut in cuts(screen)] == ["menu"]  # said, not hidden


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("game", "options"), RUNS)
def test_no_line_of_a_whole_game_starts_or_ends_inside_a_word(
        game: str, options: dict[str, Any] | None, language: str) -> None:
    found: dict[str, list[str]] = {}
    screens = 0
    for screen in dict.fromkeys(tour(game, language, options=options)):
        screens += 1
        texts = texts_of(screen)
        for lines in rendered_lines(screen):
            for line in broken(lines, texts):
                found.setdefault(line, lines)
    assert screens > 50
    assert not found, found
