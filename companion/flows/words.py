"""Words every table flow shows alike, through gettext: whose turn, the hints, the result."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import partialmethod

from companion.flows.kit import Labelled
from companion.i18n.translate import said, translator
from companion.screens.model import Screen
from engine.errors import N_

#: Characters in a line of the small font.
LINE = 21
#: The same inside the double border of an announcement.
ANNOUNCE_LINE = 20


def wrapped(text: str, lines: int = 3, width: int = LINE) -> tuple[str, ...]:
    """Break a sentence into the small font's lines (at most `lines`)."""
    return tuple(textwrap.wrap(text, width, break_long_words=False))[:lines]


def packed(parts: Sequence[str], lines: int | None = 3,
           separator: str = " · ") -> tuple[str, ...]:
    """Short parts joined by `separator` into as few small-font lines as they fit (the first
    `lines` of them; all with None).

    >>> packed(["Coal +3", "Tank +2", "Yard +3"])
    ('Coal +3 · Tank +2', 'Yard +3')
    """
    result: list[str] = []
    for part in parts:
        if result and len(result[-1]) + len(separator) + len(part) <= LINE:
            result[-1] += separator + part
        else:
            result.append(part)
    return tuple(result[:lines])


def paged(lines: Sequence[str], more: str, per_page: int = 3) -> list[tuple[str, ...]]:
    """`lines` on as many pages as they need: a page that is not the last ends with `more`,
    so nothing is left out and every page says whether more follows.

    >>> paged(["a", "b", "c"], "▼ more")
    [('a', 'b', 'c')]
    >>> paged(["a", "b", "c", "d"], "▼ more")
    [('a', 'b', '▼ more'), ('c', 'd')]
    """
    if len(lines) <= per_page:
        return [tuple(lines)]
    step = per_page - 1
    chunks = [tuple(lines[start : start + step]) for start in range(0, len(lines), step)]
    if len(chunks[-2]) + len(chunks[-1]) <= per_page:  # the last page needs no "more" line
        chunks[-2:] = [chunks[-2] + chunks[-1]]
    return [(*chunk, more) for chunk in chunks[:-1]] + [chunks[-1]]


class TableWords:
    """The texts shared by the screens of every game, in the table's language."""

    def __init__(self, language: str) -> None:
        self.language = language
        translations = translator(language)
        self._translations = translations
        self._ = translations.gettext
        self.ngettext = translations.ngettext

    def say(self, message: str, **values: object) -> str:
        """A message (marked with `N_`, or `NP_` for one with a plural) in the table's
        language, filled in with `values`."""
        return said(self._translations, message, values)

    def label(self, item: Labelled) -> str:
        """A menu item's label."""
        return self._(item.label)

    def page(self, title: str, text: str) -> tuple[str, tuple[str, ...]]:
        """A page said as it is (title and text marked with `N_`): the title, and the text in
        the small font's lines."""
        return (self._(title), wrapped(self._(text)))

    def setup_screen(self, top: str, pages: Sequence[tuple[str, tuple[str, ...]]],
                     page: int) -> Screen:
        """Page `page` of a game's setup pages (title and lines, in words), with its place
        among them."""
        page = min(page, len(pages) - 1)
        title, body = pages[page]
        return Screen(top=top, title=title, body=body, hints=self.hint_pages(),
                      progress=(page + 1, len(pages)))

    # The words every game says as they are: `words.hint_ack()` is "ok:continue".
    final_top = partialmethod(say, N_("Final result"))
    hint_ack = partialmethod(say, N_("ok:continue"))
    hint_choose = partialmethod(say, N_("ok:choose back:return"))
    hint_confirm = partialmethod(say, N_("ok:yes  back:no"))
    more = partialmethod(say, N_("▼ more"))
    hint_pages = partialmethod(say, N_("up/down  ok:next"))
    not_now = partialmethod(say, N_("Not now: finish this first"))

    def names_to_play(self, names: Sequence[str], lines: int = 1) -> str:
        """Who still plays: the names when they fit in `lines` lines, else how many."""
        text = self._("To play: {names}").format(names=", ".join(names))
        if len(wrapped(text, lines + 1)) <= lines:
            return text
        return self._("{count} still to play").format(count=len(names))

    @staticmethod
    def turn_top(name: str, context: str) -> str:
        """The context line of a player's turn: whose turn first, so that it is never the
        part a narrow line drops.

        >>> TableWords.turn_top("Ana", "D1 · R4")
        'ANA · D1 · R4'
        """
        return f"{name.upper()} · {context}"

    def menu_title(self, name: str) -> str:
        return self._("{name}: your move").format(name=name)

    def winners(self, names: Sequence[str]) -> str:
        if len(names) == 1:
            return self._("{name} wins!").format(name=names[0])
        return self._("Tie: {names}").format(names=", ".join(names))
