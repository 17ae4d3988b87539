"""Benchmarks for `make bench`: travel check throughput and simulation throughput.

- check: actions per second replayed by `check_file` from record files (reading, YAML, notation parsing, the
  replay and the report included; reported: a person checks one record, whose start-up generator/bench_startup.py
  measures). An action is one action of a turn (draw, recycle, trade, steal, travel,
  get rid of a forbidden item, a special item played as an action); refused offers, drawn cards and event
  parts are not counted. The records are 4-player games with every extension, written by the greedy simulator.
- simulate: 4-player games per second with the greedy bot and every extension, on 2 worker processes; the
  same for the strong bot (both reported, no target).
- strong vs greedy: 1 strong and 3 greedy bots per table, the strong bot in each turn position in turn, every
  extension and the base game: the strong bot's share of the wins (fair share 25%, target 40%).
- balance: the time `run_balance` takes for 10,000 four-player games with the strong bot (reported).
"""
from __future__ import annotations

import os
import time

from ... import files
from ...bench import Row
from ...content.load import Content, load_content
from .balance import run_balance
from .cards import EXTENSIONS, Tables, tables_for
from .check import check_file
from .model import travel_game
from .simulate import simulate_one
from .stats import Batch, DaskCluster, Executor, LocalProcesses, run_batches, run_games
from .writer import Recorder


def travel_tables(content: Content) -> Tables:
    return tables_for(travel_game(content))

STRONG_SHARE_TARGET = 0.40


def _load() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"load average {load:.1f} on {os.cpu_count()} CPUs"


def bench_check(content: Content, records: int = 200, seconds: float = 3.0) -> Row:
    t = travel_tables(content)
    everything = frozenset(EXTENSIONS)
    with files.scratch() as tmp:
        paths = []
        for seed in range(records):
            text = simulate_one(t, 4, everything, 10_000 + seed, "greedy", Recorder)[1]
            assert text is not None  # a Recorder writes the record
            path = tmp / f"game-{seed:04d}.yaml"
            tmp.write(path, text.encode("utf-8"))
            paths.append(path)
        actions_per_file = []
        for path in paths:  # warm up, and make sure every record is valid
            report = check_file(str(path), content, "en")
            if not report.ok:
                raise RuntimeError(f"benchmark record {path.name} does not pass the check")
            actions_per_file.append(report.outcome.actions)
        actions = checked = 0
        cpu = time.process_time()
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for path, count in zip(paths, actions_per_file):
                check_file(str(path), content, "en")
                actions += count
                checked += 1
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
    rate = actions / elapsed
    return {
        "name": "travel check: actions replayed per second (parsing included)",
        "value": round(rate), "unit": "actions/s", "ok": True,
        "detail": f"{checked} checks of {records} greedy 4-player records (all extensions); "
                  f"{actions / checked:.1f} actions per record; {actions / cpu:.0f} actions per CPU-second; "
                  + _load(),
    }


