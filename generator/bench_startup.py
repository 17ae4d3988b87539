"""Benchmark for `make bench`: the start-up a person waits for.

`pnp check RECORD` on one record does about 1 ms of checking; the rest is starting Python, importing and reading
the content. So the targets are on the whole command, as a person runs it: the CPU seconds of the child process
(`pnp` and anything it starts, from `RUSAGE_CHILDREN`; on a shared machine the wall clock says more about the
neighbours than about pnp), the median of several runs taken in turn with `python -c pass` in the same run, after
one untimed run of each (bytecode and the content cache written, as from a user's second run on).

Targets: `pnp check` on each shipped example at most 5x `python -c pass` and at most 0.15 s; `pnp --help` and
`pnp --version` at most 0.10 s; `pnp lint` on the shipped content at most 1.5 s.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from . import files
from .bench import Row
from .content.folders import shipped

RUNS = 7
LINT_RUNS = 3
CHECK_RATIO = 5.0
CHECK_SECONDS = 0.15
QUICK_SECONDS = 0.10
LINT_SECONDS = 1.5

class Command(NamedTuple):
    """One command line to time, and the exit codes it may end with (a broken example record exits 1)."""

    label: str
    argv: tuple[str, ...]
    exits: frozenset[int] = frozenset({0})


def pnp() -> tuple[str, ...]:
    """`pnp` as installed beside this Python (the console script a person runs), else `python -m generator`."""
    script = Path(sys.executable).with_name("pnp")
    return (str(script),) if script.is_file() else (sys.executable, "-m", "generator")


def environment() -> dict[str, str]:
    """A default Python's environment: bytecode is cached even where the calling shell turned that off."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("COLUMNS", "100")
    return env


def child_cpu(command: Command, cwd: Path) -> float:
    """CPU seconds (user + system) of one run of `command` and every process it waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command.argv, cwd=cwd, env=environment(), capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in command.exits or "Traceback" in done.stderr:
        raise RuntimeError(f"{command.label} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(commands: list[Command], runs: int, cwd: Path) -> dict[str, float]:
    """The median CPU seconds of each command over `runs` runs, taken in turn so load falls on all alike."""
    for command in commands:  # untimed: bytecode and caches written once
        child_cpu(command, cwd)
    seconds: dict[str, list[float]] = {command.label: [] for command in commands}
    for _ in range(runs):
        for command in commands:
            seconds[command.label].append(child_cpu(command, cwd))
    return {label: statistics.median(values) for label, values in seconds.items()}


def run() -> list[Row]:
    own = pnp()
    examples = [shipped("examples") / name for name in files.package(shipped("examples")).names("", ".yaml")]
    bare = Command("python -c pass", (sys.executable, "-c", "pass"))
    quick = [Command("pnp --help", (*own, "--help")), Command("pnp --version", (*own, "--version"))]
    checks = [Command(f"pnp check {path.name}", (*own, "check", str(path)), frozenset({0, 1})) for path in examples]
    lint = Command("pnp lint", (*own, "lint"))
    with files.scratch() as tmp:  # no ./content there: the shipped content is the one used
        cwd = tmp.real
        cpu = medians([bare, *quick, *checks], RUNS, cwd)
        cpu |= medians([lint], LINT_RUNS, cwd)
    base = cpu[bare.label]
    load = os.getloadavg()[0]
    how = f"CPU of the child process, median of {RUNS} runs in turn; load average {load:.1f} on {os.cpu_count()} CPUs"
    rows: list[Row] = [{"name": "python -c pass (the bare interpreter)", "value": round(base, 3), "unit": "s CPU",
                        "target": "-", "ok": True, "detail": how}]
    for command in quick:
        seconds = cpu[command.label]
        rows.append({"name": command.label, "value": round(seconds, 3), "unit": "s CPU",
                     "target": f"<= {QUICK_SECONDS:g} s", "ok": seconds <= QUICK_SECONDS,
                     "detail": f"{seconds / base:.1f}x python -c pass"})
    for command in checks:
        seconds = cpu[command.label]
        ratio = seconds / base
        rows.append({"name": f"{command.label}: CPU / python -c pass", "value": round(ratio, 1), "unit": "x",
                     "target": f"<= {CHECK_RATIO:g}x and <= {CHECK_SECONDS:g} s",
                     "ok": ratio <= CHECK_RATIO and seconds <= CHECK_SECONDS,
                     "detail": f"{seconds:.3f} s CPU"})
    seconds = cpu[lint.label]
    rows.append({"name": "pnp lint (the shipped content)", "value": round(seconds, 2), "unit": "s CPU",
                 "target": f"<= {LINT_SECONDS:g} s", "ok": seconds <= LINT_SECONDS,
                 "detail": f"median of {LINT_RUNS} runs"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
