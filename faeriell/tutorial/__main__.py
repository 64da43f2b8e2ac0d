import sys

from faeriell.tutorial.check import main

sys.exit(main())
