"""Every command line of the README and of the docs runs as written, or the test says why not.

The command lines are those of the ```sh blocks of README.md and of every page under docs/, of
their indented blocks and their inline code that starts with a command. Each one is either run
(in a temporary folder, with HOME and the state folder in it, every device simulated), or a
synopsis (it shows placeholders such as FILE or [--json]: its options must exist, and one whose
brackets hold no placeholder is run with and without them), or listed below as skipped by
design with the reason. A command the test does not know fails it, so a new command in the
docs gets a check. Each page is a test of its own, named by its path, and every failure names
the page the command is on.

The demos are slow on two cores but mostly wait on their simulated devices: they are started
together once, and each mention of one reads the shared result.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.cli.main import build_parser
from companion.config import DEFAULT_PATH
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
#: The pages whose commands are checked: the README, then the docs, by path.
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
COMPANION = [sys.executable, "-m", "companion"]
#: How the docs name the programs, and what runs them here.
PROGRAMS = {
    "companion": COMPANION,
    ".venv/bin/companion": COMPANION,
    "python": [sys.executable],
    "python3": [sys.executable],
    ".venv/bin/python": [sys.executable],
}
#: Commands that cannot run as written on a desktop test, by their start, with the reason.
SKIPPED = {
    ".venv/bin/python -m pytest": "the test suite itself, which this test is part of",
    "python -m pytest": "the test suite itself, which this test is part of",
    "python3 -m venv .venv": "the install: the tests already run in an installed environment",
    ".venv/bin/pip install": "installs from the package index; tests use no network",
    "pip install": "installs on a Raspberry Pi from the package index; tests use no network",
    "python3 -m venv --system-site-packages": "the install on a Raspberry Pi",
    "sudo ": "changes the system (apt, /etc/systemd, systemctl): done once on the Pi",
    "journalctl ": "reads the service's log on the Pi, and follows it forever",
    "systemd-analyze ": "needs systemd; test_systemd_unit checks the unit file",
    "python -m companion.i18n.catalog update": "rewrites the catalogue in the source tree; "
                                               "`check` below proves it is up to date",
    "python -m companion.i18n.catalog compile": "rewrites companion.mo in the source tree; "
                                                "test_i18n_catalog checks it matches",
    "systemd/install.sh --dry-run": "tests/packaging/test_install_script.py runs the dry run "
                                    "and checks its steps",
    "UPDATE_GOLDEN=1 ": "rewrites the golden frames, deliberately",
    "companion web": "serves until stopped; test_web_api.py and test_web_browser.py run it",
    "companion tags scan": "waits for a tag laid on the reader; test_tags_scan.py lays one on "
                           "the simulated reader",
    "companion abandon": "ends the game in progress, which a fresh state folder has none of; "
                         "test_game_endings.py runs it on one, and its refusals",
    "companion finish": "ends the game in progress, which a fresh state folder has none of; "
                        "test_game_endings.py runs it on one, and its refusals",
    "python bench/": "benchmarks run for minutes on a busy machine; CI runs `bench/run.py "
                     "--quick`",
}
#: Commands named in the prose, which need their arguments (given in the lines that run).
NAMES = {"companion", "companion tally", "companion export", "companion tags",
         "companion tags import", "companion demo"}
#: A placeholder of a synopsis: FILE, GAME, FILE.csv, KEY=VALUE, FILE..., a|b choice.
_PLACEHOLDER = re.compile(r"^(?:[A-Z]+(?:\.\w+)?(?:\.\.\.)?|[A-Z]+=[A-Z]+)$")


def page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def page_commands(page: Path) -> list[str]:
    """A page's command lines, in order, one per line (a chain of `&&` kept whole)."""
    text = page.read_text(encoding="utf-8")
    found: list[tuple[int, str]] = []
    for block in re.finditer(r"```sh\n(.*?)```", text, re.S):
        # Each line at its own place, so a block's lines keep their order.
        found += [(block.start(1) + line.start(), line.group())
                  for line in re.finditer(r"(?m)^.*$", block.group(1))]
    prose = re.sub(r"```.*?```", lambda block: " " * len(block.group()), text, flags=re.S)
    for indented in re.finditer(r"(?m)^    (\S.*)$", prose):
        found.append((indented.start(), indented.group(1)))
    programs = {*PROGRAMS, "sudo", "pip", "journalctl", "systemd-analyze"}
    for span in re.finditer(r"`([^`]+)`", prose):
        words = " ".join(span.group(1).split())
        if words.split()[0] in programs or words.startswith("UPDATE_GOLDEN="):
            found.append((span.start(), words))
    commands = []
    for _, line in sorted(found):
        command = line.split(" #", 1)[0].strip()
        if command and not command.startswith("#"):
            commands.append(command)
    return commands


def all_commands() -> list[tuple[str, str]]:
    """Every page's command lines, each with the page it is on: the README first."""
    return [(page_name(page), command) for page in PAGES for command in page_commands(page)]


