"""A real headless Chromium for the scoreboard's tests (Selenium and Debian's chromedriver):
started with a fresh profile, a language and a window size; its colour scheme switched
through the DevTools protocol; whole-page screenshots; and the phone check of a page
(`page_check.js`)."""

from __future__ import annotations

import base64
import os
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: Only a bound for failure: the waits end as soon as the page shows what is awaited.
GENEROUS = 60
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
PHONE = (360, 740)
#: Set it to a folder to keep the screenshots of the phone tests there too.
SCREENSHOTS_VARIABLE = "COMPANION_SCREENSHOTS"
PAGE_CHECK = (Path(__file__).parent / "page_check.js").read_text(encoding="utf-8")

# CI installs the browser (.ci/run), so there a missing browser fails instead of skipping.
needs_chromium = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()) and not os.environ.get("CI"),
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium "
           "chromium-driver)")


def chromium(profile: Path, language: str, width: int = 1000, height: int = 900,
             mobile: bool = False) -> WebDriver:
    """Chromium with a fresh profile in `profile`, asking for pages in `language`; `mobile`:
    as a phone's browser (its viewport meta tag applies, scroll bars take no room)."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--lang={language}")
    options.add_argument(f"--window-size={width},{height}")
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    if mobile:
        # --window-size sizes the window, not the page: the page itself gets the phone's size.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


def color_scheme(driver: WebDriver, scheme: str) -> None:
    """Make the pages see `prefers-color-scheme: scheme` ("light" or "dark")."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def screenshot(driver: WebDriver, folder: Path, name: str) -> Path:
    """The whole page (not only the window) as `name`.png in `folder`, and in the folder
    named by COMPANION_SCREENSHOTS when it is set; the path in `folder`."""
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
    data = base64.b64decode(shot["data"])
    folders = [folder]
    if os.environ.get(SCREENSHOTS_VARIABLE):
        folders.append(Path(os.environ[SCREENSHOTS_VARIABLE]))
    for each in folders:
        each.mkdir(parents=True, exist_ok=True)
        (each / f"{name}.png").write_bytes(data)
    return folder / f"{name}.png"


def page_faults(driver: WebDriver) -> list[dict[str, Any]]:
    """What `page_check.js` finds wrong on the page shown: overflow, split words, contrast."""
    faults: list[dict[str, Any]] = driver.execute_script(PAGE_CHECK)
    return faults
