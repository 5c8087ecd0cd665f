"""The scoreboard's routes: pages, downloads, the JSON interface and the live stream.

Every route answers GET and HEAD only (anything else: 405) and changes nothing.
"""

from __future__ import annotations

import json
import os
import weakref
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.games.names import reason
from companion.i18n.translate import N_, translator
from companion.lib.spreadsheet import for_excel
from companion.publish.export import csv_text, json_play
from companion.publish.mqtt_settings import MqttSettings
from companion.publish.player_ids import personal_ids
from companion.state.journal import JournalError, PlayRecord
from companion.web import pages
from companion.web.assets import asset_routes
from companion.web.bgstats import create_play_link
from companion.web.board_limits import BoardLimits
from companion.web.data import JournalView, short_id, tagged_players
from companion.web.i18n import negotiate
from companion.web.layout import Navigation
from companion.web.limits import LIMITS, ServerLimits
from companion.web.live import live, live_play
from companion.web.sse import LiveFeed, live_events

#: Nothing may come from elsewhere, and nothing of the companion runs in another site's frame.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
NO_SUCH_PAGE = N_("There is no such page.")
NO_SUCH_PLAY = N_("There is no such play in the journal.")
ONLY_READING = N_("Only GET and HEAD: the scoreboard changes nothing.")
TOO_MANY_STREAMS = N_("Too many live pages are open: this one tries again in a moment.")
STATIC_TYPES = {"style.css": "text/css; charset=utf-8",
                "live.js": "text/javascript; charset=utf-8"}


def _language(request: Request) -> str:
    return negotiate(request.headers.get("accept-language"))


def _not_found(request: Request, message: str) -> HTTPException:
    return HTTPException(404, translator(_language(request)).gettext(message))


