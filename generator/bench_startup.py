"""Benchmark for `make bench`: the start-up a person waits for.

`pnp check RECORD` on one record does about 1 ms of checking; the rest is starting Python, importing and reading
the content. So the targets are on the whole command, as a person runs it: the CPU seconds of the child process
(`pnp` and anything it starts, from `RUSAGE_CHILDREN`; on a shared machine the wall clock says more about the
neighbours than about pnp), the median of several runs taken in turn with `python -c pass` in the same run, after
one untimed run of each (bytecode and the content cache written, as from a user's second run on).

Targets: `pnp check` on each shipped example at most 5x `python -c pass` and at most 0.15 s; `pnp --help` and
`pnp --version` at most 0.10 s; `pnp lint` on the shipped content at most 1.5 s, both as it is run again on content
that has not changed (what it drew is kept: render/core/fit_kept.py) and after a translator's edit to one language
file (a copy of the content, `travel/ko.yaml` changed before each run: that language is drawn again). A lint with
nothing kept (an empty cache folder: the first run after installing) is reported without a target.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Callable, NamedTuple

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
    """One command line to time, the exit codes it may end with (a broken example record exits 1), and what to do
    (untimed) before each run."""

    label: str
    argv: tuple[str, ...]
    exits: frozenset[int] = frozenset({0})
    before: Callable[[], dict[str, str]] | None = None  # -> environment variables for this run


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
    env = {**environment(), **(command.before() if command.before is not None else {})}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command.argv, cwd=cwd, env=env, capture_output=True, text=True)
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
    models = Command("pydantic", (sys.executable, "-c", "from pydantic import BaseModel"))
    quick = [Command("pnp --help", (*own, "--help")), Command("pnp --version", (*own, "--version"))]
    checks = [Command(f"pnp check {path.name}", (*own, "check", str(path)), frozenset({0, 1})) for path in examples]
    lint = Command("pnp lint", (*own, "lint"))
    with files.scratch() as tmp:  # no ./content there: the shipped content is the one used
        cwd = tmp.real
        cpu = medians([bare, models, *quick, *checks], RUNS, cwd)
        cpu |= medians([lint], LINT_RUNS, cwd)
        files.copy_tree(files.package(shipped("content")), cwd / "edited", skip=lambda name: name == "__pycache__")
        edited = Command("pnp lint, one language file edited", (*own, "lint", "--content", str(cwd / "edited")),
                         before=_edit(files.content(cwd / "edited")))
        fresh = Command("pnp lint, nothing kept", (*own, "lint"), before=_fresh_cache(tmp))
        cpu |= medians([edited, fresh], LINT_RUNS, cwd)
    base = cpu[bare.label]
    load = os.getloadavg()[0]
    how = f"CPU of the child process, median of {RUNS} runs in turn; load average {load:.1f} on {os.cpu_count()} CPUs"
    rows: list[Row] = [{"name": "python -c pass (the bare interpreter)", "value": round(base, 3), "unit": "s CPU",
                        "target": "-", "ok": True, "detail": how}]
    seconds = cpu[models.label]
    rows.append({"name": "python -c 'from pydantic import BaseModel' (what `pnp check` pays before validating any "
                 "content: the content models are pydantic's)", "value": round(seconds / base, 1), "unit": "x",
                 "target": "-", "ok": True, "detail": f"{seconds:.3f} s CPU"})
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
    rows.append({"name": "pnp lint (the shipped content, unchanged since the last run)", "value": round(seconds, 2),
                 "unit": "s CPU", "target": f"<= {LINT_SECONDS:g} s", "ok": seconds <= LINT_SECONDS,
                 "detail": f"median of {LINT_RUNS} runs"})
    seconds = cpu[edited.label]
    rows.append({"name": "pnp lint after an edit to travel/ko.yaml (that language drawn again)",
                 "value": round(seconds, 2), "unit": "s CPU", "target": f"<= {LINT_SECONDS:g} s",
                 "ok": seconds <= LINT_SECONDS, "detail": f"median of {LINT_RUNS} runs, each after its own edit"})
    seconds = cpu[fresh.label]
    rows.append({"name": "pnp lint with nothing kept (an empty cache folder: the first run)",
                 "value": round(seconds, 2), "unit": "s CPU", "target": "-", "ok": True,
                 "detail": f"median of {LINT_RUNS} runs; every font parsed, every piece drawn"})
    return rows


def _edit(content: files.Root) -> Callable[[], dict[str, str]]:
    """Before each run: a translator's edit to travel/ko.yaml (a comment line added, so the file is new to the cache
    and the words are the same)."""
    count = iter(range(1_000_000))

    def edit() -> dict[str, str]:
        text = content.text_of("travel/ko.yaml")
        content.write("travel/ko.yaml", (text + f"# edit {next(count)}\n").encode("utf-8"))
        return {}

    return edit


def _fresh_cache(tmp: files.Root) -> Callable[[], dict[str, str]]:
    """Before each run: an empty cache folder of its own (`PNP_CACHE`)."""
    count = iter(range(1_000_000))
    return lambda: {"PNP_CACHE": str(tmp.real / f"cache-{next(count)}")}


if __name__ == "__main__":
    for row in run():
        print(row)
