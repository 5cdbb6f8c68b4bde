"""The optional C kernel, ``hearts._kernel``: whether it is built and whether this process uses it.

The kernel is built by the ordinary ``pip install`` where a C compiler
exists (``setup.py``); without one nothing is built and every caller takes
its pure-Python path, which stays the reference. ``HEARTS_KERNEL=python`` in
the environment, read when :mod:`hearts` is first imported, chooses the
pure-Python paths even where the kernel is built. :func:`hearts.sim.kernel`
says which path is in use.

>>> isinstance(USE, bool) and (MODULE is not None or not USE)
True
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["API", "ENV_VAR", "MODULE", "USE"]

ENV_VAR = "HEARTS_KERNEL"


#: The kernel's API number this code needs: a build made from an older ``_kernel.c`` (an editable install
#: not rebuilt since) lacks functions and is left unused, as if it were not built.
API = 7


def _load() -> ModuleType | None:
    try:
        from hearts import _kernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(_kernel, "API", 0) != API:
        return None
    return _kernel  # type: ignore[no-any-return]


#: The kernel module, or ``None`` where it was not built.
MODULE: ModuleType | None = _load()

#: True when this process uses the kernel: it is built and ``HEARTS_KERNEL`` does not say ``python``.
USE: bool = MODULE is not None and os.environ.get(ENV_VAR, "").strip().lower() != "python"
