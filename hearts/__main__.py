"""``python -m hearts``: self-play and strategy experiments from the command line.

The ``hearts`` console script runs :func:`main` too. See :mod:`hearts.cli`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["main"]

_STOPPED = {
    "en": "Stopped (Ctrl+C) before the end; nothing was saved.",
    "es": "Detenido (Ctrl+C) antes del final; no se guardó nada.",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (:func:`hearts.cli.main`); Ctrl+C while it starts up ends it with one line, status 130.

    The command line imports pandas and the rest for a few seconds before it
    runs anything; a Ctrl+C then is not a traceback either.
    """
    try:
        from hearts.cli import main as run
    except KeyboardInterrupt:
        args = list(sys.argv[1:] if argv is None else argv)
        lang = args[args.index("--lang") + 1] if "--lang" in args[:-1] else "en"
        print(_STOPPED.get(lang, _STOPPED["en"]), file=sys.stderr, flush=True)
        return 130
    try:
        return run(argv)
    except BrokenPipeError:  # the reader of the output went away (| head): end as a shell command does, quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
