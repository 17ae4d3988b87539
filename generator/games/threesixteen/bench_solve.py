"""Solver benchmark: seeded random deals, how many are decided exactly within the node budget, and how fast.

Deal i is `random.Random(i).shuffle` of 1..16 three times. "Decided" means a proven optimum (a win found,
or a proof that fewer tiles left is impossible); the rest are reported with their bounds. The budget is in
search nodes (solver.NODES, about 10 s on one unloaded core), so what is decided does not depend on the load;
the seconds do, and are reported next to the load average. Deals run on every core (one deal per process).

    python -m generator.games.threesixteen.bench_solve [deals] [nodes] [columns...]
"""
from __future__ import annotations

import os
import statistics
import sys
from collections import Counter
from multiprocessing import Pool

from .solver import NODES, deal, solve

# columns: (decided share, median nodes); 10,000 nodes are 0.1 s at the 100,000 nodes per second of solver.NODES
TARGETS = {5: (1.0, 10_000), 4: (0.95, None), 3: (0.75, None)}


def _solve_one(job: tuple[int, int, int]) -> dict:
    seed, columns, nodes = job
    result = solve(deal(seed), columns=columns, nodes=nodes, time_limit=None)
    return {"seed": seed, "min_tiles_left": result.min_tiles_left, "lower_bound": result.lower_bound,
            "proven": result.proven, "seconds": result.seconds, "nodes": result.nodes}


def run(deals: int = 200, columns: tuple[int, ...] = (5, 4, 3), nodes: int = NODES) -> list[dict]:
    """One summary per column count: decided share, proven optima, median time and nodes, unresolved deals."""
    summaries = []
    with Pool(os.cpu_count() or 1) as pool:
        for ncols in columns:
            load = os.getloadavg()[0]
            jobs = [(seed, ncols, nodes) for seed in range(deals)]
            results = sorted(pool.map(_solve_one, jobs, chunksize=1), key=lambda r: r["seed"])
            decided = [r for r in results if r["proven"]]
            seconds = [r["seconds"] for r in results]
            share, median = len(decided) / deals, statistics.median(seconds)
            median_nodes = statistics.median(r["nodes"] for r in results)
            want_share, want_median = TARGETS.get(ncols, (0.0, None))
            optima = Counter(r["min_tiles_left"] for r in decided)
            target = f">= {100 * want_share:g}%" + (f", median < {want_median:,} nodes (0.1 s)" if want_median else "")
            summaries.append({
                "name": f"solve, {ncols} columns: deals decided exactly within {nodes:,} nodes",
                "value": f"{100 * share:.1f}%",
                "unit": f"(median {median_nodes:,.0f} nodes, {median:.3f} s at load {load:.1f})",
                "target": target,
                "ok": share >= want_share and (want_median is None or median_nodes < want_median),
                "detail": f"{len(decided)}/{deals} decided; proven optima (tiles left: deals) "
                          + ", ".join(f"{k}: {optima[k]}" for k in sorted(optima))
                          + f"; max {max(seconds):.2f} s; unresolved (seed: bounds): "
                          + (", ".join(f"{r['seed']}: {r['lower_bound']}-{r['min_tiles_left']}"
                                       for r in results if not r["proven"]) or "none"),
                "columns": ncols,
                "deals": deals,
                "nodes": nodes,
                "load": load,
                "decided": len(decided),
                "decided_share": share,
                "proven_optima": {str(k): optima[k] for k in sorted(optima)},
                "median_seconds": median,
                "max_seconds": max(seconds),
                "median_nodes": median_nodes,
                "unresolved": [{k: r[k] for k in ("seed", "lower_bound", "min_tiles_left")}
                               for r in results if not r["proven"]],
            })
    return summaries


def main(argv: list[str]) -> None:
    deals = int(argv[0]) if argv else 200
    nodes = int(argv[1]) if len(argv) > 1 else NODES
    columns = tuple(int(a) for a in argv[2:]) or (5, 4, 3)
    for s in run(deals, columns, nodes):
        print(f"{s['columns']} columns: {s['decided']}/{s['deals']} decided ({100 * s['decided_share']:.1f}%); "
              f"proven optima {s['proven_optima']}; median {s['median_seconds']:.3f} s, "
              f"{s['median_nodes']:,.0f} nodes, max {s['max_seconds']:.2f} s (budget {s['nodes']:,} nodes, "
              f"load {s['load']:.1f})")
        for u in s["unresolved"]:
            print(f"    deal {u['seed']}: between {u['lower_bound']} and {u['min_tiles_left']} tiles left")


if __name__ == "__main__":
    main(sys.argv[1:])
