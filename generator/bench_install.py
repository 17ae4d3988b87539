"""Benchmark for `make bench`: how much disk a player's install takes, the `make pdf` venv.

The set is what `make pdf` installs: pnp's own distribution (`generator`) and, recursively, each distribution its
requirements name (a requirement of an extra only when that extra is asked for, as `reportlab[accel]` asks for
`rl_accel`; other conditions, such as a platform, are not evaluated: a dependency counts when it is installed here,
which can only overcount). Each is measured as `du` measures a folder (blocks on disk, MiB): the files its RECORD
lists, and the byte-code Python has written beside them so far (in a venv that has run the tests, more than a
player's). An editable install's own source stays in the checkout, outside the venv, as in `make pdf`'s.

Target: at most 150 MiB (issue 31). A venv made by `make pdf` with the host's pip holds no pip or setuptools of its
own (Makefile); one that holds them (a test venv: pip is a test tool) has them named in the detail, not counted.
"""
from __future__ import annotations

import re
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path

from . import files

TARGET_MIB = 150.0
PROJECT = "generator"
#: what a venv holds for installing, not for running pnp
INSTALLERS = ("pip", "setuptools")
_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?")
_EXTRA = re.compile(r"""extra\s*==\s*['"]([^'"]+)['"]""")

Row = dict[str, object]


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(project: str = PROJECT) -> dict[str, Distribution]:
    """The installed distributions `project` needs, itself included, by normalised name."""
    found: dict[str, Distribution] = {}
    wanted: list[tuple[str, frozenset[str]]] = [(project, frozenset())]
    asked: set[tuple[str, frozenset[str]]] = set()
    while wanted:
        name, extras = wanted.pop()
        if (_key(name), extras) in asked:
            continue
        asked.add((_key(name), extras))
        try:
            dist = found.get(_key(name)) or distribution(name)
        except PackageNotFoundError:
            continue  # a condition this platform does not meet (or a broken install): nothing on disk
        found[_key(name)] = dist
        for requirement in dist.requires or []:
            spec, _, marker = requirement.partition(";")
            extra = _EXTRA.search(marker)
            if extra is not None and extra.group(1) not in extras:
                continue
            named = _NAME.match(spec)
            if named:
                wanted.append((named.group(1), frozenset(part.strip() for part in (named.group(2) or "").split(",")
                                                          if part.strip())))
    return found


def on_disk(dist: Distribution) -> int:
    """Bytes on disk (blocks, as `du` counts) of the files `dist` installed and the byte-code written beside them
    (a file its RECORD lists that is not there counts nothing)."""
    paths = {Path(str(dist.locate_file(entry))) for entry in dist.files or []}
    folders = {path.parent for path in paths if path.suffix == ".py"}
    compiled = {folder / "__pycache__" / name for folder in folders
                for name in files.package(folder).names("__pycache__", ".pyc")}
    return sum(files.package(path.parent).blocks(path.name) or 0 for path in paths | compiled)


def run() -> list[Row]:
    dists = closure()
    sizes = {name: on_disk(dist) for name, dist in dists.items()}
    total = sum(sizes.values()) / 2**20
    biggest = ", ".join(f"{name} {size / 2**20:.0f}" for name, size in sorted(sizes.items(), key=lambda i: -i[1])[:4])
    extra = []
    for name in INSTALLERS:
        try:
            extra.append(f"{name} {on_disk(distribution(name)) / 2**20:.0f}")
        except PackageNotFoundError:
            pass
    installers = (f"; this venv also holds {' and '.join(extra)} MiB of installers (not counted: `make pdf` installs "
                  "from the host's pip)") if extra else ""
    return [{"name": "the make pdf venv: pnp's installed dependencies and their byte-code", "value": round(total, 1),
             "unit": "MiB", "target": f"<= {TARGET_MIB:g} MiB", "ok": total <= TARGET_MIB,
             "detail": f"{len(dists)} distributions, largest (MiB): {biggest}{installers}"}]


if __name__ == "__main__":
    for row in run():
        print(row)
