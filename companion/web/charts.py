"""Pictures of a play as inline SVG, drawn on the server: a play's breakdown (a bar per player,
a coloured segment per score category) and each player's score over the game (a step line).

The pages forbid inline styles and scripts (their Content-Security-Policy), so everything is
said with SVG presentation attributes (`fill`, `stroke`); text and axes take the page's text
colour (`currentColor`), so the pictures follow a dark page too. Each picture has a title and a
description for screen readers, and every number stays in the page's tables. The drawing is
`WIDTH` units wide and scales to the page's width (`viewBox`, width 100%).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from itertools import count

#: The drawing's width in SVG units; a phone shows it about one unit a pixel.
WIDTH = 320
FONT = 12
#: Colours told apart by most eyes, colour-blind ones included (Okabe and Ito's eight, less
#: black, then more of Tableau's), each readable on a white and on a dark page.
PALETTE = (
    "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7",
    "#8c564b", "#17becf", "#bcbd22", "#9467bd", "#7f7f7f", "#ff9da7", "#2ca02c",
    "#c49c94", "#ad494a", "#8ca252",
)  # fmt: skip
#: The players' lines: five strong colours far apart.
PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00")
#: Line patterns, so players' lines differ by more than their colour.
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
#: Unique ids within a page for the titles the pictures refer to.
_ids = count(1)


def _svg(height: float, title: str, description: str, body: str, kind: str) -> str:
    number = next(_ids)
    return (f'<svg class="chart {kind}" role="img" viewBox="0 0 {WIDTH} {height:.0f}" '
            f'width="100%" aria-labelledby="chart{number}t chart{number}d" '
            f'font-size="{FONT}" fill="currentColor">'
            f'<title id="chart{number}t">{escape(title)}</title>'
            f'<desc id="chart{number}d">{escape(description)}</desc>{body}</svg>')


def _legend(items: Sequence[tuple[str, str]], top: float, lines: bool = False
            ) -> tuple[str, float]:
    """Swatches and their names, wrapped to the width; (SVG, height used)."""
    parts, x, y = [], 0.0, top
    for index, (name, colour) in enumerate(items):
        width = 18 + 0.62 * FONT * len(name) + 10
        if x and x + width > WIDTH:
            x, y = 0.0, y + FONT + 6
        if lines:
            dash = DASHES[index % len(DASHES)]
            parts.append(f'<line x1="{x:.1f}" y1="{y + 6:.1f}" x2="{x + 14:.1f}" y2="{y + 6:.1f}" '
                         f'stroke="{colour}" stroke-width="3"'
                         + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        else:
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="12" height="12" '
                         f'fill="{colour}" stroke="currentColor" stroke-width="0.5"/>')
        parts.append(f'<text x="{x + 18:.1f}" y="{y + 10:.1f}">{escape(name)}</text>')
        x += width
    return "".join(parts), y + FONT + 6 - top


def category_colours(categories: Sequence[str]) -> dict[str, str]:
    return {key: PALETTE[index % len(PALETTE)] for index, key in enumerate(categories)}


def breakdown_chart(rows: Sequence[tuple[str, int, Sequence[tuple[str, int]]]],
                    names: Mapping[str, str], title: str, description: str) -> str:
    """A horizontal stacked bar per player: `rows` are (player, total, [(category, points)]),
    `names` the categories' names. Negative points go left of the zero line."""
    order = list(dict.fromkeys(key for _, _, parts in rows for key, value in parts if value))
    colours = category_colours(order)
    low = min([0] + [sum(v for _, v in parts if v < 0) for _, _, parts in rows])
    high = max([0] + [sum(v for _, v in parts if v > 0) for _, _, parts in rows])
    span = (high - low) or 1
    scale = (WIDTH - 2) / span
    zero = 1 + -low * scale
    body, y = [], 0.0
    for player, total, parts in rows:
        body.append(f'<text x="0" y="{y + FONT:.1f}" font-weight="bold">'
                    f'{escape(player)} · {int(total)}</text>')
        y += FONT + 4
        ends = {True: zero, False: zero}
        for key, value in parts:
            if not value:
                continue
            width = abs(value) * scale
            x = ends[True] if value > 0 else ends[False] - width
            ends[value > 0] = x + width if value > 0 else x
            body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="16" '
                        f'fill="{colours[key]}" stroke="currentColor" stroke-width="0.5">'
                        f'<title>{escape(names.get(key, key))}: {int(value)}</title></rect>')
        y += 16 + 8
    if low < 0:
        body.append(f'<line x1="{zero:.1f}" y1="{FONT + 2}" x2="{zero:.1f}" y2="{y - 6:.1f}" '
                    f'stroke="currentColor" stroke-width="1"/>')
    legend, used = _legend([(names.get(key, key), colours[key]) for key in order], y + 2)
    return _svg(y + 2 + used, title, description, "".join(body) + legend, "breakdown")


def _nice_step(span: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 1000 * (int(span / 5000) + 1)


def score_chart(labels: Sequence[str], scores: Mapping[str, Sequence[int]], title: str,
                description: str) -> str:
    """Each player's score at each of `labels` as a step line (a score holds until it
    changes), with the values on a left axis and the first and last labels below."""
    left, top, plot_w, plot_h = 34.0, 8.0, WIDTH - 40.0, 140.0
    values = [value for series in scores.values() for value in series] or [0]
    low, high = min(0, *values), max(1, *values)
    step = _nice_step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    points = max(1, len(labels) - 1)

    def x(index: int) -> float:
        return left + plot_w * index / points

    def y(value: float) -> float:
        return top + plot_h * (high - value) / ((high - low) or 1)

    body = []
    for tick in range(int(low), int(high) + 1, step):
        body.append(f'<line x1="{left:.0f}" y1="{y(tick):.1f}" x2="{left + plot_w:.0f}" '
                    f'y2="{y(tick):.1f}" stroke="currentColor" stroke-opacity="0.25"/>'
                    f'<text x="{left - 4:.0f}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                    f"{tick}</text>")
    bottom = top + plot_h + FONT + 4
    shown = {0, len(labels) - 1} if len(labels) > 6 else set(range(len(labels)))
    for index in sorted(shown):
        anchor = "start" if index == 0 else "end" if index == len(labels) - 1 else "middle"
        body.append(f'<text x="{x(index):.1f}" y="{bottom:.1f}" text-anchor="{anchor}">'
                    f"{escape(labels[index])}</text>")
    colours = {name: PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
               for index, name in enumerate(scores)}
    for index, (name, series) in enumerate(scores.items()):
        path = [f"{x(0):.1f},{y(series[0]):.1f}"] if series else []
        for at in range(1, len(series)):
            path.append(f"{x(at):.1f},{y(series[at - 1]):.1f}")
            path.append(f"{x(at):.1f},{y(series[at]):.1f}")
        dash = DASHES[index % len(DASHES)]
        body.append(f'<polyline points="{" ".join(path)}" fill="none" '
                    f'stroke="{colours[name]}" stroke-width="2.5"'
                    + (f' stroke-dasharray="{dash}"' if dash else "")
                    + f"><title>{escape(name)}</title></polyline>")
    legend, used = _legend(list(colours.items()), bottom + 8, lines=True)
    return _svg(bottom + 8 + used, title, description, "".join(body) + legend, "progress")
