"""`make bench`: every speed target, measured side by side in one run, printed as a table.

The build, the renderer and each game (its spec's `benchmarks`) have a `run() -> list[dict]` benchmark; each dict
has at least `name`, `value`, `unit`, `target` and `ok`. Speed targets live here, never in timed unit tests, and
they are what a person feels (start-up, a build); throughput figures are reported with no target.
"""
from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path

from . import files
from .games import registry

#: one measured figure: `name`, `value`, `unit`, `target`, `ok` (whether the target is met), `detail`; JSON-ready
Row = dict[str, object]

#: the shared benchmarks, by label; each game's come between them and the size benchmark
SHARED = (("start-up", "generator.bench_startup"), ("build", "generator.builder.bench"),
          ("text fit", "generator.render.core.bench_textfit"), ("studio", "generator.studio.bench"))
LAST = (("sizes", "generator.bench_sizes"),)


def benchmarks() -> list[tuple[str, str]]:
    """(label, module or `module:function`) of every benchmark, in the order they run: installed games' too."""
    games = [bench for name in registry.known() for bench in registry.spec(name).benchmarks]
    return [*SHARED, *games, *LAST]


def main(argv: list[str]) -> int:
    wanted = set(argv)
    results: list[Row] = []
    print(f"pnp from {Path(__file__).parent}", flush=True)
    for label, module in benchmarks():
        if wanted and label.split()[0] not in wanted and label not in wanted:
            continue
        print(f"== {label}", flush=True)
        module_name, _, function = module.partition(":")
        for row in getattr(import_module(module_name), function or "run")():
            results.append({"suite": label, **row})
            mark = "ok " if row.get("ok") else "MISS"
            print(f"  [{mark}] {row['name']}: {row['value']} {row.get('unit', '')} (target {row.get('target', '-')})",
                  flush=True)
            if row.get("detail"):
                print(f"         {row['detail']}", flush=True)
    files.output("output").write("bench.json", json.dumps(results, indent=2, ensure_ascii=False).encode("utf-8"))
    missed = [r for r in results if not r.get("ok")]
    print(f"{len(results) - len(missed)} of {len(results)} targets met; details in output/bench.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
