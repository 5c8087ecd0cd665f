"""`python -m companion`: the same as the `companion` command."""

import sys

from companion.cli.main import main

sys.exit(main())
