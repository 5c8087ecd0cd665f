"""The board's routes, registered when `companion web` follows a broker (`--mqtt`):
`/tables` (the page) and `/api/tables` (the same as JSON)."""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from companion.web.board import Board
from companion.web.board_pages import tables_page


def board_routes(board: Board, language: Callable[[Request], str]) -> list[Route]:
    def page(request: Request) -> Response:
        return HTMLResponse(tables_page(board.snapshot(), language(request)),
                            headers={"Cache-Control": "no-store"})

    def api(request: Request) -> Response:
        return JSONResponse(board.snapshot(), headers={"Cache-Control": "no-store"})

    return [Route("/tables", page), Route("/api/tables", api)]
