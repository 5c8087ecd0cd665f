"""Build the shipped Ticket to Ride boards from their data in `tools/boards/`.

Each board's routes and tickets are CSV files, one row per track or ticket card, as gathered
and cross-checked from public sources (`tools/boards/README.md` says which and how well);
`tools/boards/boards.toml` gives each board's names, standing and rules. A corrected row is
one edit here and a rebuild:

    python -m tools.build_boards           # writes engine/games/ticket_to_ride/maps/*.toml
    python -m tools.build_boards --check   # exit 1 when a shipped file is not its build

The tests check that every shipped file equals its build.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.games.ticket_to_ride.mapfile import map_from_toml

DATA = Path(__file__).parent / "boards"
MAPS = Path(__file__).parents[1] / "engine" / "games" / "ticket_to_ride" / "maps"
#: Route keys in the order a map file writes them.
ROUTE_KEYS = ("from", "to", "length", "color", "colors", "tracks", "tunnel", "ferries", "waves",
              "mountains", "sea", "companies", "toll", "arrow")
#: The colour of France's empty track beds: any colour once a track tile is laid there.
TRACK_BED = "trackbed"


@dataclass(frozen=True)
class Row:
    """One track of a route, as its CSV row gives it."""

    ends: tuple[str, str]
    length: int
    color: str
    tunnel: bool
    ferries: int
    double: bool
    fields: Mapping[str, str]

    @property
    def kind(self) -> tuple[Any, ...]:
        """What makes two rows marked double the tracks of one route: places, length and the
        markings of the whole route (ferries, waves and mountains may differ by track)."""
        extras = tuple(sorted((key, value) for key, value in self.fields.items()
                              if key in ("sea", "companies", "toll")))
        return (frozenset(self.ends), self.length, self.tunnel, extras)


def _flag(text: str) -> bool:
    if text not in ("True", "False"):
        raise ValueError(f"not True or False: {text!r}")
    return text == "True"


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def _track_rows(path: Path, skip: Iterable[tuple[str, str]]) -> list[Row]:
    dropped = {frozenset(pair) for pair in skip}
    found = []
    for raw in _rows(path):
        ends = (raw["city1"], raw["city2"])
        if frozenset(ends) in dropped:
            continue
        extras = {key: raw[key] for key in raw if key not in (
            "city1", "city2", "length", "color", "points", "tunnel", "ferry_locomotives",
            "double", "track", "note", "crosses", "terrain", "bonus_cards")}
        if "border arrow" in raw["note"]:
            extras["arrow"] = raw["note"].split("border arrow ")[1].split(" ")[0]
        found.append(Row(ends, int(raw["length"]), raw["color"], _flag(raw["tunnel"]),
                         int(raw["ferry_locomotives"] or 0), _flag(raw["double"]), extras))
    return found


def _routes(rows: list[Row]) -> list[dict[str, Any]]:
    """One route per single row, one per group of parallel rows (a double or triple route)."""
    routes: list[dict[str, Any]] = []
    open_groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in rows:
        color = "gray" if row.color == TRACK_BED else row.color
        counts = {"ferries": row.ferries, "waves": int(row.fields.get("waves") or 0),
                  "mountains": int(row.fields.get("mountains") or 0)}
        if row.double and row.kind in open_groups:
            group = open_groups[row.kind]
            group["colors"].append(color)
            for key, count in counts.items():
                group[key].append(count)
            continue
        route: dict[str, Any] = {"from": row.ends[0], "to": row.ends[1], "length": row.length,
                                 "colors": [color], **{key: [count] for key, count in
                                                       counts.items()}}
        if row.tunnel:
            route["tunnel"] = True
        if row.fields.get("toll"):
            route["toll"] = int(row.fields["toll"])
        if row.fields.get("sea") == "True":
            route["sea"] = True
        if row.fields.get("companies"):
            route["companies"] = row.fields["companies"].split(";")
        if "arrow" in row.fields:
            route["arrow"] = row.fields["arrow"]
        if row.double:
            open_groups[row.kind] = route
        routes.append(route)
    for route in routes:
        for key in ("ferries", "waves", "mountains"):  # one number, or one per track
            counts = route.pop(key)
            if any(counts):
                route[key] = counts[0] if len(set(counts)) == 1 else counts
        colors = route.pop("colors")
        if len(set(colors)) == 1:
            route["color"] = colors[0]
            if len(colors) > 1:
                route["tracks"] = len(colors)
        else:
            route["colors"] = colors
    return [{key: route[key] for key in ROUTE_KEYS if key in route} for route in routes]


def _tickets(path: Path) -> list[dict[str, Any]]:
    """Tickets by card: a card of several destinations (one row each) is one any-of ticket."""
    cards: dict[str, list[dict[str, str]]] = {}
    tickets: list[dict[str, Any]] = []
    for raw in _rows(path):
        card = raw.get("card", "")
        if card and raw.get("kind") != "city":
            if card not in cards:
                cards[card] = []
                tickets.append({"card": card})
            cards[card].append(raw)
            continue
        ticket: dict[str, Any] = {"from": raw["city1"], "to": raw["city2"],
                                  "points": int(raw["points"])}
        if _flag(raw["long"]):
            ticket["long"] = True
        tickets.append(ticket)
    for ticket in tickets:
        if "card" in ticket:
            rows = cards[ticket.pop("card")]
            ticket["from"] = rows[0]["city1"]
            ticket["any_of"] = {row["city2"]: int(row["points"]) for row in rows}
    return tickets


def _itineraries(path: Path) -> list[dict[str, Any]]:
    return [{"cities": raw["cities"].split(";"), "in_order": int(raw["in_order"]),
             "connected": int(raw["connected"]), "failed": int(raw["failed"])}
            for raw in _rows(path)]


def _table_rows(path: Path, key: str, value: str) -> dict[str, Any]:
    return {raw[key]: [int(number) for number in raw[value].split(";")] for raw in _rows(path)}


# --- Writing TOML --------------------------------------------------------------------------------


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(key)} = {_value(item)}"
                                for key, item in value.items()) + " }"
    raise TypeError(f"cannot write {value!r}")


def _key(key: str) -> str:
    bare = key.replace("_", "").replace("-", "").isascii() and key.replace(
        "_", "").replace("-", "").isalnum()
    return key if bare else json.dumps(key, ensure_ascii=False)


def _list_lines(key: str, items: list[Any]) -> list[str]:
    return [f"{key} = ["] + [f"  {_value(item)}," for item in items] + ["]", ""]


def _table(name: str, table: Mapping[str, Any], nest: bool = True) -> list[str]:
    """A table under its header; with `nest`, its tables each under a header of their own
    (route_points stays inline), else inline."""
    lines = [f"[{name}]"]
    nested = []
    for key, value in table.items():
        if nest and isinstance(value, Mapping) and key != "route_points":
            nested.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    lines.append("")
    for key, value in nested:
        lines += _table(f"{name}.{_key(key)}", value, nest=False)
    return lines


def _wrapped(key: str, words: list[str], width: int = 96) -> list[str]:
    lines, line = [f"{key} = ["], " "
    for word in words:
        item = f" {_value(word)},"
        if len(line) + len(item) > width:
            lines.append(line)
            line = " "
        line += item
    return lines + [line, "]", ""]


# --- A board -------------------------------------------------------------------------------------


def build(name: str, spec: Mapping[str, Any], europe: Mapping[str, Any] | None = None) -> str:
    """The map file of one board, from its entry in boards.toml."""
    lines = [f"# {line}".rstrip() for line in spec["comment"].strip().splitlines()]
    lines += ["# Built by tools/build_boards.py from tools/boards/: edit the data there and",
              "# rebuild. Map file format: see docs/maps.md.", ""]
    lines += [f"name = {_value(name)}", f"title = {_value(spec['title'])}"]
    if spec.get("other_names"):
        lines.append(f"other_names = {_value(spec['other_names'])}")
    lines += [f"standing = {_value(spec['standing'])}"]
    if spec.get("notes"):
        lines += _list_lines("notes", spec["notes"])
    else:
        lines.append("")
    if "board" in spec:  # another board's network with tickets of its own (Europe 1912)
        if europe is None:
            raise ValueError(f"{name} needs the map of {spec['board']}")
        cities, countries, routes = list(europe["cities"]), [], list(europe["routes"])
        aliases = dict(europe.get("aliases", {}))
    else:
        rows = _track_rows(DATA / spec["routes"], spec.get("drop_routes", []))
        routes = _routes(rows)
        countries = list(spec.get("countries", []))
        places = dict.fromkeys(place for row in rows for place in row.ends)
        cities = sorted((place for place in places if place not in countries), key=str.casefold)
        aliases = dict(spec.get("aliases", {}))
    tickets = _tickets(DATA / spec["tickets"])
    if "itineraries" in spec:
        tickets += _itineraries(DATA / spec["itineraries"])
    lines += _wrapped("cities", cities)
    if countries:
        lines.append(f"countries = {_value(countries)}")
        lines.append("")
    lines += _list_lines("routes", routes)
    lines += _list_lines("tickets", tickets)
    if aliases:
        lines += _table("aliases", aliases, nest=False)
    rules = dict(spec.get("rules", {}))
    if "country_cards" in spec:  # each pile from its top card, the most valuable
        rules["country_cards"] = {country: sorted(values, reverse=True) for country, values in
                                  _table_rows(DATA / spec["country_cards"], "country",
                                              "cards").items()}
    if "companies" in spec:
        rules["stocks"] = {raw["company"]: {"shares": int(raw["shares"]), "payouts": [
            int(number) for number in raw["payouts"].split(";")]}
            for raw in _rows(DATA / spec["companies"])}
    lines += _table("rules", rules)
    return "\n".join(lines).rstrip("\n") + "\n"


def specs() -> dict[str, dict[str, Any]]:
    with (DATA / "boards.toml").open("rb") as file:
        return tomllib.load(file)


#: The shipped maps written by hand, listed first in the index.
HANDWRITTEN = ("usa", "europe")


def _file_name(name: str) -> str:
    return f"{name.replace('-', '_')}.toml"


def index(texts: Mapping[str, str]) -> str:
    """The index of the shipped maps: what the lobby and `--maps` list without reading a map."""
    lines = ["# The shipped maps, in the order they are offered; built by tools/build_boards.py",
             "# from the map files beside it.", ""]
    for name, text in texts.items():
        board = map_from_toml(text)
        entry = {"file": _file_name(name), "title": board.title,
                 "other_names": list(board.other_names), "players": list(board.rules.players),
                 "team_size": board.rules.team_size, "standing": board.standing,
                 "missing": {missing.rule: missing.count for missing in board.missing},
                 "tickets": len(board.tickets)}
        lines += _table(_key(name), entry, nest=False)
    return "\n".join(lines).rstrip("\n") + "\n"


def built_maps() -> dict[Path, str]:
    """Every board's map file path and text, as built from the data, and the index."""
    handwritten = {name: (MAPS / _file_name(name)).read_text(encoding="utf-8")
                   for name in HANDWRITTEN}
    europe = tomllib.loads(handwritten["europe"])
    built = {name: build(name, spec, europe) for name, spec in specs().items()}
    files = {MAPS / _file_name(name): text for name, text in built.items()}
    files[MAPS / "index.toml"] = index({**handwritten, **built})
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a shipped map is not its build")
    args = parser.parse_args(argv)
    stale = []
    for path, text in built_maps().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path.name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    verb = "differ from their build" if args.check else "written"
    print(f"{len(stale)} map files {verb}" + (f": {', '.join(stale)}" if stale else ""))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
