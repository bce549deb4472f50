"""`python -m savanna ...`: the same as the `savanna` command."""

import sys

from savanna.cli import main

sys.exit(main())
