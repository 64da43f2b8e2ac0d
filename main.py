#!/usr/bin/env python3
"""Sons of Faeriell: open the table from a source checkout (`pip install .` gives the same as the
`faeriell` command). Every option: python main.py --help; the code is faeriell/cli.py."""
import multiprocessing
import sys

from faeriell.cli import *  # noqa: F401,F403  (tests and tools read main.parse_args etc.)
from faeriell.cli import main

if __name__ == "__main__":
    # the expert's helper process (faeriell/bots/helpers.py) is spawned; a frozen build needs this
    multiprocessing.freeze_support()
    sys.exit(main())
