"""``python -m hearts``: self-play and strategy experiments from the command line.

The ``hearts`` console script runs :func:`main` too. See :mod:`hearts.cli`.
"""

from __future__ import annotations

import sys

from hearts.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