def _cpu_seconds() -> float:
    """CPU time of this process and of the worker processes it has waited for (on a shared machine the wall
    clock says more about the neighbours than about the code)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _simulate_rate(content: Content, bot: str, games: int, workers: int) -> tuple[float, float, float]:
    """(games per second, games per CPU-second, mean turns) of 4-player games with every extension."""
    t = travel_tables(content)
    cpu = _cpu_seconds()
    start = time.perf_counter()
    summary = run_games(t, 4, games, frozenset(EXTENSIONS), 7, bot, None, workers)
    rate = summary.games / (time.perf_counter() - start)
    per_cpu = summary.games / max(1e-9, _cpu_seconds() - cpu)
    return rate, per_cpu, sum(summary.lengths) / games


def bench_simulate(content: Content, games: int = 6000, workers: int = 2) -> Row:
    run_games(travel_tables(content), 4, 200, frozenset(EXTENSIONS), 1, "greedy", None, 1)  # warm up
    rate, per_cpu, turns = _simulate_rate(content, "greedy", games, workers)
    return {
        "name": f"travel simulate: 4-player greedy games per second on {workers} processes",
        "value": round(rate), "unit": "games/s", "ok": True,
        "detail": f"{games} games, all extensions, mean {turns:.1f} turns; {per_cpu:.0f} games per CPU-second; "
                  + _load(),
    }


def bench_strong(content: Content, games: int = 1000, workers: int = 2) -> Row:
    rate, per_cpu, turns = _simulate_rate(content, "strong", games, workers)
    return {
        "name": f"travel simulate: 4-player strong games per second on {workers} processes",
        "value": round(rate), "unit": "games/s", "ok": True,
        "detail": f"{games} games, all extensions, mean {turns:.1f} turns; {per_cpu:.0f} games per CPU-second; "
                  + _load(),
    }


def strong_share(t: Tables, players: int, extensions: frozenset[str], games: int, workers: int = 2) -> tuple[int, int]:
    """(wins of the strong bot, games) with 1 strong and `players - 1` greedy bots per table, the strong bot
    playing first, second, ... in turn (games / players each)."""
    lineups = [tuple("strong" if k == seat else "greedy" for k in range(players)) for seat in range(players)]
    batches = [Batch(0, players, extensions, 11, lineup) for lineup in lineups]
    summaries = run_batches([t], batches, games // players, workers)
    wins = sum(summary.wins_by_seat[seat] for seat, summary in enumerate(summaries))
    return wins, sum(summary.games for summary in summaries)


def bench_strong_vs_greedy(content: Content, games: int = 2000, workers: int = 2) -> list[Row]:
    t = travel_tables(content)
    rows = []
    for label, extensions in (("all extensions", frozenset(EXTENSIONS)), ("base game", frozenset())):
        wins, played = strong_share(t, 4, extensions, games, workers)
        share = wins / played
        rows.append({
            "name": f"travel strong vs greedy: the strong bot's share of wins, 1 strong + 3 greedy, {label}",
            "value": round(100 * share, 1), "unit": "%", "target": 100 * STRONG_SHARE_TARGET,
            "ok": share >= STRONG_SHARE_TARGET,
            "detail": f"{wins} of {played} games, the strong bot in each turn position equally often "
                      f"(fair share 25%); " + _load(),
        })
    return rows


def bench_balance(content: Content, games: int = 10_000, workers: int = 2) -> Row:
    start = time.perf_counter()
    run_balance(travel_game(content), [4], [frozenset(EXTENSIONS)], games, 3, "strong", workers=workers)
    seconds = time.perf_counter() - start
    return {
        "name": f"travel balance: seconds for {games} four-player strong games on {workers} processes",
        "value": round(seconds, 1), "unit": "s", "ok": True,
        "detail": f"all extensions, with every estimate and flag; {games / seconds:.0f} games/s; " + _load(),
    }


def _games_per_second(t: Tables, executor: Executor, games: int) -> float:
    """4-player greedy games with every extension per second of wall time, played by `executor`."""
    start = time.perf_counter()
    run_batches([t], [Batch(0, 4, frozenset(EXTENSIONS), 5, "greedy")], games, 2, executor=executor)
    return games / (time.perf_counter() - start)


def bench_cluster(content: Content, games: int = 3000) -> Row:
    """Games per second on 1 and 2 local processes and on a local Dask cluster of 2 single-threaded worker
    processes (`pnp travel balance --cluster`): what a designer can expect of a cluster, per worker, against
    local processes (the cluster pays for moving each job and its summary over the network)."""
    from distributed import LocalCluster

    t = travel_tables(content)
    one = _games_per_second(t, LocalProcesses(1), games)
    two = _games_per_second(t, LocalProcesses(2), games)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                      dashboard_address=None) as cluster:
        _games_per_second(t, DaskCluster(cluster.scheduler_address), 200)  # the workers' first imports, untimed
        dask = _games_per_second(t, DaskCluster(cluster.scheduler_address), games)
    return {
        "name": "travel balance --cluster: 4-player greedy games per second, local cluster of 2 workers",
        "value": round(dask), "unit": "games/s", "ok": True,
        "detail": f"{games} games each: {one:.0f}/s on 1 local process, {two:.0f}/s on 2, {dask:.0f}/s on the "
                  f"cluster ({dask / two:.2f}x two local processes); " + _load(),
    }


def run() -> list[Row]:
    content = load_content()
    return [bench_check(content), bench_simulate(content), bench_strong(content),
            *bench_strong_vs_greedy(content), bench_balance(content), bench_cluster(content)]


if __name__ == "__main__":
    for row in run():
        print(row)


def size_records() -> list[tuple[str, str, list[str]]]:
    """Records for the size benchmark (generator/bench_sizes.py), which repeats their turn lines (all are read,
    then the replay stops at the first turn after the game ended): once as the simulator writes it (the quick
    reader's shape) and once with a comment on top, as a person may write it (read through libyaml's events)."""
    text = simulate_one(travel_tables(load_content()), 4, frozenset(EXTENSIONS), 10_001, "greedy", Recorder)[1]
    assert text is not None  # a Recorder writes the record
    head, _, turns = text.partition("\nturns:\n")
    head += "\nturns:\n"
    lines = turns.splitlines(keepends=True)
    return [("travel", head, lines), ("travel (written by hand)", "# our game\n" + head, lines)]
