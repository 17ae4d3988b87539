"""The `pnp` console script: the commands a person runs most, started without building the Typer app.

`pnp check RECORD` does about a millisecond of checking; importing Typer and building every command would cost a
hundred times that. So `pnp --version` and a `pnp check` whose every argument is plainly well-formed run here,
with the standard library alone; anything else (`--help`, a malformed or repeated option, another command) goes to
the Typer app in generator/cli.py, which gives the usage messages. Both run the same function
(generator.check.run), and tests/test_launch.py holds their outputs equal.
"""
from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from typing import NamedTuple

from .errors import EXIT_USAGE
from .limits import MOST_NODES, MOST_SECONDS

#: the options of every check (generator/cli.py's check command), then the shipped games' checker options
#: (registry.CheckOption: `nodes` is `--nodes`, generator/cli_options.py)
OPTIONS = ("--lang", "--format", "--content", "--nodes", "--time-limit")
WHOLE = re.compile(r"[0-9]{1,11}")
DECIMAL = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,9})?")


class Check(NamedTuple):
    """A `pnp check` command line, read."""

    record: Path
    lang: str = "en"
    json_format: bool = False
    content_dir: Path | None = None
    nodes: int | None = None
    time_limit: float | None = None


def read_check(args: list[str]) -> Check | None:
    """The arguments after `check`, when each is one the Typer command would take as it is written here; None for
    anything else (which the Typer command then reads, and refuses or explains)."""
    record: str | None = None
    values: dict[str, str] = {}
    rest = iter(args)
    for arg in rest:
        if not arg.startswith("-"):
            if record is not None:
                return None
            record = arg
            continue
        name, equals, value = arg.partition("=")
        if name not in OPTIONS or name in values:
            return None
        if not equals:
            following = next(rest, None)
            if following is None or following.startswith("-"):
                return None
            value = following
        values[name] = value
    if record is None or not record or values.get("--format", "text") not in ("text", "json"):
        return None
    content = values.get("--content")
    if content is not None and (not content or Path(content).is_file()):
        return None
    nodes, seconds = values.get("--nodes"), values.get("--time-limit")
    if nodes is not None and not (WHOLE.fullmatch(nodes) and int(nodes) <= MOST_NODES):
        return None
    if seconds is not None and not (DECIMAL.fullmatch(seconds) and math.isfinite(float(seconds))
                                    and float(seconds) <= MOST_SECONDS):
        return None
    return Check(Path(record), values.get("--lang", "en"), values.get("--format") == "json",
                 Path(content) if content is not None else None, int(nodes) if nodes is not None else None,
                 float(seconds) if seconds is not None else None)


def quick(args: list[str]) -> int | None:
    """Run `args` here when they are `--version` or a plain `check`, returning the exit code; else None."""
    if args == ["--version"]:
        from . import __version__

        print(f"pnp {__version__}")
        return 0
    if not args or args[0] != "check":
        return None
    check = read_check(args[1:])
    if check is None:
        return None
    from .check import UnknownLanguage, run

    options = {name: value for name, value in (("nodes", check.nodes), ("time_limit", check.time_limit))
               if value is not None}
    try:
        return run(check.record, check.lang, check.json_format, check.content_dir, **options)
    except UnknownLanguage:  # a usage error: the Typer command says it, as it says every option's
        return None


def main() -> None:
    from .extras import MissingExtra

    try:
        code = quick(sys.argv[1:])
    except MissingExtra as exc:
        print(f"Error: {exc}", file=sys.stderr)
        sys.exit(EXIT_USAGE)
    if code is not None:
        sys.exit(code)
    from .cli import main as typer_main

    typer_main()
