"""What a phone needs beside the pages, from `companion web` in its own process: the web app
manifest and the icons ("Add to home screen"), linked from every page and allowed by the
CSP; the navigation, with /tables only where the board is served."""

from __future__ import annotations

import io
import json
import re
import urllib.request
from pathlib import Path

import pytest
from PIL import Image

from bench.mosquitto import free_port

from .web_server import finished_play, get, get_json, web_server


def get_bytes(url: str) -> tuple[str, bytes]:
    """(content type, body) of a GET answered 200."""
    with urllib.request.urlopen(url) as answer:
        assert answer.status == 200, url
        return answer.headers["Content-Type"], answer.read()


@pytest.fixture(scope="module")
def scoreboard(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A state folder with a finished play, and the short id of that play."""
    folder = tmp_path_factory.mktemp("state")
    finished_play(folder, "freight-train", seed=2)
    with web_server(folder) as url:
        short = get_json(url + "api/plays")["plays"][0]["short_id"]
    return folder, short


def test_the_manifest_says_what_a_home_screen_needs(scoreboard: tuple[Path, str]) -> None:
    folder, _ = scoreboard
    with web_server(folder) as url:
        kind, body = get_bytes(url + "manifest.webmanifest")
        french = json.loads(get(url + "manifest.webmanifest",
                                headers={"Accept-Language": "fr"})[2])
        assert kind == "application/manifest+json"
        manifest = json.loads(body)
        assert manifest["name"] == "Game night scoreboard" and manifest["short_name"]
        assert french["name"] == "Tableau des scores de la soirée" and french["lang"] == "fr"
        assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
            "/", "/", "standalone")
        # Read only, as every page.
        assert get(url + "manifest.webmanifest", method="HEAD")[0] == 200
        assert get(url + "icon-192.png", method="POST")[0] == 405
        for colour in ("theme_color", "background_color"):
            assert re.fullmatch(r"#[0-9a-f]{6}", manifest[colour])
        sizes = {icon["sizes"] for icon in manifest["icons"] if "any" in icon["purpose"]}
        assert {"192x192", "512x512"} <= sizes
        assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
        for icon in manifest["icons"]:
            kind, png = get_bytes(url + icon["src"].lstrip("/"))
            image = Image.open(io.BytesIO(png))
            assert kind == icon["type"] == "image/png" and image.format == "PNG"
            assert "x".join(map(str, image.size)) == icon["sizes"]
            # Opaque: a launcher shows no hole in it.
            assert image.mode == "RGB" or image.getextrema()[3][0] == 255


def test_every_page_links_the_manifest_and_icons_the_csp_allows(
        scoreboard: tuple[Path, str]) -> None:
    folder, short = scoreboard
    with web_server(folder) as url:
        for path in ("", "plays", "players", f"p/{short}"):
            status, headers, body = get(url + path)
            assert status == 200
            links = dict(re.findall(r'<link rel="([\w-]+ ?[\w-]*)"[^>]*href="([^"]+)"', body))
            assert links["manifest"] == "/manifest.webmanifest"
            assert links["icon"] == "/icon-192.png"
            assert links["apple-touch-icon"] == "/apple-touch-icon.png"
            for link in links.values():
                assert get_bytes(url + link.lstrip("/"))[1], link
            assert '<meta name="theme-color"' in body
            # The manifest and the images are fetched under manifest-src and img-src: where
            # the policy names none, default-src ('self') is theirs.
            policy = dict(part.strip().split(" ", 1) for part in
                          headers["content-security-policy"].split(";"))
            for directive in ("manifest-src", "img-src"):
                assert "'self'" in policy.get(directive, policy["default-src"]).split()
        kind, png = get_bytes(url + "apple-touch-icon.png")
        assert kind == "image/png" and Image.open(io.BytesIO(png)).size == (180, 180)


def navigation(body: str) -> dict[str, tuple[str, bool]]:
    """The nav's links: {path: (label, marked as the page open)}."""
    nav = re.search(r"<nav>(.*?)</nav>", body, flags=re.S)
    assert nav is not None
    return {path: (label, bool(current)) for path, current, label in re.findall(
        r'<a href="([^"]+)"( aria-current="page")?>([^<]+)</a>', nav.group(1))}


def test_the_navigation_offers_tables_only_with_the_board(
        scoreboard: tuple[Path, str]) -> None:
    folder, _ = scoreboard
    with web_server(folder) as url:
        links = navigation(get(url + "plays")[2])
        assert links == {"/": ("Live", False), "/plays": ("Plays", True),
                         "/players": ("Players", False)}
        assert get(url + "tables")[0] == 404  # so no link leads there
    # Following a broker (none answers on this port: the board says so on its page).
    with web_server(folder, "--mqtt", f"mqtt://127.0.0.1:{free_port()}") as url:
        for path in ("", "plays", "players", "tables"):
            links = navigation(get(url + path)[2])
            assert list(links) == ["/", "/plays", "/players", "/tables"]
            assert [link for link, (_, current) in links.items() if current] == ["/" + path]
            for link in links:
                assert get(url + link.lstrip("/"))[0] == 200, link
        french = navigation(get(url + "tables", headers={"Accept-Language": "fr"})[2])
        assert [label for label, _ in french.values()] == [
            "En direct", "Parties", "Joueurs", "Tables"]
