"""The frame of every scoreboard page: head (style sheet, manifest, icons, theme colours) and
the navigation. Which sections the navigation offers depends on the app serving the page
(`/tables` only when it follows a broker) and which one is open on the request: both are set
per request by `Navigation`, so the page templates need not pass them along."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from html import escape

from starlette.types import ASGIApp, Receive, Scope, Send

from companion.i18n.translate import N_, translator

#: The nav bar's colour in each scheme (the style sheet's --bar), for the browser's own bars.
THEME_LIGHT = "#223333"
THEME_DARK = "#0d1a1a"

_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="{light}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="{dark}" media="(prefers-color-scheme: dark)">
<title>{title}</title><link rel="stylesheet" href="/static/style.css">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" type="image/png" sizes="192x192" href="/icon-192.png">
<link rel="apple-touch-icon" href="/apple-touch-icon.png"></head>
<body><nav>{links}</nav><main>{body}</main>{script}</body></html>
"""

#: The sections in the navigation, in order: (path, label).
SECTIONS = (("/", N_("Live")), ("/plays", N_("Plays")), ("/players", N_("Players")))
TABLES = ("/tables", N_("Tables"))


@dataclass(frozen=True)
class Place:
    """Where a page is served: the request's path and whether the board (`/tables`) is on."""

    path: str = ""
    tables: bool = False


_place: ContextVar[Place] = ContextVar("scoreboard_place")
#: The place of a page rendered outside a request (a test's, a script's).
NOWHERE = Place()


def navigation(language: str, place: Place) -> str:
    """The links to the sections; the one open is marked for screen readers and the eye."""
    gettext = translator(language).gettext
    sections = SECTIONS + ((TABLES,) if place.tables else ())
    links = []
    for path, label in sections:
        current = ' aria-current="page"' if path == place.path else ""
        links.append(f'<a href="{path}"{current}>{escape(gettext(label))}</a>')
    return " ".join(links)


def page(language: str, title: str, body: str, script: str = "") -> str:
    """A whole page around `body` (HTML, already escaped) in `language`."""
    return _PAGE.format(lang=language, title=escape(title), body=body, script=script,
                        light=THEME_LIGHT, dark=THEME_DARK,
                        links=navigation(language, _place.get(NOWHERE)))


class Navigation:
    """Sets the place of each request (an ASGI layer) for the pages it renders."""

    def __init__(self, app: ASGIApp, tables: bool = False) -> None:
        self.app = app
        self.tables = tables

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            # Set in this request's own context: the pages rendered for it (in a worker
            # thread, which copies the context) see it, and no other request does.
            _place.set(Place(str(scope.get("path", "")), self.tables))
        await self.app(scope, receive, send)
