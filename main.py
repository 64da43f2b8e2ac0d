#!/usr/bin/env python3
"""Sons of Faeriell: open the table from a source checkout (`pip install .` gives the same as the
`faeriell` command). Every option: python main.py --help; the code is faeriell/cli.py."""
import sys

from faeriell.cli import *  # noqa: F401,F403  (tests and tools read main.parse_args etc.)
from faeriell.cli import main

if __name__ == "__main__":
    sys.exit(main())
