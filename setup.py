"""Build hook for the optional native kernel (everything else is in pyproject.toml).

``hearts._kernel`` is compiled where a C compiler exists; where it does not, the
build goes on without it (``optional=True``) and :mod:`hearts.sim` uses its
pure-Python path.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("hearts._kernel", ["hearts/_kernel.c"], optional=True)])
