"""The optional parts of pnp: a plain install draws, lints and checks; the 3x16 solver's exact stage (OR-Tools'
CP-SAT, `pnp[solver]`), the simulators' charts (matplotlib, `pnp[lab]`) and balance sweeps on a Dask cluster
(distributed, `pnp[cluster]`) are extras. A command that needs one
this install lacks stops with one line saying how to get it (exit 2, a usage error: nothing was wrong with the
input)."""
from __future__ import annotations

from importlib import import_module
from types import ModuleType

#: extra -> (the module it brings, what a person installs)
EXTRAS = {"solver": ("ortools", "ortools"), "lab": ("matplotlib", "matplotlib"),
          "cluster": ("distributed", "distributed")}


class MissingExtra(Exception):
    """A command needs an extra that is not installed."""

    def __init__(self, extra: str, what: str) -> None:
        super().__init__(extra, what)
        self.extra, self.what = extra, what

    def __str__(self) -> str:
        package = EXTRAS[self.extra][1]
        return (f"{self.what} needs pnp's '{self.extra}' extra ({package}), which this install lacks: "
                f"pipx install '.[{self.extra}]' (or pip install {package})")


def need(module: str, extra: str, what: str) -> ModuleType:
    """`module` imported, or MissingExtra when the extra that brings it is not installed."""
    try:
        return import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] == EXTRAS[extra][0]:
            raise MissingExtra(extra, what) from None
        raise
