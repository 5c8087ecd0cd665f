"""What "Add to home screen" needs: the web app manifest and the scoreboard's icon.

The icon is drawn with Pillow when first asked for (a podium under a star, in the nav bar's
colours) and kept in memory: no image file to ship. Its motif stays within the middle 80 %,
so a launcher may crop it to a circle ("maskable").
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from functools import lru_cache

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from companion.i18n.translate import N_, translator
from companion.web.layout import THEME_LIGHT

#: The icons offered, by path: their size in pixels.
ICONS = {"/icon-192.png": 192, "/icon-512.png": 512, "/apple-touch-icon.png": 180}
BACKGROUND = "#fafafa"
CACHE = {"Cache-Control": "max-age=86400"}
APP_NAME = N_("Game night scoreboard")
SHORT_NAME = N_("Scores")

_GOLD, _SILVER, _BRONZE = "#ffd633", "#dfe6e6", "#e0a060"


@lru_cache(maxsize=len(ICONS))
def icon_png(size: int) -> bytes:
    """The icon, `size` pixels square, as PNG."""
    # Pillow only once a phone asks for an icon: the pages' process stays small without it.
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (size, size), THEME_LIGHT)
    draw = ImageDraw.Draw(image)
    # In tenths of the side: every corner of the motif lies within 4 tenths of the centre,
    # the circle a "maskable" icon keeps.
    unit = size / 10

    def box(left: float, top: float, right: float, bottom: float, colour: str) -> None:
        draw.rectangle((round(left * unit), round(top * unit), round(right * unit) - 1,
                        round(bottom * unit) - 1), fill=colour)

    box(2.5, 5.2, 4.2, 7.6, _SILVER)  # second place, left
    box(4.2, 4.3, 5.8, 7.6, _GOLD)  # first place, in the middle
    box(5.8, 5.9, 7.5, 7.6, _BRONZE)  # third place, right
    # A five-pointed star above the first place: outer and inner corners in turn, the first
    # one straight up.
    radii = [(1.2 if corner % 2 == 0 else 0.55) * unit for corner in range(10)]
    points = [(5 * unit + radius * math.sin(corner * math.pi / 5),
               2.7 * unit - radius * math.cos(corner * math.pi / 5))
              for corner, radius in enumerate(radii)]
    draw.polygon(points, fill=_GOLD)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def manifest(language: str) -> dict[str, object]:
    """The web app manifest in `language`."""
    gettext = translator(language).gettext
    icons: list[dict[str, str]] = [
        {"src": path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
        for path, size in ICONS.items() if path != "/apple-touch-icon.png"]
    icons.append({"src": "/icon-512.png", "sizes": "512x512", "type": "image/png",
                  "purpose": "maskable"})
    return {"name": gettext(APP_NAME), "short_name": gettext(SHORT_NAME), "lang": language,
            "id": "/", "start_url": "/", "scope": "/", "display": "standalone",
            "theme_color": THEME_LIGHT, "background_color": BACKGROUND, "icons": icons}


def asset_routes(language: Callable[[Request], str]) -> list[Route]:
    """The manifest's and the icons' routes; `language(request)` picks the manifest's."""

    def manifest_file(request: Request) -> Response:
        text = json.dumps(manifest(language(request)), ensure_ascii=False, indent=1)
        return Response(text, media_type="application/manifest+json", headers=CACHE)

    def icon(request: Request) -> Response:
        return Response(icon_png(ICONS[request.url.path]), media_type="image/png",
                        headers=CACHE)

    return [Route("/manifest.webmanifest", manifest_file),
            *(Route(path, icon) for path in ICONS)]
