"""Card identities: what a physical card is, the card kinds of each game, and the text form
written onto a tag so another companion can read a card without its registry.

>>> card = Card("freight-train", "wagon", "coal")
>>> card.to_text()
'tc1|freight-train|wagon|coal'
>>> Card.from_text(card.to_text()) == card
True
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.record import Shape, Values
from companion.lib.text import plain
from engine.errors import N_, Reasoned

#: The game id of cards that belong to no one game, such as a player's personal tag.
ANY_GAME = "*"

#: The first field of the text form; a later, incompatible form gets another prefix.
TEXT_PREFIX = "tc1"
SEPARATOR = "|"
#: A MIFARE Classic 1K holds 48 bytes of text in the three blocks the readers use.
TEXT_LIMIT = 48

class _Catalogue(Mapping[str, dict[str, Values]]):
    """Each game's card kinds, from its record, worked out from the game's own data when first
    asked for (a table of one game does not load the maps and decks of the others); "*" holds
    the personal tags every game reads."""

    def __init__(self) -> None:
        self._made: dict[str, dict[str, Values]] = {ANY_GAME: {"player": None}}

    def __getitem__(self, game: str) -> dict[str, Values]:
        if game not in self._made:
            self._made[game] = TABLE_GAMES[game].cards()
        return self._made[game]

    def __iter__(self) -> Iterator[str]:
        return iter((ANY_GAME, *TABLE_GAMES))

    def __len__(self) -> int:
        return 1 + len(TABLE_GAMES)


#: The card kinds of each game, by game id.
CATALOGUE: Mapping[str, dict[str, Values]] = _Catalogue()


def copies(game: str, kind: str) -> int:
    """Cards of one value of `kind` in a full box (e.g. 16 coal wagons in Freight Train)."""
    record = TABLE_GAMES.get(game)
    return record.copies.get(kind, 1) if record is not None else 1


def card_kinds(game: str) -> dict[str, Values]:
    """The card kinds of `game` (kind -> its values); empty for a game without cards yet."""
    return dict(CATALOGUE.get(game, {}))


class CardError(Reasoned, ValueError):
    """A card identity that is not in the catalogue, or a tag text that is not a card.

    Like the engine's errors it carries an English `reason` template and its `params`, so
    `games.names.reason()` can translate it; `field` names the part that is wrong.
    """

    def __init__(self, field: str, reason: str, /, **params: Any) -> None:
        self.field = field
        super().__init__(reason, **params)


@dataclass(frozen=True, order=True)
class Card:
    """What a physical card is: e.g. ("freight-train", "wagon", "coal"),
    ("freight-train", "departure", "") or ("*", "player", "Ana")."""

    game: str
    kind: str
    value: str = ""

    def to_text(self) -> str:
        """The text written on a tag: "tc1|game|kind|value", at most 48 bytes of UTF-8."""
        for name in ("game", "kind", "value"):
            if SEPARATOR in getattr(self, name):
                raise CardError(name, N_("must not contain {separator!r}"), separator=SEPARATOR)
        text = SEPARATOR.join((TEXT_PREFIX, self.game, self.kind, self.value))
        size = len(text.encode("utf-8"))
        if size > TEXT_LIMIT:
            raise CardError("value", N_("too long for a tag ({size} bytes, at most {limit})"),
                            size=size, limit=TEXT_LIMIT)
        return text

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Read the text form back; the space or NUL padding of tag blocks is ignored.

        Only the syntax is checked here: `check_card` says whether this companion knows it.
        """
        parts = text.rstrip(" \x00").split(SEPARATOR)
        if len(parts) != 4 or parts[0] != TEXT_PREFIX:
            raise CardError("", N_("not a card's text: {text!r}"), text=text)
        _, game, kind, value = parts
        return cls(game, kind, value)


def check_card(card: Card, games: frozenset[str] | None = None) -> Card:
    """The card in canonical form (ids lower case, value trimmed) if the catalogue knows it.

    `games` are the game ids the engine knows (default: `engine.registry.GAMES`); `"*"` is
    always allowed. Raises `CardError` naming the field that is wrong.
    """
    if games is None:
        from engine.registry import GAMES

        games = frozenset(GAMES)
    game = card.game.strip().lower()
    known = sorted(games | {ANY_GAME})
    if game not in known:
        raise CardError("game", N_("unknown game {game!r}; one of {games}"),
                        game=card.game, games=", ".join(known))
    kinds = card_kinds(game)
    kind = card.kind.strip().lower()
    if kind not in kinds:
        if not kinds:
            raise CardError("kind", N_("{game} has no card kinds yet"), game=game)
        raise CardError("kind", N_("unknown kind {kind!r} for {game}; one of {kinds}"),
                        kind=card.kind, game=game, kinds=", ".join(sorted(kinds)))
    allowed = kinds[kind]
    value = card.value.strip()
    if allowed is None:
        if not value:
            raise CardError("value", N_("a {kind} card needs a value"), kind=kind)
        if not plain(value):
            raise CardError("value", N_("must be printable text"))
    elif not allowed:
        if value:
            raise CardError("value", N_("a {kind} card takes no value, not {value!r}"),
                            kind=kind, value=value)
    else:
        value = value.lower()
        # A kind may also take any value of a shape (the ticket tags of every map file).
        shape = TABLE_GAMES[game].shapes.get(kind) if game in TABLE_GAMES else None
        shaped = shape is not None and re.fullmatch(shape.pattern, value) is not None
        if value not in allowed and shaped and shape is not None:
            _refuse_unlisted(kind, value, allowed, shape)
        if value not in allowed and not shaped:
            if shape is not None:
                raise CardError("value", N_("unknown {kind} {value!r}; one of {values}, or of "
                                            "the form {form}"),
                                kind=kind, value=card.value, values=_some(value, allowed),
                                form=shape.form)
            raise CardError("value", N_("unknown {kind} {value!r}; one of {values}"),
                            kind=kind, value=card.value, values=", ".join(allowed))
    checked = Card(game, kind, value)
    checked.to_text()  # a card must fit on a tag
    return checked


#: Values a refusal lists at most; past that, the nearest to what was given.
LISTED = 12


def _some(value: str, allowed: tuple[str, ...]) -> str:
    """The allowed values in a refusal: all of a short list, else the few nearest `value`
    (a list of a thousand ticket tags helps no one)."""
    if len(allowed) <= LISTED:
        return ", ".join(allowed)
    near = difflib.get_close_matches(value, allowed, n=3, cutoff=0.5)
    return ", ".join([*near, "…"] if near else [allowed[0], "…", allowed[-1]])


def _refuse_unlisted(kind: str, value: str, allowed: tuple[str, ...], shape: Shape) -> None:
    """A value of the shape is refused when its family is a listed one's: a shipped map's
    tickets are all listed, so "europe-47" is no card, while a map file's "lake-shore-03" is."""
    family = _family(shape.pattern, value)
    listed = [each for each in allowed if _family(shape.pattern, each) == family]
    if family is not None and listed:
        raise CardError("value", N_("no {kind} {value!r}: {family} has {first} to {last}"),
                        kind=kind, value=value, family=family, first=listed[0],
                        last=listed[-1])


@functools.lru_cache(maxsize=4096)
def _family(pattern: str, value: str) -> str | None:
    found = re.fullmatch(pattern, value)
    return found.group("family") if found is not None and "family" in found.groupdict() else None
