"""The scoreboard's HTML: small string templates, every text through gettext, every value
escaped. Nothing is fetched from outside: the style sheet and script are the companion's."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from companion.games import TABLE_GAMES
from companion.games.names import category_name
from companion.i18n.translate import N_, translator
from companion.publish.export import board_name
from companion.state.endings import ABANDONED, FINISHED_EARLY
from companion.state.journal import PlayRecord
from companion.web.data import Profile, short_id
from companion.web.dates import long_date
from companion.web.i18n import decimal
from companion.web.layout import page
from companion.web.progress import Progress
from companion.web.results import (
    NO_WINNER_YET,
    breakdown_picture,
    finishing_order,
    progress_picture,
    win_or_lose,
)

#: Words of the pages, marked here because f-strings hide them from the extractor.
_LABELS = (
    N_("Add to BG Stats"),
    N_("Average"),
    N_("Best"),
    N_("Breakdown"),
    N_("Game"),
    N_("Last moves"),
    N_("Live"),
    N_("No finished play yet."),
    N_("No game in progress."),
    N_("Player"),
    N_("Players"),
    N_("Plays"),
    N_("Running scores"),
    N_("Scores over the game"),
    N_("Started"),
    N_("The journal is empty."),
    N_("Total"),
    N_("Won by"),
    N_("leading"),
    N_("personal tag"),
    N_("winner"),
    N_("Wins"),
)


def labels(language: str) -> dict[str, str]:
    """Each of _LABELS in `language`, escaped for HTML."""
    gettext = translator(language).gettext
    return {label: escape(gettext(label)) for label in _LABELS}


def game_name(game: str, language: str) -> str:
    """The title printed on the game's box, in `language` (as the table's screen says it)."""
    record = TABLE_GAMES.get(game)
    return translator(language).gettext(record.title) if record is not None else game


def scores_table(result: dict[str, Any], language: str) -> str:
    """Every player's total and breakdown, as in the tally; the winners of a final result
    marked, or the leaders of a running one (`live_view`)."""
    _ = translator(language).gettext
    t = labels(language)
    game = str(result.get("game", ""))
    winners = set(result.get("winners", ()))
    leaders = set(result.get("leaders", ()))
    rows = []
    for player in result.get("players", ()):
        breakdown = "".join(
            f'<li><span>{escape(category_name(game, str(key), language))}</span> '
            f'<b class="points">{int(value)}</b></li>'
            for key, value in player.get("breakdown", {}).items())
        mark = ""
        if player["name"] in winners:
            mark = f' <span class="winner">{t["winner"]}</span>'
        elif player["name"] in leaders:
            mark = f' <span class="leading">{t["leading"]}</span>'
        rows.append(
            f'<tr class="player"><th>{escape(player["name"])}{mark}</th>'
            f'<td class="total">{int(player["total"])}</td>'
            f'<td><ul class="breakdown">{breakdown}</ul></td></tr>')
    return (f'<table class="scores"><thead><tr><th>{t["Player"]}</th>'
            f'<th>{t["Total"]}</th><th>{t["Breakdown"]}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def result_section(result: dict[str, Any], language: str, finished: bool) -> str:
    """What a page shows of a result: the order of a game won without points (nothing
    before it is won), else the scores table and its picture."""
    if win_or_lose(str(result.get("game", ""))):
        if finished or result.get("winners"):
            return finishing_order(result, language)
        no_winner = translator(language).gettext(NO_WINNER_YET)
        return f'<p class="outcome">{escape(no_winner)}</p>'
    return scores_table(result, language) + breakdown_picture(result, language)


def _move(move: dict[str, Any], language: str) -> str:
    """One move in the words of the table's screen (`companion.web.moves`)."""
    said = move.get("said") or {}
    return escape(said.get(language) or next(iter(said.values()), ""))


def live_fragment(live: dict[str, Any], language: str) -> str:
    """The live section (sent again whole after every move)."""
    words = translator(language)
    _ = words.gettext
    t = labels(language)
    if live.get("status") != "playing":
        return f'<p class="idle">{t["No game in progress."]}</p>'
    parts = [f'<h1>{escape(game_name(live["game"], language))}</h1>']
    stage = live.get("stage", {})
    facts = []
    if "day" in stage:
        facts.append(_("Day {day}").format(day=stage["day"]))
    if "round" in stage:
        facts.append(_("Round {round}").format(round=stage["round"]))
    if live.get("turn"):
        facts.append(_("{name} to play").format(name=live["turn"]))
    facts.append(words.ngettext("{count} move", "{count} moves", live["event_count"]).format(
        count=live["event_count"]))
    parts.append('<p class="facts">' + " · ".join(escape(fact) for fact in facts) + "</p>")
    for said in live.get("announced", ()):
        parts.append(f'<p class="announced">{escape(_(said))}</p>')
    if live.get("result"):
        parts.append(f'<h2>{t["Running scores"]}</h2>')
        parts.append(result_section(live["result"], language, finished=False))
    moves = "".join(f'<li data-seq="{int(move["seq"])}"><span class="seq">{int(move["seq"])}'
                    f'</span> {_move(move, language)}</li>' for move in live["last_moves"])
    parts.append(f'<h2>{t["Last moves"]}</h2><ol class="moves">{moves}</ol>')
    seq = live["last_moves"][0]["seq"] if live["last_moves"] else 0
    return f'<section id="play" data-seq="{int(seq)}">{"".join(parts)}</section>'


