"""Which modules run compiled: setup.py compiles the modules each shipped game's spec names (`compiled`) with
Cython when it builds a wheel (`pip install .`, `pipx install .`).

The source is the same and its annotations stay documentation; a `.pxd` file beside a module may declare its
classes as C types with the same fields (tests/test_compiled.py). A compiled module only runs faster (the
README gives how much). An editable checkout (`make setup`) runs them as plain Python, so an edit is never hidden
by a stale build, and a machine without a C compiler installs plain Python too.
"""
from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec

from .games import registry


def compiled_names() -> list[str]:
    """Every module a built wheel compiles, game by game."""
    return [name for game in registry.SHIPPED for name in registry.spec(game).compiled]


def compiled_modules() -> list[str]:
    """The compiled_names() that this installation has as extension modules (found, not imported)."""
    return [name for name in compiled_names()
            if (found := find_spec(name)) is not None and str(found.origin).endswith(tuple(EXTENSION_SUFFIXES))]


def build_label() -> str:
    """"12 of 12 modules compiled" (for `pnp --version` and the benchmarks)."""
    return f"{len(compiled_modules())} of {len(compiled_names())} modules compiled"
