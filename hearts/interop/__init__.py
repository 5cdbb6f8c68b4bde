"""Bridges to other Hearts engines (optional dependencies, imported lazily).

- :mod:`hearts.interop.openspiel`: DeepMind OpenSpiel's ``hearts`` game
  (install the ``compare`` extra: ``pip install hearts-tutor[compare]``).
"""

from __future__ import annotations

__all__: list[str] = []