def skipped(command: str) -> str | None:
    return next((why for start, why in SKIPPED.items() if command.startswith(start)), None)


def is_synopsis(command: str) -> bool:
    words = command.replace("[", " ").replace("]", " ").split()
    return "[" in command or any(_PLACEHOLDER.match(word) or "|" in word for word in words)


def options_of(command: list[str]) -> set[str]:
    """Every option the companion's parser accepts for the subcommand `command` names."""
    parser = build_parser()
    options = {option for action in parser._actions for option in action.option_strings}
    for word in command:
        chosen = next((action.choices[word] for action in parser._actions
                       if isinstance(action.choices, dict) and word in action.choices), None)
        if chosen is not None:
            parser = chosen
            options |= {option for action in parser._actions for option in action.option_strings}
    return options


def synopsis_forms(command: str) -> list[str]:
    """A synopsis as it runs: without its optional parts, then with them all, each form that
    has no placeholder left."""
    bare = re.sub(r"\s*\[[^\]]*\]", "", command)
    full = re.sub(r"\[([^\]]*)\]", r"\1", command)
    return [form for form in dict.fromkeys((bare, full))
            if not any(_PLACEHOLDER.match(word) or "|" in word for word in form.split())]


def forms_run(command: str) -> list[str]:
    """What the test runs for one command of a chain: nothing for a skipped command or a
    name, the forms of a synopsis, else the command itself."""
    if skipped(command) or command in NAMES:
        return []
    return synopsis_forms(command) if is_synopsis(command) else [command]


# --- Running -----------------------------------------------------------------------------------


@dataclass
class Place:
    """The temporary folder the README's commands run in."""

    root: Path
    env: dict[str, str] = field(default_factory=dict)

    @property
    def work(self) -> Path:
        return self.root / "work"

    @property
    def state(self) -> Path:
        return self.root / "state"

    def argv(self, command: str) -> list[str]:
        words = shlex.split(command)
        if words[:2] == ["companion", "run"] and DEFAULT_PATH.exists():
            # A machine with a table configured: the test must not drive its devices.
            empty = self.root / "empty.toml"
            empty.touch()
            words += ["--config", str(empty)]
        return [*PROGRAMS[words[0]], *words[1:]]

    def start(self, command: str, **env: str) -> subprocess.Popen[str]:
        return subprocess.Popen(self.argv(command), cwd=self.work, env={**self.env, **env},
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    def run(self, command: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.argv(command), cwd=self.work, env={**self.env, **env},
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              check=False)


#: The demo run in French: its progress must read French.
FRENCH_DEMO = "companion demo game-of-trains"


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Place:
    root = tmp_path_factory.mktemp("readme")
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("COMPANION_", "XDG_", "LC_", "LANG"))}
    env.update(HOME=str(root / "home"), COMPANION_STATE_DIR=str(root / "state"),
               COMPANION_LANG="en", PYTHONUNBUFFERED="1")
    (root / "work").mkdir()
    (root / "work" / "examples").symlink_to(ROOT / "examples")
    return Place(root, env)


@pytest.fixture(scope="module")
def demos(place: Place) -> Iterator[dict[str, subprocess.CompletedProcess[str]]]:
    """Every demo command of the docs, started together, each read once it has ended."""
    commands = []
    for _, line in all_commands():
        for part in line.split("&&"):
            command = part.strip()
            if " demo " in f" {command} " and not skipped(command) and not is_synopsis(command):
                commands.append(command)
    running = {command: place.start(command, **({"COMPANION_LANG": "fr"}
                                                if command == FRENCH_DEMO else {}))
               for command in dict.fromkeys(commands)}
    results = {}
    for command, child in running.items():
        out, err = child.communicate()
        results[command] = subprocess.CompletedProcess(child.args, child.returncode, out, err)
    yield results