def live_page(live: dict[str, Any], language: str) -> str:
    _ = translator(language).gettext
    # Shown by live.js while the stream is down: the script is external (the CSP), so the
    # words come with the page.
    lost = escape(_("Connection lost, reconnecting…"), quote=True)
    body = (f'<p id="connection" class="connection" role="status" data-lost="{lost}" hidden></p>'
            f'<div id="live">{live_fragment(live, language)}</div>')
    return page(language, _("Live"), body, '<script src="/static/live.js"></script>')


def plays_page(plays: Sequence[PlayRecord], language: str) -> str:
    _ = translator(language).gettext
    t = labels(language)
    rows = []
    for play in plays:
        if play.finished is None:
            outcome = _("in progress")
        elif play.ending == ABANDONED:
            outcome = _("abandoned")
        else:
            outcome = ", ".join((play.result or {}).get("winners", ())) or "-"
            if play.ending == FINISHED_EARLY:
                outcome = _("{winners} (finished early)").format(winners=outcome)
        started = escape(long_date(play.started, language))
        rows.append(
            f'<tr><td><a href="/p/{short_id(play.uuid)}">{started}'
            f'</a></td><td>{escape(game_name(play.game, language))}</td>'
            f'<td>{escape(", ".join(play.players))}</td><td>{escape(outcome)}</td></tr>')
    if not rows:
        body = f'<p>{t["The journal is empty."]}</p>'
    else:
        body = (f'<table class="plays"><thead><tr><th>{t["Started"]}</th>'
                f'<th>{t["Game"]}</th><th>{t["Players"]}</th>'
                f'<th>{t["Won by"]}</th></tr></thead><tbody>{"".join(rows)}'
                f'</tbody></table>')
    return page(language, _("Plays"), f'<h1>{t["Plays"]}</h1>{body}')


def play_page(play: PlayRecord, live: dict[str, Any] | None, language: str,
              bgstats: str | None = None, progress: Progress | None = None) -> str:
    """One play; `bgstats`, for a finished one, is its "Add to BG Stats" link; `progress`,
    for a game whose score moves during the play, its players' scores over the game."""
    _ = translator(language).gettext
    t = labels(language)
    short = short_id(play.uuid)
    facts = [long_date(play.started, language), board_name(play), ", ".join(play.players)]
    parts = [f'<h1>{escape(game_name(play.game, language))}</h1>',
             '<p class="facts">' + " · ".join(escape(fact) for fact in facts if fact) + "</p>"]
    if play.finished is not None and play.result:
        parts.append(result_section(play.result, language, finished=True))
    elif live is not None:
        parts.append(live_fragment(live, language))
    if progress is not None:
        parts.append(f'<h2>{t["Scores over the game"]}</h2>{progress_picture(progress, language)}')
    add = (f'<a class="bgstats" href="{escape(bgstats)}">{t["Add to BG Stats"]}</a> '
           if bgstats else "")
    parts.append(f'<p class="downloads">{add}<a href="/p/{short}.json" download>JSON</a> '
                 f'<a href="/p/{short}.csv" download>CSV</a></p>')
    return page(language, _("Play"), "".join(parts))


def players_page(profiles: Sequence[Profile], language: str) -> str:
    _ = translator(language).gettext
    t = labels(language)
    rows = []
    for profile in profiles:
        mark = f' <span class="tag">{t["personal tag"]}</span>' if profile.tagged else ""
        for game, figures in sorted(profile.games.items()):
            # A game won without points has no average or best score to show.
            points = ("<td>-</td><td>-</td>" if win_or_lose(game) else
                      f'<td>{escape(decimal(figures["average"], language))}</td>'
                      f'<td>{figures["best"]}</td>')
            rows.append(
                f'<tr><th>{escape(profile.name)}{mark}</th>'
                f'<td>{escape(game_name(game, language))}</td>'
                f'<td>{figures["plays"]}</td><td>{figures["wins"]}</td>{points}</tr>')
    head = "".join(f"<th>{t[text]}</th>" for text in (
        "Player", "Game", "Plays", "Wins", "Average", "Best"))
    body = (f'<table class="profiles"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>') if rows else \
        f'<p>{t["No finished play yet."]}</p>'
    return page(language, _("Players"), f'<h1>{t["Players"]}</h1>{body}')
