"""Solver benchmark: seeded random deals, how many are decided exactly within the time limit, and how fast.

Deal i is `random.Random(i).shuffle` of 1..16 three times. "Decided" means a proven optimum (a win found,
or a proof that fewer tiles left is impossible); the rest are reported with their bounds. Deals run on every
core (one deal per process), so each deal's time is its own.

    python -m generator.games.threesixteen.bench_solve [deals] [time_limit]
"""
from __future__ import annotations

import os
import statistics
import sys
from multiprocessing import Pool

from .solver import deal, solve


def _solve_one(job: tuple[int, int, float]) -> dict:
    seed, columns, time_limit = job
    result = solve(deal(seed), columns=columns, time_limit=time_limit)
    return {"seed": seed, "min_tiles_left": result.min_tiles_left, "lower_bound": result.lower_bound,
            "proven": result.proven, "seconds": result.seconds, "nodes": result.nodes}


def run(deals: int = 200, columns: tuple[int, ...] = (5, 4, 3), time_limit: float = 10) -> list[dict]:
    """One summary per column count: decided share, wins, median and slowest time, unresolved deals."""
    summaries = []
    with Pool(os.cpu_count() or 1) as pool:
        for ncols in columns:
            jobs = [(seed, ncols, time_limit) for seed in range(deals)]
            results = sorted(pool.map(_solve_one, jobs, chunksize=1), key=lambda r: r["seed"])
            decided = [r for r in results if r["proven"]]
            seconds = [r["seconds"] for r in results]
            share, median = len(decided) / deals, statistics.median(seconds)
            targeted = ncols == 5  # the target is for 5 columns; 3 and 4 are reported
            summaries.append({
                "name": f"solve, {ncols} columns: deals decided exactly within {time_limit:g} s",
                "value": f"{100 * share:.1f}%", "unit": f"(median {median:.3f} s)",
                "target": ">= 95%, median < 0.2 s" if targeted else "report",
                "ok": (share >= 0.95 and median < 0.2) if targeted else True,
                "detail": f"{len(decided)}/{deals} decided, max {max(seconds):.2f} s, unresolved (seed: bounds): "
                          + (", ".join(f"{r['seed']}: {r['lower_bound']}-{r['min_tiles_left']}"
                                       for r in results if not r["proven"]) or "none"),
                "columns": ncols,
                "deals": deals,
                "time_limit": time_limit,
                "decided": len(decided),
                "decided_share": len(decided) / deals,
                "wins": sum(1 for r in decided if r["min_tiles_left"] == 0),
                "median_seconds": statistics.median(seconds),
                "max_seconds": max(seconds),
                "median_seconds_decided": statistics.median(r["seconds"] for r in decided) if decided else None,
                "unresolved": [{k: r[k] for k in ("seed", "lower_bound", "min_tiles_left")}
                               for r in results if not r["proven"]],
            })
    return summaries


def main(argv: list[str]) -> None:
    deals = int(argv[0]) if argv else 200
    time_limit = float(argv[1]) if len(argv) > 1 else 10
    for s in run(deals, time_limit=time_limit):
        print(f"{s['columns']} columns: {s['decided']}/{s['deals']} decided ({100 * s['decided_share']:.1f}%), "
              f"{s['wins']} wins; median {s['median_seconds']:.3f} s, max {s['max_seconds']:.2f} s "
              f"(limit {s['time_limit']:g} s)")
        for u in s["unresolved"]:
            print(f"    deal {u['seed']}: between {u['lower_bound']} and {u['min_tiles_left']} tiles left")


if __name__ == "__main__":
    main(sys.argv[1:])
