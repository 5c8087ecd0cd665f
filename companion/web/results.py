"""A play's result beyond the scores table: its pictures (`charts`), and for a game won or lost
without points, its winner and order."""

from __future__ import annotations

from html import escape
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.names import category_name
from companion.i18n.translate import N_, translator
from companion.publish.export import ranks
from companion.web.charts import breakdown_chart, score_chart
from companion.web.progress import Progress

_WORDS = (
    N_("Player"),
    N_("winner"),
    N_("Place"),
)
NO_WINNER_YET = N_("No winner yet: the first train in order wins.")
WINNER_IS = N_("Winner: {names}")
NO_WINNER = N_("Nobody won.")
BREAKDOWN_TITLE = N_("Points by category")
BREAKDOWN_DESC = N_("A bar per player, a coloured part per category: {players}.")
PROGRESS_TITLE = N_("Scores over the game")
PROGRESS_DESC = N_("Each player's score at each point: {players}.")
SCORE_ITEM = N_("{name} {total}")
PROGRESS_NUMBERS = N_("The scores, point by point")
WHEN = N_("When")


def win_or_lose(game: str) -> bool:
    """Whether the game is won or lost without points (The Game of Trains)."""
    record = TABLE_GAMES.get(game)
    return record is not None and record.no_points


def _t(language: str, text: str) -> str:
    return escape(translator(language).gettext(text))


def finishing_order(result: dict[str, Any], language: str) -> str:
    """A game won without points: its winner, then every player by place."""
    _ = translator(language).gettext
    players = [str(player.get("name", "")) for player in result.get("players", ())]
    winners = [name for name in players if name in set(result.get("winners", ()))]
    said = (_(WINNER_IS).format(names=", ".join(winners)) if winners else _(NO_WINNER))
    places = ranks([0] * len(players), [name in winners for name in players])
    rows = "".join(
        f'<tr class="player"><td class="total">{place}</td><th>{escape(name)}'
        + (f' <span class="winner">{_t(language, "winner")}</span>' if name in winners else "")
        + "</th></tr>"
        for place, name in sorted(zip(places, players), key=lambda row: row[0]))
    return (f'<p class="outcome">{escape(said)}</p><table class="order"><thead><tr>'
            f'<th>{_t(language, "Place")}</th><th>{_t(language, "Player")}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def breakdown_picture(result: dict[str, Any], language: str) -> str:
    """The result's breakdown as a bar per player; nothing while nobody has a point."""
    _ = translator(language).gettext
    game = str(result.get("game", ""))
    rows = [(str(player["name"]), int(player["total"]),
             [(str(key), int(value)) for key, value in player.get("breakdown", {}).items()])
            for player in result.get("players", ())]
    if not any(value for _name, _total, parts in rows for _key, value in parts):
        return ""
    names = {key: category_name(game, key, language)
             for _name, _total, parts in rows for key, _value in parts}
    totals = ", ".join(_(SCORE_ITEM).format(name=name, total=total) for name, total, _parts in rows)
    return breakdown_chart(rows, names, _(BREAKDOWN_TITLE),
                           _(BREAKDOWN_DESC).format(players=totals))


def progress_picture(progress: Progress, language: str) -> str:
    """Each player's score over the game, as a line each."""
    _ = translator(language).gettext
    labels = [_(message).format(**values) for message, values in progress.labels]
    last = ", ".join(_(SCORE_ITEM).format(name=name, total=series[-1])
                     for name, series in progress.scores.items() if series)
    picture = score_chart(labels, progress.scores, _(PROGRESS_TITLE),
                          _(PROGRESS_DESC).format(players=last))
    head = "".join(f"<th>{escape(name)}</th>" for name in progress.scores)
    rows = "".join(
        f"<tr><th>{escape(label)}</th>"
        + "".join(f'<td class="total">{series[index]}</td>'
                  for series in progress.scores.values())
        + "</tr>" for index, label in enumerate(labels))
    return (f'{picture}<details class="numbers"><summary>{_t(language, PROGRESS_NUMBERS)}'
            f'</summary><table class="progress"><thead><tr><th>{_t(language, WHEN)}</th>{head}'
            f"</tr></thead><tbody>{rows}</tbody></table></details>")
