"""The layers of the project, kept by import-linter's contracts in `pyproject.toml`: the engine
and the drivers know nothing of the project, and each package of companion/ imports only the
ones below it (CI runs `lint-imports` too)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: A contract the code breaks: the table opens the journal, so it does import the state.
BROKEN = """
[tool.importlinter]
root_packages = ["companion"]

[[tool.importlinter.contracts]]
name = "the table without the state"
type = "forbidden"
source_modules = ["companion.table"]
forbidden_modules = ["companion.state"]
"""


def lint_imports(*config: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "import sys; from importlinter.cli import "
               "lint_imports_command; sys.exit(lint_imports_command())", "--no-cache",
               "--no-logo", *config]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_every_contract_of_the_project_is_kept() -> None:
    done = lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_a_broken_contract_is_found(tmp_path: Path) -> None:
    config = tmp_path / "broken.toml"
    config.write_text(BROKEN, encoding="utf-8")
    done = lint_imports(str(config))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 broken" in done.stdout and "companion.table" in done.stdout
