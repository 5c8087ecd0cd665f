"""The view model of one OLED screen: every screen answers one question at a glance.

The table flows build a `Screen` with text already translated; `render` turns it into pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Style(Enum):
    #: The normal prompt: what is expected now.
    PROMPT = "prompt"
    #: An acknowledgement shown for about two seconds (a counted card, a saved move).
    NOTICE = "notice"
    #: A refusal shown for about two seconds: the reason, in words.
    REFUSAL = "refusal"
    #: A trigger (departure card, cave-in, last round): full screen until acknowledged.
    ANNOUNCE = "announce"
    #: A question that needs ok or back (undo, enrol a tag).
    CONFIRM = "confirm"


@dataclass(frozen=True)
class Menu:
    """A list to move in with up/down or the encoder; `selected` is highlighted."""

    items: tuple[str, ...]
    selected: int = 0


@dataclass(frozen=True)
class Screen:
    """One frame's content.

    - `top`: the context line (game, day or round, whose turn), small font.
    - `title`: the one thing that matters now, in the largest font that fits.
    - `body`: up to three short detail lines, small font (ignored when `menu` is set).
    - `hints`: the bottom line, what the buttons do right now.
    - `progress`: (done, needed), e.g. (2, 3) wagons taken, drawn as marks.
    - `menu`: a list to choose from, drawn in place of `body`.
    - `beneath`: for a NOTICE or REFUSAL, the screen it flashes over (where the buttons
      still answer): its lines stay where they are and the flash takes its title's place.
    """

    top: str = ""
    title: str = ""
    body: tuple[str, ...] = ()
    hints: str = ""
    style: Style = Style.PROMPT
    progress: tuple[int, int] | None = None
    menu: Menu | None = None
    beneath: Screen | None = None
