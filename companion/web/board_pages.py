"""The evening's board as HTML: each table's game in progress or last result, and the
standings across tables. It reloads itself every few seconds (no script needed)."""

from __future__ import annotations

from datetime import datetime
from html import escape
from typing import Any

from companion.i18n.translate import N_, translator
from companion.web.layout import page
from companion.web.pages import game_name, labels, result_section

#: Seconds between reloads of the board page.
RELOAD_SECONDS = 5

_WORDS = (
    N_("Tables"),
    N_("Evening standings"),
    N_("No table has published this evening yet."),
    N_("The broker {broker} cannot be reached; the board shows what it had."),
    N_("Table {name}"),
    N_("{name} to play"),
    N_("Finished"),
    N_("Won by {names}"),
    N_("Finished plays"),
    N_("Offline since {time}"),
    N_("Offline since before {time}"),
)


def _offline(status: dict[str, Any] | None, language: str) -> str:
    """The line that says a table is offline, and since when ('' when it is not)."""
    if not status or status.get("online") is not False:
        return ""
    _ = translator(language).gettext
    try:
        time = datetime.fromisoformat(str(status.get("since"))).strftime("%H:%M")
    except ValueError:
        time = "?"
    words = _("Offline since {time}") if status.get("since_exact") else _(
        "Offline since before {time}")
    return f'<p class="announced offline">{escape(words.format(time=time))}</p>'


def _table(table: dict[str, Any], language: str) -> str:
    words = translator(language)
    _ = words.gettext
    parts = [f'<h2>{escape(_("Table {name}").format(name=table["table"]))}</h2>',
             _offline(table.get("status"), language)]
    live = table.get("live")
    if live is not None:
        facts = [game_name(str(live.get("game", "")), language)]
        if live.get("status") == "finished":
            facts.append(_("Finished"))
        elif live.get("turn"):
            facts.append(_("{name} to play").format(name=live["turn"]))
        count = int(live.get("event_count", 0))
        facts.append(words.ngettext("{count} move", "{count} moves", count).format(count=count))
        parts.append('<p class="facts">' + " · ".join(escape(fact) for fact in facts) + "</p>")
        if live.get("result"):
            parts.append(result_section(live["result"], language,
                                        finished=live.get("status") == "finished"))
    finished = [play for play in table.get("plays", ()) if play.get("winners") is not None]
    if finished:
        items = "".join(
            f'<li>{escape(game_name(str(play.get("game", "")), language))}: '
            f'{escape(_("Won by {names}").format(names=", ".join(play["winners"])))}</li>'
            for play in finished)
        parts.append(f'<h3>{escape(_("Finished plays"))}</h3><ul class="evening">{items}</ul>')
    return f'<section class="table" data-table="{escape(table["table"])}">{"".join(parts)}' \
           "</section>"


def standings_table(rows: list[dict[str, Any]], language: str) -> str:
    t = labels(language)
    body = "".join(
        f'<tr><th>{escape(row["name"])}</th><td class="total">{int(row["wins"])}</td>'
        f'<td>{int(row["plays"])}</td></tr>' for row in rows)
    return (f'<table class="standings"><thead><tr><th>{t["Player"]}</th><th>{t["Wins"]}</th>'
            f'<th>{t["Plays"]}</th></tr></thead><tbody>{body}</tbody></table>')


def tables_page(snapshot: dict[str, Any], language: str) -> str:
    _ = translator(language).gettext
    parts = [f'<h1>{escape(_("Tables"))}</h1>']
    if snapshot.get("refused"):
        refused = (_("The broker {broker} refused the board's user name or password: check "
                     "--mqtt-username and --mqtt-password-file.")
                   if snapshot.get("refused_credentials")
                   else _("The broker {broker} refused the board's connection."))
        parts.append('<p class="announced">' + escape(refused.format(
            broker=snapshot.get("broker", ""))) + "</p>")
    elif not snapshot.get("connected"):
        parts.append('<p class="announced">' + escape(_(
            "The broker {broker} cannot be reached; the board shows what it had.").format(
            broker=snapshot.get("broker", ""))) + "</p>")
    tables = snapshot.get("tables", [])
    if not tables:
        parts.append(f'<p class="idle">{escape(_("No table has published this evening yet."))}'
                     "</p>")
    parts.extend(_table(table, language) for table in tables)
    if snapshot.get("standings"):
        parts.append(f'<h2>{escape(_("Evening standings"))}</h2>')
        parts.append(standings_table(snapshot["standings"], language))
    html = page(language, _("Tables"), "".join(parts))
    # Reloaded by the browser itself: the board needs no script.
    return html.replace("<title>",
                        f'<meta http-equiv="refresh" content="{RELOAD_SECONDS}"><title>', 1)
