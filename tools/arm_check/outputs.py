"""Reading what the installer and the companion print (pure functions, tested natively)."""

from __future__ import annotations

import json
import re
from pathlib import Path

#: The installer's step headings: `== 3. The system user companion (systemd-sysusers)`.
STEP = re.compile(r"^== \d+\. ")
#: A doctor line about a Python package that the install should have brought.
MISSING_PACKAGE = re.compile(r"Python package '([^']+)' is missing|No module named '([^']+)'")


def where_it_stopped(output: str) -> str:
    """The last step heading the installer printed, and its last line of output."""
    lines = [line.rstrip() for line in output.splitlines() if line.strip()]
    steps = [line for line in lines if STEP.match(line)]
    step = steps[-1] if steps else "(before its first step)"
    return f"at '{step}': {lines[-1][:200] if lines else '(no output)'}"


def built_from_source(output: str) -> list[str]:
    """The distributions pip built into a wheel on the spot (`Building wheel for X (...)`)."""
    names = re.findall(r"Building wheel for (\S+) \(", output)
    return sorted(set(names))


def judge_doctor(status: int, output: str) -> tuple[str | None, list[str], list[str]]:
    """(what is wrong with doctor's run or None, the checks that passed, those that failed).

    Without hardware, the device checks fail and doctor exits with 1: that is its job. What
    must hold is that it ran to its end, read the installed configuration, could write in the
    service's state folder, and found every Python package the install should have brought.
    """
    passed = [line[4:].split(":")[0] for line in output.splitlines() if line.startswith("ok: ")]
    failed = [line[8:].split(":")[0] for line in output.splitlines()
              if line.startswith("FAILED: ")]
    if "Traceback (most recent call last)" in output:
        return "it crashed with a traceback", passed, failed
    if status not in (0, 1):
        return f"it exited with {status} (0 or 1 expected)", passed, failed
    if "configuration" not in passed:
        return "its configuration check did not pass", passed, failed
    if not any(check.startswith("state folder") for check in passed):
        return "its state folder check did not pass", passed, failed
    missing = [match[1] or match[2] for match in MISSING_PACKAGE.finditer(output)]
    if missing:
        return f"the install left out {', '.join(sorted(set(missing)))}", passed, failed
    return None, passed, failed


def result_line(output: str) -> str:
    """The demo's last line: the final tally, as JSON with its winners."""
    lines = [line for line in output.splitlines() if line.strip()]
    if not lines:
        return ""
    try:
        result = json.loads(lines[-1])
    except json.JSONDecodeError:
        return ""
    return lines[-1] if isinstance(result, dict) and "winners" in result else ""


def tally_inputs(source: Path) -> dict[str, str]:
    """The tables to tally: every one of examples/, and the inputs shown in docs/tally.md."""
    tables = {f"example-{path.name}": path.read_text()
              for path in sorted((source / "examples").glob("*.json"))}
    text = (source / "docs" / "tally.md").read_text()
    for number, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.DOTALL), 1):
        try:
            table = json.loads(block)
        except json.JSONDecodeError:
            continue
        if isinstance(table, dict) and "players" in table and "winners" not in table:
            tables[f"docs-tally-{number:02d}.json"] = block
    return tables


def newly_installed(before: str, after: str) -> list[str]:
    """Packages in the second `dpkg-query -W` listing that the first lacks ("name version")."""
    def listing(text: str) -> dict[str, str]:
        rows = (line.split("\t") for line in text.splitlines() if "\t" in line)
        return {row[0]: row[1] for row in rows if len(row) >= 3 and row[2].startswith("ii")}
    old, new = listing(before), listing(after)
    return [f"{name} {version}" for name, version in sorted(new.items()) if name not in old]
