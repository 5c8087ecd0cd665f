"""A table run in phases, for counting what reaches the disk and the display bus.

    python bench/table_probe.py STATE_DIR [--game GAME] [--players N] [--moves N] [--map MAP]

Run by bench/bench_gentle.py in a child process, under `strace` when it is installed, with the
code under test first on PYTHONPATH (so the same probe measures this checkout or an older one).
Each phase starts with a marker the tracer sees, `access("/bench-marker/PHASE")`:

- first-start: a table opens on an empty state folder (simulated devices, a new game) and the
  desktop's box of tags is enrolled, as `companion run` does on a desktop;
- presses: 20 presses of up and down that complete no move, each stepped through the loop;
- moves: the demo game's moves entered tap by tap and press by press through the loop, each
  move marked too, `access("/bench-move/N")`, so that the syncs of each move can be told;
- end: the table closes.

It prints one JSON line: the moves entered, the bytes this process wrote (Linux /proc
`wchar`) in each phase, the journal's write-ahead log size, and the bytes an SSD1306 on a
counting bus received for the frames of the moves phase, against luma's full frames.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import sys
from pathlib import Path
from typing import Any

MARKER = "/bench-marker/"
MOVE_MARKER = "/bench-move/"


def mark(phase: str) -> None:
    """A syscall the tracer sees, naming the phase that starts."""
    os.access(MARKER + phase, os.F_OK)


def written_bytes() -> int | None:
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def bus_bytes(frames: list[bytes], size: tuple[int, int],
              screens: list[Any] | None = None) -> dict[str, Any]:
    """Bytes an SSD1306 on a counting interface received per frame change, through the
    display driver on the path, and what luma's full `display()` sends per frame; apart,
    the changes that touch at most 3 of the 8 pages (a line, a cursor) and the others (a
    new screen, a notice coming or going); with the screen shown by each frame, the bytes
    by kind of change (bench/bus_kinds.py)."""
    # Beside this script (its folder is first on the path), whichever checkout is measured.
    from bus_kinds import breakdown, transition_kind
    from PIL import Image

    from drivers.display import OledDisplay
    from drivers.luma_devices import interface_target
    from drivers.panel_pages import pages_of
    from drivers.sim.display import CountingInterface

    interface = CountingInterface()
    display = OledDisplay(interface_target("ssd1306", interface), queue.Queue())
    display.open()
    changes = 0
    before = 0
    kinds = {"small": [0, 0], "large": [0, 0]}  # changes, bytes
    by_kind: list[tuple[str, int]] = []
    try:
        previous: bytes | None = None
        previous_screen: Any = None
        previous_pages: list[bytes] = []
        for index, data in enumerate(frames):
            if index == 1:
                before = interface.total_bytes  # the first frame goes whole on any driver
            if data == previous:
                continue
            image = Image.frombytes("1", size, data)
            pages = pages_of(image)
            sent = interface.total_bytes
            display.show(image)
            if index > 0:
                changes += 1
                touched = sum(old != new for old, new in zip(previous_pages, pages))
                kind = kinds["small" if touched <= 3 else "large"]
                kind[0] += 1
                kind[1] += interface.total_bytes - sent
                if screens is not None:
                    by_kind.append((transition_kind(previous_screen, screens[index]),
                                    interface.total_bytes - sent))
            previous, previous_pages = data, pages
            previous_screen = None if screens is None else screens[index]
        total = interface.total_bytes - before
    finally:
        display.close()
    return {"frame_changes": changes, "bytes": total,
            "per_change": round(total / changes, 1) if changes else None,
            **{f"{name}_changes": count for name, (count, _) in kinds.items()},
            **{f"per_{name}_change": round(sent / count, 1) if count else None
               for name, (count, sent) in kinds.items()},
            "kinds": breakdown(by_kind) if screens is not None else None}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("state_dir", type=Path)
    parser.add_argument("--game", default="freight-train")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=0, help="at most this many (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", help="a shipped map's name or a map file, as `--map` of "
                        "`companion demo`")
    args = parser.parse_args()

    from companion.desktop.demo import PLAYER_NAMES, demo_deck, enroll_deck
    from companion.desktop.keyboard import enroll_desktop_tags
    from companion.flows.automaton import enter_move, physical_moves
    from companion.flows.inputs import Input, Press, Tap
    from companion.games import autopilot
    from companion.games.map_choices import map_option
    from companion.state.paths import JOURNAL_FILE
    from companion.table.build import open_table
    from drivers.events import ButtonPressed, ButtonReleased, TagPlaced, TagRemoved
    from engine.registry import GAMES

    names = PLAYER_NAMES[:args.players]
    options = {"map_name": map_option(args.game, args.map)} if args.map else None
    frames: list[bytes] = []
    screens: list[Any] = []  # the screen each frame shows
    written: dict[str, int | None] = {}

    def phase(name: str) -> None:
        mark(name)
        written[name] = written_bytes()

    def on_frame(image: Any) -> None:
        frames.append(image.convert("1").tobytes())
        # An older checkout's loop has no `shown_screen`: its own name for the same screen.
        loop = table.loop
        screens.append(getattr(loop, "shown_screen", getattr(loop, "_last_screen", None)))

    phase("first-start")
    table = open_table(state_dir=args.state_dir, game=args.game, players=names, language="en",
                       options=options, on_frame=on_frame)
    size = table.drivers.display.size
    table.loop.refresh()
    enroll_desktop_tags(table.registry)
    deck = demo_deck(args.game, options)
    enroll_deck(table.registry, args.game, deck)  # the desktop box, and a map file's tickets
    loop, session = table.loop, table.app.session
    last_tap: list[str] = []

    def send(item: Input) -> None:
        if isinstance(item, Tap):
            loop.step(TagPlaced("reader", item.uid))
            loop.step(TagRemoved("reader", item.uid))
            last_tap[:] = [item.uid]
        elif isinstance(item, Press):
            loop.step(ButtonPressed(item.button))
            loop.step(ButtonReleased(item.button, held=False))
        else:
            raise TypeError(f"the probe does not send {item!r}")

    def uid_for(kind: str, value: str) -> str:
        return deck.pick(kind, value, table.app.flow.in_play() | set(last_tap))

    phase("presses")
    for press in range(20):
        send(Press("down" if press % 2 == 0 else "up"))
    moves_at = session.event_count

    phase("moves")
    del frames[:-1]  # the last frame shown is where the moves start from
    del screens[:-1]
    moves = physical_moves(GAMES[args.game], names, args.seed, options)
    if args.moves:
        moves = moves[:args.moves]
    for number, goal in enumerate(moves[session.event_count:], start=1):
        os.access(f"{MOVE_MARKER}{number}", os.F_OK)
        enter_move(goal, lambda goal: autopilot.next_input(table.app.flow, session.state, goal,
                                                               uid_for),
                   send, lambda: session.event_count)
    entered = session.event_count - moves_at

    phase("end")
    wal = args.state_dir / (JOURNAL_FILE + "-wal")
    wal_bytes = wal.stat().st_size if wal.exists() else 0
    table.close()
    deltas = {}
    order = ["first-start", "presses", "moves", "end"]
    for start, stop in zip(order, order[1:]):
        first, last = written.get(start), written.get(stop)
        deltas[start] = None if first is None or last is None else last - first
    print(json.dumps({
        "game": args.game, "players": len(names), "moves": entered,
        "presses": 20, "written_bytes": deltas, "wal_bytes": wal_bytes,
        "bus": bus_bytes(frames, size, screens),
    }), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
