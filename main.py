#!/usr/bin/env python3
"""Sons of Faeriell: open the table from a source checkout (`pip install .` gives the same as the
`faeriell` command). Every option: python main.py --help; the code is faeriell/cli.py."""
import multiprocessing
import os
import sys

from faeriell.cli import *  # noqa: F401,F403  (tests and tools read main.parse_args etc.)
from faeriell.cli import main

if __name__ == "__main__":
    # the expert's helper process (faeriell/bots/helpers.py) is spawned; a frozen build needs this
    multiprocessing.freeze_support()
    # a windowed build on Windows has no console: sys.stdout and sys.stderr are None there
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (for the whole run)
    sys.exit(main())