def check_demo(place: Place, where: str, command: str,
               done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, f"{where}: {command}: {done.stderr}"
    lines = done.stdout.splitlines()
    args = shlex.split(command)
    game = args[args.index("demo") + 1]
    folder = (place.work / args[args.index("--state-dir") + 1] if "--state-dir" in args
              else place.state / f"demo-{game}")
    said = f"{where}: {command}"
    assert lines[0].endswith(str(folder.relative_to(place.work) if "--state-dir" in args
                                 else folder)), f"{said}: {lines[0]}"
    assert (folder / "journal.sqlite3").is_file(), said
    assert json.loads(lines[-1])["game"] == game, said
    progress = lines[1:-1]
    assert progress, said
    if command == FRENCH_DEMO:
        assert lines[0].startswith("Démonstration de game-of-trains"), said
        assert all(line.startswith("Coup ") and " sur " in line for line in progress), (
            f"{said}: {progress}")
    else:
        assert all(re.match(r"Move \d+ of \d+", line) for line in progress), f"{said}: {progress}"
    if "--frames" in args:
        assert list((place.work / args[args.index("--frames") + 1]).glob("*.png")), said
        again = place.run(command)  # "Run the same command again and it prints the same result"
        assert again.returncode == 0 and again.stdout.splitlines()[-1] == lines[-1], said


def test_the_readme_opens_with_the_install_and_the_tests() -> None:
    assert page_commands(README)[:2] == [
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/companion demo "
        "freight-train --seed 1 --state-dir demo-state --frames demo-state/frames",
        ".venv/bin/python -m pytest"]


def test_the_docs_show_commands_of_every_kind() -> None:
    assert len(PAGES) > 1, "the docs folder holds no page"
    commands = [command for _, command in all_commands()]
    assert "companion tags forget 04A31F2B" in commands
    assert "companion demo whistle-stop" in commands
    assert "journalctl -u companion -f" in commands
    assert any(command.startswith("python3 -m venv .venv && ") for command in commands)


def test_the_lines_that_prove_the_items_are_run() -> None:
    # The demo without --state-dir, the docs' own example, the tags, the spreadsheet export,
    # the typed-lines table's `companion run`.
    ran = {form for _, line in all_commands() for part in line.split(" && ")
           for form in forms_run(part.strip())}
    for needed in ("companion demo freight-train", "companion run", "companion games",
                   "companion tags forget 04A31F2B", "companion status --json",
                   "companion --lang fr export --format csv --excel --output parties.csv"):
        assert needed in ran


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_every_command_runs_as_written(
        page: Path, place: Place, demos: dict[str, subprocess.CompletedProcess[str]]) -> None:
    where = page_name(page)
    for line in page_commands(page):
        for part in line.split(" && "):
            command = part.strip()
            if is_synopsis(command) and not (skipped(command) or command in NAMES):
                options = options_of(shlex.split(command.replace("[", " ").replace("]", " ")))
                for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", command):
                    assert option in options, f"{where}: {command}: {option} is no option of it"
            for form in forms_run(command):
                assert shlex.split(form)[0] in PROGRAMS, (
                    f"{where}: the test does not know {command!r}")
                if form in demos:
                    check_demo(place, where, form, demos[form])
                else:
                    check(place, where, form, place.run(form, **state_for(place, form)))


def state_for(place: Place, command: str) -> dict[str, str]:
    """The journal commands read the finished game of `companion demo freight-train`; a
    recovery works on a copy of it, which the others never read."""
    words = shlex.split(command)
    demo = place.state / "demo-freight-train"
    if words[1:3] == ["journal", "recover"]:
        copy = place.root / "recovered"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(demo, copy)
        return {"COMPANION_STATE_DIR": str(copy)}
    if "tags" not in words and {"log", "status", "export"} & set(words):
        return {"COMPANION_STATE_DIR": str(demo)}
    return {}


def check(place: Place, where: str, command: str,
          done: subprocess.CompletedProcess[str]) -> None:
    """The command worked, and did what the docs say where that is cheap to see."""
    said = f"{where}: {command}"
    assert done.returncode == 0, f"{said}: {done.stderr}"
    assert "Traceback" not in done.stderr, f"{said}: {done.stderr}"
    out = done.stdout
    if command == "companion run":
        # The OLED, drawn in the terminal; the closed input ended the table.
        assert "█" in out, said
    elif command == "companion games":
        assert all(game in out for game in GAMES), f"{said}: {out}"
    elif command.startswith("companion tags import"):
        assert out.startswith("26 tags enrolled"), f"{said}: {out}"
    elif command.startswith("companion tags enroll 04:A3:1F:2B"):
        assert out.startswith("04A31F2B enrolled as"), f"{said}: {out}"
    elif command == "companion tags list":
        assert "04A31F2B\tfreight-train\twagon\tcoal" in out.splitlines(), f"{said}: {out}"
        assert "1A2B3C4D\t*\tplayer\tAna" in out.splitlines(), f"{said}: {out}"
    elif command == "companion tags list --game freight-train":
        assert "1A2B3C4D" not in out and "04A31F2B" in out, f"{said}: {out}"
    elif command == "companion tags forget 04A31F2B":
        assert out.strip() == "04A31F2B forgotten", f"{said}: {out}"
    elif command == "companion status --json":
        assert json.loads(out) == {"status": "idle"}, said  # the demo's game is over
    elif command.startswith("companion --lang fr export --format csv --excel"):
        text = (place.work / "parties.csv").read_bytes()
        assert text.startswith(b"\xef\xbb\xbfplay_uuid;play_id;game;"), said
        # The demo's three players.
        assert len(text.decode("utf-8-sig").splitlines()) == 1 + 3, said
    elif command.startswith("companion journal recover"):
        assert out.startswith("Salvaged "), f"{said}: {out}"
    elif command.startswith("python -m companion.i18n.catalog check"):
        assert "catalogues complete" in out, f"{said}: {out}"
