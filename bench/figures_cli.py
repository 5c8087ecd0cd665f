"""The command line every figure module shares: `--quick`, `--json`, else a table printed.

    sys.exit(figures_main(__doc__, run, show))
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any


def figures_main(doc: str | None, run: Callable[[bool], Any], show: Callable[[Any], None],
                 quick_help: str = "a short run", argv: list[str] | None = None) -> int:
    """Parse the options, measure (`run(quick)`), then print the figures as JSON or `show`."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = run(args.quick)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        show(figures)
    return 0
