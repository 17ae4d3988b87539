"""Benchmarks of 3x16 for `make bench`: the checker's replay speed and the solver's decided share.

Check: how many tile moves per second `pnp check threesixteen` replays from record files (reported, no target: a
person checks one record, whose start-up generator/bench_startup.py measures).

A tile move is one placement or one move from a column onto a row. The clock covers everything `check_file`
does for a valid record except the hindsight solver: reading the file, composing the YAML, parsing the tokens,
replaying every call for every player, and the results. The records are 4-player games (two strong and two
naive online players on each deal) written by the simulator into a temporary folder.

Solve: seeded random deals, how many are decided exactly within the node budget, and how fast.

Deal i is `random.Random(i).shuffle` of 1..16 three times. "Decided" means a proven optimum (a win found,
or a proof that fewer tiles left is impossible); the rest are reported with their bounds. The budget is in
search nodes (solver.NODES, about 10 s on one unloaded core), so what is decided does not depend on the load;
the seconds do, and are reported next to the load average: wall seconds, and the CPU seconds of the process
(on a machine shared with other work the wall clock also counts the others' turns, the CPU clock does not).
Deals run on every core (one deal per process). A deal left open spends the whole budget, and a proven loss
most of it, so the 3-column run takes the longest (most 3-column deals are decided, the losses among them by
proofs that take 3-10 s of the budget; all three column counts took 1,035 s on two cores at load 1-2, 719 s of
it at 3 columns).

Play: every online strategy on the same seeded deals (caller.deal, the solver's deals), at each column count:
wins, the mean tiles left with its 95% interval (Student's t, generator/stats.py), CPU milliseconds per game,
and each pair deal by deal. Games run on every core in chunks of deals; what is won does not depend on the load,
the milliseconds do.

    python -m generator.games.threesixteen.bench [deals] [nodes] [columns...]
    python -m generator.games.threesixteen.bench play [deals] [columns...]
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

from ... import files
from ...bench import Row
from ...content.load import load_content
from ...errors import InputError
from ...stats import mean
from .caller import deal
from .check import check_file
from .model import threesixteen_game
from .rules import Rules
from .notation import notation_for
from .record_text import record_text
from .simulate import Game, head_to_head, play, simulate
from .solver import NODES, solve
from .solver import deal as solver_deal
from .strategies import STRATEGIES, Naive, Strong

LONG_LINE_SECONDS = 5.0     # a 10 MB record with one long token line: read in linear time, refused with a position
PLAYERS = ("Mina", "Joon", "Sora", "Hana")


def _write_records(folder: files.Root, deals: int, rules: Rules) -> list[tuple[Path, int]]:
    """Record files and the tile moves in each."""
    notation = notation_for(rules.letters)
    strategies = (Strong(rules), Naive(rules))
    out = []
    for seed in range(deals):
        calls = deal(seed, rules)
        played = [play(strategy, rules, calls, notation)[0] for strategy in strategies]
        tokens = {name: played[i % 2] for i, name in enumerate(PLAYERS)}
        path = folder / f"game-{seed:03d}.yaml"
        folder.write(path, record_text(list(PLAYERS), calls, tokens, rules.columns).encode("utf-8"))
        moves = sum(len(t) + sum(len(token.partition(">")[2]) for token in t) for t in tokens.values())
        out.append((path, moves))
    return out


def run_check(deals: int = 40, seconds: float = 2.0) -> list[Row]:
    content = load_content()
    rules = Rules.from_game(threesixteen_game(content.games["threesixteen"]))
    with files.scratch() as tmp:
        records = _write_records(tmp, deals, rules)
        for path, _ in records:  # warm up: caches, imports, the language file
            if not check_file(path, content, "en", nodes=0).ok:
                raise RuntimeError(f"benchmark record {path.name} does not pass the check")
        moves = checked = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for path, count in records:
                check_file(path, content, "en", nodes=0)
                moves += count
                checked += 1
        elapsed = time.perf_counter() - start
        long_line = tmp / "long-line.yaml"
        tmp.write(long_line, ("players: [A]\ncalls: 1 2\nmoves:\n  A: R " + " ".join(["A>B"] * 2_500_000)
                              + "\n").encode("utf-8"))
        start = time.perf_counter()
        try:
            check_file(long_line, content, "en", nodes=0)
        except InputError:
            pass
        long_seconds = time.perf_counter() - start
    rate = moves / elapsed
    return [{
        "name": "check: a 10 MB record with one long token line",
        "value": round(long_seconds, 2),
        "unit": "s",
        "target": f"< {LONG_LINE_SECONDS:g}",
        "ok": long_seconds < LONG_LINE_SECONDS,
        "detail": "2,500,001 tokens for 2 calls; the message needs one position, found in one pass",
    }, {
        "name": "check: tile moves replayed per second (parsing included)",
        "value": round(rate),
        "unit": "tile moves/s",
        "ok": True,
        "detail": f"{checked} checks of {len(records)} 4-player records, {checked / elapsed:.0f} records/s, "
                  f"{moves / checked:.0f} tile moves per record, without the hindsight solver",
    }]

# solve targets per columns: (decided share, median nodes); 10,000 nodes are 0.1 s at the 100,000 nodes per
# second of solver.NODES
TARGETS = {5: (1.0, 10_000), 4: (0.95, None), 3: (0.75, None)}


class Solved(NamedTuple):
    """One deal solved: its bounds, and what the search spent."""

    seed: int
    min_tiles_left: int
    lower_bound: int
    proven: bool
    seconds: float
    cpu_seconds: float
    nodes: int


def _solve_one(job: tuple[int, int, int]) -> Solved:
    seed, columns, nodes = job
    cpu = time.process_time()
    result = solve(solver_deal(seed), columns=columns, nodes=nodes, time_limit=None)
    return Solved(seed, result.min_tiles_left, result.lower_bound, result.proven, result.seconds,
                  time.process_time() - cpu, result.nodes)


@dataclass(frozen=True, slots=True)
class SolveSummary:
    """The deals of one column count: how many were decided, and how fast."""

    columns: int
    deals: int
    nodes: int
    load: float
    wall_seconds: float
    results: list[Solved]

    @property
    def decided(self) -> list[Solved]:
        return [r for r in self.results if r.proven]

    @property
    def unresolved(self) -> list[Solved]:
        return [r for r in self.results if not r.proven]

    @property
    def decided_share(self) -> float:
        return len(self.decided) / self.deals

    @property
    def target(self) -> tuple[float, int | None]:
        """The decided share wanted, and the median nodes wanted (None: no target)."""
        return TARGETS.get(self.columns, (0.0, None))

    @property
    def ok(self) -> bool:
        want_share, want_median = self.target
        return self.decided_share >= want_share and (want_median is None or self.median_nodes < want_median)

    @property
    def median_seconds(self) -> float:
        return statistics.median(r.seconds for r in self.results)

    @property
    def median_cpu_seconds(self) -> float:
        return statistics.median(r.cpu_seconds for r in self.results)

    @property
    def median_nodes(self) -> float:
        return statistics.median(r.nodes for r in self.results)

    @property
    def max_seconds(self) -> float:
        return max(r.seconds for r in self.results)

    @property
    def optima(self) -> Counter[int]:
        """Proven optima: deals by tiles left."""
        return Counter(r.min_tiles_left for r in self.decided)

    def target_text(self) -> str:
        want_share, want_median = self.target
        return f">= {100 * want_share:g}%" + (f", median < {want_median:,} nodes (0.1 s)" if want_median else "")

    def row(self) -> Row:
        optima = self.optima
        return {
            "name": f"solve, {self.columns} columns: deals decided exactly within {self.nodes:,} nodes",
            "value": f"{100 * self.decided_share:.1f}%",
            "unit": f"(median {self.median_nodes:,.0f} nodes, {self.median_seconds:.3f} s wall, "
                    f"{self.median_cpu_seconds:.3f} s CPU at load {self.load:.1f})",
            "target": self.target_text(),
            "ok": self.ok,
            "detail": f"{len(self.decided)}/{self.deals} decided; proven optima (tiles left: deals) "
                      + ", ".join(f"{k}: {optima[k]}" for k in sorted(optima))
                      + f"; max {self.max_seconds:.2f} s; {self.wall_seconds:.0f} s in all on {os.cpu_count() or 1} "
                        "cores; unresolved (seed: bounds): "
                      + (", ".join(f"{r.seed}: {r.lower_bound}-{r.min_tiles_left}" for r in self.unresolved)
                         or "none"),
            "columns": self.columns,
            "deals": self.deals,
            "nodes": self.nodes,
            "load": self.load,
            "decided": len(self.decided),
            "decided_share": self.decided_share,
            "proven_optima": {str(k): optima[k] for k in sorted(optima)},
            "median_seconds": self.median_seconds,
            "median_cpu_seconds": self.median_cpu_seconds,
            "max_seconds": self.max_seconds,
            "median_nodes": self.median_nodes,
            "wall_seconds": self.wall_seconds,
            "target_share": self.target[0],
            "unresolved": [{"seed": r.seed, "lower_bound": r.lower_bound, "min_tiles_left": r.min_tiles_left}
                           for r in self.unresolved],
        }


def solve_summaries(deals: int = 200, columns: tuple[int, ...] = (5, 4, 3), nodes: int = NODES
                    ) -> list[SolveSummary]:
    """One summary per column count, every deal solved in its own process."""
    summaries = []
    with Pool(os.cpu_count() or 1) as pool:
        for ncols in columns:
            load = os.getloadavg()[0]
            jobs = [(seed, ncols, nodes) for seed in range(deals)]
            started = time.perf_counter()
            results = sorted(pool.map(_solve_one, jobs, chunksize=1), key=lambda r: r.seed)
            wall = time.perf_counter() - started
            summaries.append(SolveSummary(ncols, deals, nodes, load, wall, results))
    return summaries


def run_solve(deals: int = 200, columns: tuple[int, ...] = (5, 4, 3), nodes: int = NODES) -> list[Row]:
    """One summary per column count: decided share, proven optima, median time and nodes, unresolved deals."""
    return [summary.row() for summary in solve_summaries(deals, columns, nodes)]


PLAY_DEALS = ((5, 1000), (4, 200), (3, 200))  # (columns, deals): the 1,000 deals at 5 columns
PLAY_TARGET = ("solving", 5, 0.60)            # the target: an online strategy that wins 60% at 5 columns
PLAY_CHUNK = 50                               # deals per process job


def _play_chunk(job: tuple[str, int, int, int]) -> tuple[list[Game], float]:
    name, columns, first, count = job
    started = time.process_time()
    games = simulate(name, count, Rules(columns=columns), first)
    return games, time.process_time() - started


def run_play(deals: tuple[tuple[int, int], ...] = PLAY_DEALS, names: tuple[str, ...] = tuple(STRATEGIES)) -> list[Row]:
    """One row per column count and strategy, every strategy on deals 0..n-1."""
    rows = []
    with Pool(os.cpu_count() or 1) as pool:
        for columns, count in deals:
            load = os.getloadavg()[0]
            played, cpu = {}, {}
            for name in names:
                jobs = [(name, columns, first, min(PLAY_CHUNK, count - first)) for first in range(0, count, PLAY_CHUNK)]
                parts = pool.map(_play_chunk, jobs, chunksize=1)
                played[name] = [game for games, _ in parts for game in games]
                cpu[name] = sum(seconds for _, seconds in parts) / count
            for name in names:
                games = played[name]
                wins = sum(g.finished for g in games)
                centre, low, high = mean([g.tiles_left for g in games])
                target = PLAY_TARGET[2] if PLAY_TARGET[:2] == (name, columns) else None
                duels = {other: head_to_head(games, played[other]) for other in names if other != name}
                rows.append({
                    "name": f"play, {columns} columns, {name}: deals won (seeds 0-{count - 1})",
                    "value": f"{100 * wins / count:.1f}%",
                    "unit": f"(mean tiles left {centre:.2f}, 95% {low:.2f}-{high:.2f}; {1000 * cpu[name]:.1f} CPU ms "
                            f"per game at load {load:.1f})",
                    "target": f">= {100 * target:g}%" if target is not None else "-",
                    "ok": target is None or wins / count >= target,
                    "detail": f"{wins}/{count} won; same deals, fewer/as many/more tiles left than "
                              + ", ".join(f"{other} {d.fewer}/{d.equal}/{d.more}" for other, d in duels.items()),
                    "strategy": name, "columns": columns, "deals": count, "wins": wins,
                    "mean_tiles_left": centre, "mean_interval": [low, high],
                    "cpu_ms_per_game": 1000 * cpu[name], "load": load,
                    "head_to_head": {other: d._asdict() for other, d in duels.items()},
                })
    return rows


def main(argv: list[str]) -> None:
    if argv[:1] == ["play"]:
        deals = int(argv[1]) if len(argv) > 1 else None
        columns = tuple(int(a) for a in argv[2:]) or tuple(c for c, _ in PLAY_DEALS)
        plan = tuple((c, deals or dict(PLAY_DEALS).get(c, 200)) for c in columns)
        for row in run_play(plan):
            print(f"{row['name']}: {row['value']} {row['unit']}\n    {row['detail']}")
        return
    deals = int(argv[0]) if argv else 200
    nodes = int(argv[1]) if len(argv) > 1 else NODES
    columns = tuple(int(a) for a in argv[2:]) or (5, 4, 3)
    for s in solve_summaries(deals, columns, nodes):
        optima = {str(k): s.optima[k] for k in sorted(s.optima)}
        print(f"{s.columns} columns: {len(s.decided)}/{s.deals} decided ({100 * s.decided_share:.1f}%); "
              f"proven optima {optima}; median {s.median_seconds:.3f} s wall, "
              f"{s.median_cpu_seconds:.3f} s CPU, "
              f"{s.median_nodes:,.0f} nodes, max {s.max_seconds:.2f} s (budget {s.nodes:,} nodes, "
              f"load {s.load:.1f}; {s.wall_seconds:.0f} s in all); target {s.target_text()}: "
              f"{'met' if s.ok else 'MISSED'}")
        for u in s.unresolved:
            print(f"    deal {u.seed}: between {u.lower_bound} and {u.min_tiles_left} tiles left")


if __name__ == "__main__":
    main(sys.argv[1:])


def size_records() -> list[tuple[str, str, list[str]]]:
    """A one-player record, for the size benchmark (generator/bench_sizes.py), which grows its tokens past the
    calls: as one text (read whole, then refused at the first token too many) and as a YAML list (refused at the
    first of more than yamlsrc.MAX_VALUES values, before libyaml composes the file)."""
    rules = Rules.from_game(threesixteen_game(load_content().games["threesixteen"]))
    calls = deal(7, rules)
    tokens = play(Strong(rules), rules, calls, notation_for(rules.letters))[0]
    head = f"game: threesixteen\nplayers: [Mina]\ncalls: {' '.join(map(str, calls))}\nmoves:\n  Mina:"
    return [("3x16", head + " >-\n    ", [token + " " for token in tokens]),
            ("3x16 (tokens as a list)", head + "\n", [f"    - {token}\n" for token in tokens])]
