"""Benchmarks for `make bench`: travel check throughput and simulation throughput.

- check: actions per second replayed by `check_file` from record files (reading, YAML, notation parsing, the
  replay and the report included). An action is one action of a turn (draw, recycle, trade, steal, travel,
  get rid of a forbidden item, a special item played as an action); refused offers, drawn cards and event
  parts are not counted. The records are 4-player games with every extension, written by the greedy simulator.
- simulate: 4-player games per second with the greedy bot and every extension, on 2 worker processes.
"""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from ...content.load import load_content
from .cards import EXTENSIONS, tables_for
from .check import check_file
from .sim import simulate_one
from .stats import run_games
from .writer import Recorder

CHECK_TARGET = 100_000
SIMULATE_TARGET = 1_000


def _load() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"load average {load:.1f} on {os.cpu_count()} CPUs"


def bench_check(content, records: int = 200, seconds: float = 3.0) -> dict:
    t = tables_for(content.travel)
    everything = frozenset(EXTENSIONS)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for seed in range(records):
            text = simulate_one(t, 4, everything, 10_000 + seed, "greedy", Recorder)[1]
            path = Path(tmp) / f"game-{seed:04d}.yaml"
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        actions_per_file = []
        for path in paths:  # warm up, and make sure every record is valid
            report = check_file(str(path), content, "en")
            if not report.ok:
                raise RuntimeError(f"benchmark record {path.name} does not pass the check")
            actions_per_file.append(report.outcome.actions)
        actions = files = 0
        cpu = time.process_time()
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for path, count in zip(paths, actions_per_file):
                check_file(str(path), content, "en")
                actions += count
                files += 1
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
    rate = actions / elapsed
    return {
        "name": "travel check: actions replayed per second (parsing included)",
        "value": round(rate), "unit": "actions/s", "target": CHECK_TARGET, "ok": rate >= CHECK_TARGET,
        "detail": f"{files} checks of {records} greedy 4-player records (all extensions), "
                  f"{actions / files:.1f} actions per record; {actions / cpu:.0f} actions per CPU-second; "
                  + _load(),
    }


def bench_simulate(content, games: int = 6000, workers: int = 2) -> dict:
    t = tables_for(content.travel)
    run_games(t, 4, 200, frozenset(EXTENSIONS), 1, "greedy", None, 1)  # warm up
    start = time.perf_counter()
    summary = run_games(t, 4, games, frozenset(EXTENSIONS), 7, "greedy", None, workers)
    rate = summary.games / (time.perf_counter() - start)
    return {
        "name": f"travel simulate: 4-player greedy games per second on {workers} processes",
        "value": round(rate), "unit": "games/s", "target": SIMULATE_TARGET, "ok": rate >= SIMULATE_TARGET,
        "detail": f"{games} games, all extensions, mean {sum(summary.lengths) / games:.1f} turns; " + _load(),
    }


def run() -> list[dict]:
    content = load_content()
    return [bench_check(content), bench_simulate(content)]


if __name__ == "__main__":
    for row in run():
        print(row)
