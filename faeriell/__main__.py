"""python -m faeriell: the same as the `faeriell` command (python main.py in a checkout)."""
import sys

from faeriell.cli import main

sys.exit(main())
