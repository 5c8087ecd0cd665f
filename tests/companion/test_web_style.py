"""The scoreboard's style sheet, read as text: every text colour it sets is WCAG AA (4.5:1)
against the background it is drawn on, in the light and the dark scheme, and nothing in it
cuts words. The browser tests (test_web_phone.py) check the same on the pages drawn."""

from __future__ import annotations

import re
from importlib import resources

import pytest

STYLE = resources.files("companion.web").joinpath("static", "style.css").read_text("utf-8")
AA = 4.5


def luminance(colour: str) -> float:
    """The relative luminance (WCAG 2) of "#rgb" or "#rrggbb"."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", digits), f"not a colour: {colour}"
    linear = []
    for start in (0, 2, 4):
        channel = int(digits[start:start + 2], 16) / 255
        linear.append(channel / 12.92 if channel <= 0.04045
                      else ((channel + 0.055) / 1.055) ** 2.4)
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def without_comments(css: str) -> str:
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """(selector, declarations) of every rule outside @media blocks, in order; a rule of
    several selectors ("a, b") once for each."""
    flat = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", without_comments(css))
    found = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", flat):
        declarations = {}
        for declaration in body.split(";"):
            name, colon, value = declaration.partition(":")
            if colon:
                declarations[name.strip()] = value.strip()
        if "background-color" in declarations:
            declarations.setdefault("background", declarations["background-color"])
        for one in selector.split(","):
            found.append((" ".join(one.split()), declarations))
    return found


def custom_properties(block: str) -> dict[str, str]:
    return dict(re.findall(r"(--[\w-]+)\s*:\s*([^;}]+?)\s*[;}]", block))


def schemes(css: str) -> dict[str, dict[str, str]]:
    """The custom properties of :root, light, and with the dark scheme's over them."""
    text = without_comments(css)
    light = re.search(r"^:root\s*\{([^}]*)\}", text, flags=re.M)
    dark = re.search(r"@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}", text)
    assert light and dark, "the style sheet defines its colours in :root, light and dark"
    light_colours = custom_properties(light.group(1))
    return {"light": light_colours,
            "dark": {**light_colours, **custom_properties(dark.group(1))}}


def resolved(value: str, colours: dict[str, str]) -> str | None:
    """The colour a `color`/`background` value names through var(), else None."""
    found = re.fullmatch(r"var\((--[\w-]+)\)", value.split()[0]) if value else None
    if found is None:
        return None
    assert found.group(1) in colours, f"{found.group(1)} is used but not defined"
    return colours[found.group(1)]


def colour_pairs(css: str, colours: dict[str, str]) -> list[tuple[str, str, str]]:
    """(selector, text colour, background) of every rule setting either: what it does not set
    itself comes from the rule of its nearest ancestor selector that does (`nav a` on `nav`),
    else from `body`."""
    found = rules(css)

    def inherited(selector: str, prop: str) -> str:
        words = selector.split()
        for end in range(len(words), 0, -1):
            ancestor = " ".join(words[:end])
            for each, declarations in found:
                if each == ancestor and prop in declarations:
                    colour = resolved(declarations[prop], colours)
                    if colour:
                        return colour
        for each, declarations in found:
            if each == "body":
                colour = resolved(declarations[prop], colours)
                assert colour, f"body's {prop} is one of the custom properties"
                return colour
        raise AssertionError(f"the body sets no {prop}")

    return [(selector, inherited(selector, "color"), inherited(selector, "background"))
            for selector, declarations in found
            if "color" in declarations or "background" in declarations]


def test_the_contrast_formula_gives_wcags_figures() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#fff", "#fff") == pytest.approx(1)
    # The sequence numbers' grey as it was: under AA, the check must say so.
    assert contrast("#777", "#fafafa") == pytest.approx(4.29, abs=0.01)
    assert contrast("#777", "#fafafa") < AA


def test_the_pairs_come_from_the_rules_and_their_ancestors() -> None:
    css = """:root { --page: #fff; --text: #000; --grey: #777; --bar: #000; --bar-text: #fff; }
    @media (prefers-color-scheme: dark) { :root { --page: #000; --text: #fff; } }
    body { color: var(--text); background: var(--page); }
    nav { background: var(--bar); } nav a { color: var(--bar-text); }
    .seq { color: var(--grey); }"""
    colours = schemes(css)
    assert colours["dark"]["--page"] == "#000" and colours["dark"]["--grey"] == "#777"
    pairs = colour_pairs(css, colours["light"])
    assert ("nav a", "#fff", "#000") in pairs
    assert ("nav", "#000", "#000") in pairs  # the nav's own text would be black on black
    assert (".seq", "#777", "#fff") in pairs


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_colour_is_aa_on_its_background(scheme: str) -> None:
    colours = schemes(STYLE)[scheme]
    pairs = colour_pairs(STYLE, colours)
    selectors = {selector for selector, _, _ in pairs}
    # The rules that matter are among those checked (a renamed class would escape otherwise).
    assert {"body", "a", "nav a", ".seq", ".winner", ".announced", ".downloads a.bgstats",
            ".connection"} <= selectors
    weak = [(selector, text, ground, round(contrast(text, ground), 2))
            for selector, text, ground in pairs if contrast(text, ground) < AA]
    assert weak == []


def test_the_dark_scheme_sets_every_colour_again() -> None:
    text = without_comments(STYLE)
    light = re.search(r"^:root\s*\{([^}]*)\}", text, flags=re.M)
    dark = re.search(r"prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}", text)
    assert light and dark
    assert set(custom_properties(light.group(1))) == set(custom_properties(dark.group(1)))
    # Colours are only set through the custom properties, so both schemes cover them all.
    for selector, declarations in rules(STYLE):
        for prop in ("color", "background", "background-color", "border-color", "fill"):
            value = declarations.get(prop, "")
            assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb|hsl", value), (selector, prop)


def test_no_rule_cuts_a_word() -> None:
    text = without_comments(STYLE)
    assert not re.search(r"overflow-wrap:\s*anywhere|word-break:\s*break-(all|word)|"
                         r"hyphens:\s*auto", text)
