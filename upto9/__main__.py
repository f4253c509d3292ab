"""``python -m upto9``: the command line (see ``upto9.cli``)."""

import sys

from upto9.cli import main

if __name__ == "__main__":
    sys.exit(main())
