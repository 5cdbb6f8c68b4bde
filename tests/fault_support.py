"""Helpers for the fault tests: a small disk that fills up, and processes killed mid-write."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def small_disk(size_kib: int = 256) -> Iterator[Path | None]:
    """A folder on a tmpfs of ``size_kib`` KiB (``None`` when this machine cannot mount one).

    Mounting needs root and a kernel that allows it (true on the CI machines);
    callers without it fall back to a file-size limit (``RLIMIT_FSIZE``).
    """
    where = Path(tempfile.mkdtemp(prefix="hearts-small-disk-"))
    mount = shutil.which("mount")
    mounted = False
    if mount and os.geteuid() == 0:
        done = subprocess.run(
            [mount, "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", str(where)],
            capture_output=True,
            check=False,
        )
        mounted = done.returncode == 0
    try:
        yield where if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(where)], capture_output=True, check=False)
        shutil.rmtree(where, ignore_errors=True)


def fill(folder: Path) -> None:
    """Fill the disk holding ``folder`` until it refuses another byte."""
    with open(folder / "filler", "wb", buffering=0) as f:
        for block in (b"\0" * 4096, b"\0"):
            with contextlib.suppress(OSError):
                while f.write(block):
                    pass