def create_app(state_dir: Path, mqtt: MqttSettings | None = None,
               limits: ServerLimits = LIMITS,
               board_limits: BoardLimits | None = None) -> Starlette:
    """The scoreboard of `state_dir`; with `mqtt` (a broker), also the board of every
    table publishing to that broker (`companion.web.board`), keeping at most `board_limits`.
    Of `limits`, the app keeps the number of live streams (the server keeps the rest)."""
    view = JournalView(state_dir)

    def live_now() -> dict[str, Any]:
        return view.read(live)

    feed = LiveFeed(view.signature, live_now, pages.live_fragment, limits.max_streams)

    def play_or_404(request: Request) -> PlayRecord:
        play = view.find(str(request.path_params["play"]))
        if play is None:
            raise _not_found(request, NO_SUCH_PLAY)
        return play

    def play_json(play: PlayRecord) -> dict[str, Any]:
        entry = json_play(play)
        entry["short_id"] = short_id(play.uuid)
        if play.finished is None:
            entry["live"] = view.read(lambda journal: live_play(journal, play))
        return entry

    def live_page(request: Request) -> Response:
        return HTMLResponse(pages.live_page(live_now(), _language(request)))

    def plays_page(request: Request) -> Response:
        return HTMLResponse(pages.plays_page(view.plays(), _language(request)))

    def players_page(request: Request) -> Response:
        profiles = view.profiles(tagged_players(state_dir))
        return HTMLResponse(pages.players_page(profiles, _language(request)))

    def play_page(request: Request) -> Response:
        play = play_or_404(request)
        current = play_json(play).get("live")
        link = None
        if play.finished is not None and play.result:
            stamps = view.read(lambda journal: [
                record.recorded for record in journal.records(play.id)])
            link = create_play_link(play, stamps, personal_ids(state_dir))
        chart = view.progress(play)
        return HTMLResponse(pages.play_page(play, current, _language(request), link, chart))

    def play_download(request: Request) -> Response:
        play = play_or_404(request)
        form = request.path_params["form"]
        if form not in ("json", "csv"):
            raise _not_found(request, NO_SUCH_PAGE)
        name = f"play-{short_id(play.uuid)}.{form}"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        if form == "csv":
            # A spreadsheet in the page's language: its list separator, and the mark that
            # makes accents show (as `companion export --excel`).
            text = for_excel(csv_text([play]), _language(request)) if play.result else ""
            return Response(text, media_type="text/csv; charset=utf-8", headers=disposition)
        text = json.dumps(play_json(play), ensure_ascii=False, indent=2) + "\n"
        return Response(text, media_type="application/json", headers=disposition)

    def api_plays(request: Request) -> Response:
        return JSONResponse({"plays": [
            {"uuid": play.uuid, "short_id": short_id(play.uuid), "id": play.id,
             "game": play.game, "players": list(play.players), "started": play.started,
             "finished": play.finished, "ending": play.ending,
             "winners": (play.result or {}).get("winners") if play.finished else None}
            for play in view.plays()]})

    def api_play(request: Request) -> Response:
        return JSONResponse(play_json(play_or_404(request)))

    def api_live(request: Request) -> Response:
        return JSONResponse(live_now())

    async def events(request: Request) -> Response:
        language = _language(request)
        stream = feed.open(language)
        if stream is None:
            text = translator(language).gettext(TOO_MANY_STREAMS)
            return JSONResponse({"error": text}, status_code=503,
                                headers={"Retry-After": str(limits.retry_after),
                                         "Cache-Control": "no-store"})
        body = live_events(feed, stream, lambda error: _on_a_phone(reason(error, language)))
        # A stream closed before its first event never runs its own `finally`.
        weakref.finalize(body, feed.close, stream)
        return StreamingResponse(body, media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_TYPES:
            raise _not_found(request, NO_SUCH_PAGE)
        text = resources.files(__package__).joinpath("static", name).read_text("utf-8")
        return Response(text, media_type=STATIC_TYPES[name],
                        headers={"Cache-Control": "max-age=3600"})

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        detail = error.detail
        if error.status_code == 404 and detail == "Not Found":
            detail = translator(_language(request)).gettext(NO_SUCH_PAGE)
        elif error.status_code == 405:
            detail = translator(_language(request)).gettext(ONLY_READING)
        headers = dict(error.headers or {})
        return JSONResponse({"error": detail}, status_code=error.status_code, headers=headers)

    async def journal_error(request: Request, error: Exception) -> Response:
        # A damaged or newer journal: said in one line, the pages come back once it is fixed.
        return JSONResponse({"error": reason(error, _language(request))}, status_code=503)

    def _on_a_phone(text: str) -> str:
        # The server's folders mean nothing to a player and do not fit a phone's line.
        return text.replace(f"{state_dir}{os.sep}", "")

    routes = [
        Route("/", live_page),
        Route("/plays", plays_page),
        Route("/players", players_page),
        Route("/p/{play}.{form:str}", play_download),
        Route("/p/{play}", play_page),
        # A QR code carries the address in capitals (its compact alphanumeric mode).
        Route("/P/{play}", play_page),
        Route("/api/plays", api_plays),
        Route("/api/plays/{play}", api_play),
        Route("/api/live", api_live),
        Route("/events", events),
        Route("/static/{name}", static),
        *asset_routes(_language),
    ]
    if mqtt is not None:
        from companion.web.board import Board, Evening
        from companion.web.board_routes import board_routes

        board = Board(mqtt, evening=Evening(limits=board_limits))
        routes += board_routes(board.start(), _language)
    application = Starlette(routes=routes, exception_handlers={HTTPException: http_error,
                                                JournalError: journal_error},
                            middleware=[Middleware(SecurityHeaders),
                                        Middleware(Navigation, tables=mqtt is not None)])
    application.state.view = view
    application.state.live_feed = feed
    return application


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every answer (a plain ASGI layer: streams stay streams)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in SECURITY_HEADERS.items():
                    headers[key] = value
            await send(message)

        await self.app(scope, receive, with_headers)
